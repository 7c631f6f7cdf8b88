// The cheap, schema-free half of the Sanctuary entity (sanctuary.ts builds on it and re-exports it): telling a
// listing's document from the others in the local replica and turning it into what screens read. The web app's
// directory, on every page, imports this alone: building sanctuary.ts's schemas was the largest part of evaluating a
// listing page's modules (~16 ms of script on a desktop CPU before the app could start, four times that on a phone).
// Generic over the document's fields, so this module needs nothing from sanctuary.ts.

export const SANCTUARY_DOC_TYPE = 'sanctuary';

/** What a stored listing carries besides its fields (SanctuaryDoc in sanctuary.ts adds them). */
export interface SanctuaryDocBase {
  _id: string;
  _rev?: string;
  type: typeof SANCTUARY_DOC_TYPE;
  schemaVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The approved application this listing was made from (absent for seeded listings). */
  submissionId?: string;
}

/**
 * A cheap check of the document's kind, for telling sanctuaries from other documents in the local replica.
 * Content is validated with parseSanctuaryDoc where documents are written or received (gateway, seeding).
 */
export function isSanctuaryDoc<D extends SanctuaryDocBase = SanctuaryDocBase>(doc: unknown): doc is D {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === SANCTUARY_DOC_TYPE;
}

/** The listing as screens and the API read it: its fields and its id, without the storage bookkeeping. */
export function toSanctuary<D extends SanctuaryDocBase>(doc: D): Omit<D, '_id' | '_rev' | 'type' | 'schemaVersion' | 'createdAt' | 'updatedAt'> & { id: string } {
  const { _id, _rev: _ignoredRev, type: _t, schemaVersion: _v, createdAt: _c, updatedAt: _u, ...fields } = doc;
  return { id: _id, ...fields };
}
