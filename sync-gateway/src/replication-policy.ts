// Which requests the replication proxies let through to the store. Everything is refused unless a rule below
// allows it: filters, design documents, database creation and deletion never reach it. (Design documents are
// also taken out of the listings the store answers, _all_docs and _changes: design-docs.ts.) The public databases
// (/db/sanctuaries, /db/reviews) are read-only; /db/me, the signed-in user's own database, also takes the writes
// PouchDB push replication makes, each of which the gateway checks before forwarding (routes/me.ts).
import { nestsDeeperThan } from '@ss/domain/user-db';
import { isDesignId } from './design-docs.ts';

export type Denied = { allow: false; status: 400 | 403 | 404; reason: string };
export type Verdict = { allow: true } | Denied;

/** How /db/me handles an allowed request: stream it through, or check the documents in it first. */
export type UserDbAction = 'forward' | 'bulk_docs' | 'put_doc' | 'put_local';
export type UserDbVerdict = { allow: true; action: UserDbAction; docId?: string } | Denied;

type Mode = 'read-only' | 'user';

const forbid = (reason: string): Denied => ({ allow: false, status: 403, reason });
const allow = (action: UserDbAction, docId?: string) => ({ allow: true as const, action, ...(docId !== undefined ? { docId } : {}) });

const CHANGES_PARAMS = new Set(['since', 'limit', 'style', 'feed', 'heartbeat', 'timeout', 'include_docs', 'conflicts', 'descending', 'seq_interval', 'return_docs', 'batch_size']);
const ALL_DOCS_PARAMS = new Set(['include_docs', 'conflicts', 'limit', 'skip', 'descending', 'startkey', 'endkey', 'start_key', 'end_key', 'startkey_docid', 'endkey_docid', 'key', 'keys', 'inclusive_end', 'update_seq']);
const DOC_PARAMS = new Set(['rev', 'revs', 'open_revs', 'latest', 'revs_info', 'conflicts', 'deleted_conflicts', 'local_seq', 'meta']);
const DOC_WRITE_PARAMS = new Set(['rev', 'new_edits']);
const BULK_GET_PARAMS = new Set(['revs', 'latest']);
const NONE = new Set<string>();
const FEEDS = new Set(['normal', 'longpoll', 'continuous']);

function checkParams(params: URLSearchParams, allowed: Set<string>): Denied | null {
  for (const key of params.keys()) {
    if (!allowed.has(key)) return { allow: false, status: 400, reason: `The query parameter "${key}" is not allowed here.` };
    // The gateway reads the first value (which feed, for one) and the store might read another.
    if (params.getAll(key).length > 1) return { allow: false, status: 400, reason: `The query parameter "${key}" is given more than once.` };
  }
  return null;
}

const badRequest = (reason: string): Denied => ({ allow: false, status: 400, reason });

const COUNT_PARAMS = ['limit', 'timeout', 'seq_interval', 'batch_size'];
const FLAG_PARAMS = ['include_docs', 'conflicts', 'descending', 'return_docs'];
const STYLES = new Set(['main_only', 'all_docs']);

/**
 * The values of a _changes request, checked before the store sees them: CouchDB answers 500 (badarg) to a limit,
 * timeout or style it cannot parse, where the embedded store shrugs. Counts are whole numbers, flags true or
 * false, heartbeat a number of milliseconds or true.
 */
function badChangesValues(params: URLSearchParams): Denied | null {
  for (const key of COUNT_PARAMS) {
    const value = params.get(key);
    if (value !== null && !/^\d{1,10}$/.test(value)) return badRequest(`"${key}" must be a whole number.`);
  }
  for (const key of FLAG_PARAMS) {
    const value = params.get(key);
    if (value !== null && value !== 'true' && value !== 'false') return badRequest(`"${key}" must be true or false.`);
  }
  const heartbeat = params.get('heartbeat');
  if (heartbeat !== null && heartbeat !== 'true' && !/^\d{1,10}$/.test(heartbeat)) return badRequest('"heartbeat" must be a number of milliseconds.');
  const style = params.get('style');
  if (style !== null && !STYLES.has(style)) return badRequest('"style" must be main_only or all_docs.');
  return null;
}
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** open_revs is "all" or a JSON array of revisions; anything else makes the store answer 500. */
function badOpenRevs(params: URLSearchParams): Denied | null {
  const openRevs = params.get('open_revs');
  if (openRevs === null || openRevs === 'all') return null;
  try {
    if (isStringArray(JSON.parse(openRevs))) return null;
  } catch {
    // falls through
  }
  return badRequest('open_revs must be "all" or a JSON array of revisions.');
}

