// The zod-free half of the Sanctuary entity: document constants, the type guard and the helpers screens need.
// Kept apart from sanctuary.ts (the schemas) so the web app's first paint does not download and run zod.
import type { Sanctuary, SanctuaryDoc } from './sanctuary.ts';

export const SANCTUARY_DOC_TYPE = 'sanctuary';
export const SANCTUARY_SCHEMA_VERSION = 1;

/**
 * A cheap check of the document's kind, for telling sanctuaries from other documents in the local replica.
 * Content is validated with parseSanctuaryDoc where documents are written or received (gateway, seeding).
 */
export function isSanctuaryDoc(doc: unknown): doc is SanctuaryDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === SANCTUARY_DOC_TYPE;
}

export function toSanctuary(doc: SanctuaryDoc): Sanctuary {
  const { _id, _rev: _ignoredRev, type: _t, schemaVersion: _v, createdAt: _c, updatedAt: _u, ...fields } = doc;
  return { id: _id, ...fields };
}

/** A stable, URL-safe id made from a name and place, e.g. "farm-sanctuary-watkins-glen-ny". */
export function sanctuaryId(name: string, city: string, state: string): string {
  return [name, city, state]
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
