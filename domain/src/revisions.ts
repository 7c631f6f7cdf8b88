// Revision metadata a client sends with a document (`_rev`, and with new_edits=false the `_revisions` history),
// checked completely before any store sees it. A malformed history is not a harmless oddity: the embedded store
// keeps a history with no ids as a winning revision without a body and then dies on every read of that database
// (issue 19). No zod here: the store process and the gateway's hot path both use it.

/** PouchDB and CouchDB both name revisions `<generation>-<32 hex digits>` (an MD5 or a random UUID). */
export const REV_ID_PATTERN = /^[0-9a-f]{32}$/;
/** The longest history either store keeps (CouchDB's and PouchDB's default `revs_limit`). */
export const MAX_REVISION_HISTORY = 1000;
/** Far beyond any generation a real document reaches, and well inside a safe integer. */
export const MAX_REV_GENERATION = 1_000_000_000;

export type RevisionCheck = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): RevisionCheck => ({ ok: false, reason });

/** `<generation>-<id>` split and checked, or null. */
export function parseRev(rev: unknown): { generation: number; id: string } | null {
  if (typeof rev !== 'string') return null;
  const dash = rev.indexOf('-');
  if (dash <= 0) return null;
  const digits = rev.slice(0, dash);
  const id = rev.slice(dash + 1);
  if (!/^[1-9][0-9]{0,9}$/.test(digits) || !REV_ID_PATTERN.test(id)) return null;
  const generation = Number(digits);
  return generation <= MAX_REV_GENERATION ? { generation, id } : null;
}

/**
 * Whether a pushed document's revision metadata is well formed and consistent.
 * - `_rev`, when present, is `<generation>-<32 hex>`.
 * - With new_edits=false (replication) both `_rev` and `_revisions` are required; `_revisions` is exactly
 *   `{ start, ids }` with `start` the generation of `_rev`, `ids` a non-empty list of distinct 32-hex ids, no longer
 *   than `start` or the stores' history limit, whose first id is `_rev`'s.
 * - With new edits the store makes the next revision itself, so a `_revisions` history is refused.
 */
export function checkRevisionMeta(doc: Record<string, unknown>, { newEdits }: { newEdits: boolean }): RevisionCheck {
  const hasRev = Object.hasOwn(doc, '_rev');
  const rev = hasRev ? parseRev(doc._rev) : null;
  if (hasRev && !rev) return refuse('_rev must look like "<generation>-<32 hex digits>".');
  const hasHistory = Object.hasOwn(doc, '_revisions');
  if (newEdits) return hasHistory ? refuse('_revisions is only sent when replicating (new_edits=false).') : { ok: true };

  if (!rev) return refuse('A replicated document needs its _rev.');
  if (!hasHistory) return refuse('A replicated document needs its _revisions history.');
  const history = doc._revisions;
  if (typeof history !== 'object' || history === null || Array.isArray(history)) return refuse('_revisions must be {"start", "ids"}.');
  const keys = Object.keys(history);
  if (keys.length !== 2 || !keys.includes('start') || !keys.includes('ids')) return refuse('_revisions must be exactly {"start", "ids"}.');
  const { start, ids } = history as { start: unknown; ids: unknown };
  if (start !== rev.generation) return refuse('_revisions.start must be the generation of _rev.');
  if (!Array.isArray(ids) || ids.length === 0) return refuse('_revisions.ids must list at least the current revision.');
  if (ids.length > start || ids.length > MAX_REVISION_HISTORY) return refuse('_revisions.ids is longer than the revision history can be.');
  if (!ids.every((id) => typeof id === 'string' && REV_ID_PATTERN.test(id))) return refuse('Every _revisions id must be 32 hex digits.');
  if (ids[0] !== rev.id) return refuse('_revisions.ids must start with the id of _rev.');
  if (new Set(ids).size !== ids.length) return refuse('_revisions.ids must not repeat an id.');
  return { ok: true };
}

/** Every `<generation>-<id>` a (well-formed) `_revisions` history names. */
export function revisionsIn(history: { start: number; ids: readonly string[] } | undefined): string[] {
  return history ? history.ids.map((id, i) => `${history.start - i}-${id}`) : [];
}
