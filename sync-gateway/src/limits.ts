// The gateway's fixed limits on what one user may store and send, in one module that routes and middleware read
// (the per-minute rate limits are settings: write-limits.ts; body limits by route: body-limits.ts).

/** Room for one review command with five 5 MB photos in base64 (about 35 MB) and a little more. */
export const MAX_USER_DB_BODY_BYTES = 40 * 1024 * 1024;
/** Replication checkpoints are a few hundred bytes; this is generous. */
export const MAX_LOCAL_DOC_BYTES = 64 * 1024;
/**
 * Documents in one /db/me `_bulk_docs`. The web app pushes one at a time; PouchDB's default batch is 100. A
 * request over this is refused whole, before anything is checked or written.
 */
export const MAX_DOCS_PER_REQUEST = 100;
/** `_local` checkpoints kept per user database (two per device); the oldest go first (couchdb/src/user-db.ts). */
export const MAX_CHECKPOINTS_PER_USER = 32;
/**
 * What one user's database may hold: documents (deleted ones count, they take room too) and bytes on disk. A
 * user has at most one favourite per listing and writes commands by hand; these are far beyond that, and they
 * keep one account from filling the store.
 */
export const MAX_USER_DB_DOCS = 20_000;
export const MAX_USER_DB_BYTES = 512 * 1024 * 1024;
