// The gateway's fixed limits on what one user may store and send, and the names of its cookies: configuration in
// one module that routes and middleware read, importing nothing of the gateway's, so no module cycle goes through it
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

/** The session cookie (HttpOnly): its value is the session's token. */
export const SESSION_COOKIE = 'ss_session';
/**
 * A script-readable companion of the session cookie, holding nothing but "1": it tells the web app whether asking
 * GET /api/auth/user is worth a request (a signed-out visitor would only get a 401 logged in the console). Never
 * trusted here; the session cookie alone signs anyone in.
 */
export const SIGNED_IN_HINT_COOKIE = 'ss_signed_in';