/** What checkQueryBody says: forward the body (null), refuse it, or answer without the store. */
export type QueryBodyVerdict = Denied | { reply: unknown } | null;

/**
 * The JSON body of an allowed POST query (_bulk_get, _revs_diff, _all_docs), checked before the store sees it:
 * the embedded store never answers an empty _bulk_get (the request hangs until the deadline; CouchDB answers
 * no results, and so do we), answers 500 to a `docs` that is not a list of objects, and crashes on a _local id
 * with a revision. A _bulk_get naming a design document is refused (403), as reading one by its URL is.
 * (Answering that entry alone as not found would not help a replicating PouchDB: any error entry fails its
 * batch. It never asks, since no _changes answer lists a design document.) `path` is the decoded path after
 * /db/{name}.
 */
export function checkQueryBody(path: string, text: string): QueryBodyVerdict {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badRequest('The body must be JSON.');
  }
  if (!isPlainObject(body)) return badRequest('The body must be a JSON object.');
  switch (path.split('/').filter(Boolean)[0]) {
    case '_bulk_get': {
      const docs = body.docs;
      if (!Array.isArray(docs)) return badRequest('_bulk_get needs a "docs" list.');
      if (docs.length === 0) return { reply: { results: [] } };
      const wellFormed = docs.every(
        (d) =>
          isPlainObject(d) &&
          typeof d.id === 'string' &&
          // The store's _bulk_get reads a _local id as a plain document and its process dies on the answer.
          !d.id.startsWith('_local/') &&
          (d.rev === undefined || typeof d.rev === 'string') &&
          (d.atts_since === undefined || isStringArray(d.atts_since)),
      );
      if (!wellFormed) return badRequest('Each _bulk_get entry is {"id": string, "rev"?: string}, and not a _local document.');
      return docs.some((d) => isPlainObject(d) && isDesignId(d.id)) ? forbid('Design documents are not available through this proxy.') : null;
    }
    case '_revs_diff':
      return Object.values(body).every(isStringArray) ? null : badRequest('_revs_diff maps document ids to lists of revisions.');
    case '_all_docs':
      return body.keys === undefined || Array.isArray(body.keys) ? null : badRequest('"keys" must be a list.');
    default:
      return badRequest('Not a query.');
  }
}

function evaluate(method: string, path: string, params: URLSearchParams, mode: Mode): UserDbVerdict {
  const m = method.toUpperCase();
  const isRead = m === 'GET' || m === 'HEAD';
  const user = mode === 'user';
  const readOnly = 'This database is read-only.';
  const segments = path.split('/').filter(Boolean);
  const pass = (allowed: Set<string>, action: UserDbAction = 'forward', docId?: string): UserDbVerdict => checkParams(params, allowed) ?? allow(action, docId);

  if (segments.length === 0) {
    // Database info is readable; PUT (create), DELETE and POST (write a doc) on the database are not.
    if (isRead) return pass(NONE);
    return forbid(user ? 'Documents are written with _bulk_docs or PUT /{id}.' : readOnly);
  }

  const [first, ...rest] = segments as [string, ...string[]];
  switch (first) {
    case '_changes': {
      if (!isRead || rest.length) return forbid('Only GET is allowed on _changes here.');
      if (params.has('filter') || params.has('view') || params.has('doc_ids') || params.has('selector')) {
        return forbid('Filtered change feeds are not available.');
      }
      const feed = params.get('feed');
      if (feed !== null && !FEEDS.has(feed)) return { allow: false, status: 400, reason: 'Unsupported feed type.' };
      return checkParams(params, CHANGES_PARAMS) ?? badChangesValues(params) ?? allow('forward');
    }
    case '_bulk_get':
      if (m !== 'POST' || rest.length) return forbid('Only POST is allowed on _bulk_get.');
      return pass(BULK_GET_PARAMS);
    case '_revs_diff':
      if (m !== 'POST' || rest.length) return forbid('Only POST is allowed on _revs_diff.');
      return pass(NONE);
    case '_all_docs':
      if (rest.length) return forbid('Not available.');
      if (isRead || m === 'POST') return pass(ALL_DOCS_PARAMS);
      return forbid(readOnly);
    case '_bulk_docs':
      if (!user) return forbid('Not available through this proxy.');
      if (m !== 'POST' || rest.length) return forbid('Only POST is allowed on _bulk_docs.');
      return pass(NONE, 'bulk_docs');
    case '_local':
      if (rest.length !== 1 && (isRead || user)) return { allow: false, status: 404, reason: 'Not found.' };
      if (isRead) return pass(NONE);
      // Replication checkpoints: the public databases' live on the device; the user's own are kept here too.
      if (user && m === 'PUT') return pass(NONE, 'put_local', `_local/${rest[0]}`);
      return forbid(user ? 'Only GET and PUT are allowed on checkpoints.' : 'This database is read-only; checkpoints are kept on the device.');
    case '_design':
    case '_design_docs':
      return forbid('Design documents are not available through this proxy.');
    default:
      if (first.startsWith('_')) return forbid('Not available through this proxy.');
      // A document, not its attachments.
      if (rest.length) return forbid('Attachments are not available through this proxy.');
      if (isRead) return badOpenRevs(params) ?? pass(DOC_PARAMS);
      if (user && m === 'PUT') return pass(DOC_WRITE_PARAMS, 'put_doc', first);
      if (user && m === 'DELETE') return forbid('Delete a document by writing it with _deleted: true.');
      return forbid(readOnly);
  }
}

/**
 * The public, pull-only databases.
 * @param method HTTP method
 * @param path the part after /db/{name}, starting with '/' or empty
 */
export function readOnlyVerdict(method: string, path: string, params: URLSearchParams): Verdict {
  const v = evaluate(method, path, params, 'read-only');
  return v.allow ? { allow: true } : v;
}

/** The signed-in user's own database: what PouchDB push and pull replication need, nothing more. */
export function userDbVerdict(method: string, path: string, params: URLSearchParams): UserDbVerdict {
  return evaluate(method, path, params, 'user');
}

/**
 * Checkpoint names PouchDB makes (an MD5 in base64 with '/' as '.'), and room for other clients' own; names
 * starting `ss-` are the gateway's own bookkeeping (couchdb/src/user-db.ts).
 */
const CHECKPOINT_NAME = /^(?!ss-)[A-Za-z0-9._~=+-]{1,200}$/;
/** Local revisions are `0-<n>` in both stores. */
const LOCAL_REV = /^0-[0-9]{1,12}$/;
/** Replication checkpoints are flat records with a short history list; nothing nests deeper than this. */
const MAX_LOCAL_DOC_DEPTH = 6;

export type LocalDocVerdict = { ok: true; doc: Record<string, unknown> } | Denied;

/**
 * The body of `PUT /db/me/_local/<name>`: a replication checkpoint, and nothing that could be written as anything
 * else. The id is the URL's (a body `_id` naming another document is refused: the embedded store would take it
 * and write, say, a design document); `_rev` is a local revision; no other `_` field (`_deleted`, `_attachments`,
 * `_revisions`...) is allowed. The returned document is what is forwarded, its `_id` set from the URL.
 */
export function checkLocalDoc(name: string, text: string): LocalDocVerdict {
  if (!CHECKPOINT_NAME.test(name)) return badRequest('Checkpoint names are letters, digits and ._~=+- (and do not start with "ss-").');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badRequest('The body must be a JSON document.');
  }
  if (!isPlainObject(body)) return badRequest('The body must be a JSON document.');
  const id = `_local/${name}`;
  for (const key of Object.keys(body)) {
    if (!key.startsWith('_')) continue;
    if (key === '_id' && body._id === id) continue;
    if (key === '_rev' && typeof body._rev === 'string' && LOCAL_REV.test(body._rev)) continue;
    if (key === '_id') return badRequest('The body names another document than the URL.');
    if (key === '_rev') return badRequest('A checkpoint revision looks like "0-<n>".');
    return badRequest(`A checkpoint cannot carry "${key}".`);
  }
  if (nestsDeeperThan(body, MAX_LOCAL_DOC_DEPTH)) return badRequest('Checkpoint documents are flat.');
  return { ok: true, doc: { ...body, _id: id } };
}
