// The embedded CouchDB-compatible store: PouchDB Server (express-pouchdb on PouchDB 9) in its own process,
// on loopback only, with its files under STORE_DATA_DIR. Started and supervised by ./supervisor.ts.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import express from 'express';
import PouchDB from 'pouchdb';
import expressPouchDB from 'express-pouchdb';
import { checkRevisionMeta, parseRev } from '@ss/domain/revisions';
import { isOwnDesignCode, isOwnDesignDoc } from '../definitions.ts';

const dataDir = path.resolve(requireEnv('STORE_DATA_DIR'));
const port = Number(requireEnv('STORE_PORT'));
const adminUser = requireEnv('STORE_ADMIN_USER');
const adminPassword = requireEnv('STORE_ADMIN_PASSWORD');

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

fs.mkdirSync(dataDir, { recursive: true });
const configPath = path.join(dataDir, 'store-config.json');
// The config file carries the admin (hashed by express-pouchdb on save); rewrite it each start so a
// changed password takes effect, keeping the store out of "admin party" from its first request.
fs.writeFileSync(
  configPath,
  JSON.stringify({ admins: { [adminUser]: adminPassword }, couch_httpd_auth: { require_valid_user: true }, log: { level: 'warning' } }),
  { mode: 0o600 },
);

// Every live _changes feed adds listeners to its database object (PouchDB's change emitter and "destroyed"): a few
// hundred open feeds per database is the expected load, not a leak, so Node's default warning at 11 is raised.
EventEmitter.defaultMaxListeners = 2000;

refuseForeignCode();

const LocalPouch = PouchDB.defaults({ prefix: dataDir + path.sep });
const app = express();
// Only the gateway and workers, holding the admin credentials, may talk to the store. Refusing everything
// else up front also keeps anonymous requests away from express-pouchdb paths known to crash the process.
const expectedAuth = Buffer.from('Basic ' + Buffer.from(`${adminUser}:${adminPassword}`).toString('base64'));
app.use((req, res, next) => {
  const given = Buffer.from(req.headers.authorization ?? '');
  if (given.length === expectedAuth.length && crypto.timingSafeEqual(given, expectedAuth)) return next();
  res.status(401).json({ error: 'unauthorized', reason: 'Credentials required.' });
});
const pouchApp = expressPouchDB(LocalPouch, {
  configPath,
  logPath: path.join(dataDir, 'store.log'),
  mode: 'fullCouchDB',
  overrideMode: { exclude: ['routes/fauxton', 'routes/replicate', 'replicator', 'routes/vhosts', 'routes/rewrite'] },
});
// Registered after express-pouchdb's own wrappers, so it wraps validation from the outside.
(pouchApp as unknown as { dbWrapper: { registerWrapper(w: (name: string, db: WritableDb, next: () => void) => void): void } }).dbWrapper.registerWrapper(
  (name, db, next) => {
    keepReplicatedRevisions(db);
    guardWrites(name, db);
    guardLatest(db);
    announceWrites(name, db);
    next();
  },
);
app.get('/_db_updates', dbUpdatesFeed);
app.use(pouchApp);

interface WritableDb {
  bulkDocs: (body: unknown, opts?: unknown, callback?: unknown) => unknown;
  put: (doc: unknown, opts?: unknown, callback?: unknown) => unknown;
  post: (doc: unknown, opts?: unknown, callback?: unknown) => unknown;
}

type Callback = (err: unknown, result?: unknown) => void;

/** A CouchDB-shaped error PouchDB Server answers with its own status. */
function storeError(status: number, name: string, message: string): Error {
  return Object.assign(new Error(message), { status, name, error: true, message, reason: message });
}

/**
 * PouchDB Server runs design functions with `eval` in this process, which holds the store's admin password:
 * only our own design functions (../definitions.ts) may ever be evaluated. Anything else, however it got into a
 * database, becomes a validator that refuses every write there until setup removes it, never running code.
 */
function refuseForeignCode() {
  // The copy pouchdb-validation (inside express-pouchdb) loads, found the way it finds it.
  const fromValidation = createRequire(createRequire(createRequire(import.meta.url).resolve('express-pouchdb')).resolve('pouchdb-validation'));
  const couchEval = fromValidation('couchdb-eval') as { evaluate: (context: unknown, extra: unknown, program: string) => unknown };
  const evaluate = couchEval.evaluate as (context: unknown, extra: unknown, program: string) => unknown;
  couchEval.evaluate = function (context: unknown, extra: unknown, program: string) {
    if (isOwnDesignCode(program)) return evaluate.call(this, context, extra, program);
    console.error('[store] refused to evaluate a design function that is not ours');
    return (newDoc: { _id?: unknown } | null) => {
      // Setup's removal of it, and the writing of ours, go through.
      if (typeof newDoc?._id === 'string' && newDoc._id.startsWith('_design/')) return;
      throw { forbidden: 'This database holds a design document that is not ours; it is never run, and writes wait until it is removed.' };
    };
  };
}

/**
 * Every write of every database passes here, from whichever route: design documents only as exactly ours, and
 * replicated revisions (new_edits=false) only with a complete, consistent history (a history with no ids leaves
 * a winning revision without a body, after which every read of that database kills this process).
 */
function guardWrites(dbName: string, db: WritableDb) {
  const check = (doc: unknown, newEdits: boolean): Error | null => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null; // PouchDB answers these itself
    const d = doc as Record<string, unknown>;
    if (typeof d._id === 'string' && d._id.startsWith('_design/') && d._deleted !== true && !isOwnDesignDoc(dbName, d)) {
      return storeError(403, 'forbidden', 'Only the store\'s own design documents can be written.');
    }
    if (!newEdits) {
      const verdict = checkRevisionMeta(d, { newEdits: false });
      if (!verdict.ok) return storeError(400, 'bad_request', verdict.reason);
    } else if (Object.hasOwn(d, '_rev') && d._rev !== undefined && !parseRev(d._rev) && !String(d._id).startsWith('_local/')) {
      return storeError(400, 'bad_request', 'Invalid rev format');
    }
    return null;
  };
  const newEditsOff = (body: unknown, opts: unknown) =>
    (typeof opts === 'object' && opts !== null && (opts as { new_edits?: unknown }).new_edits === false) ||
    (typeof body === 'object' && body !== null && (body as { new_edits?: unknown }).new_edits === false);
  const fail = (err: Error, opts: unknown, callback: unknown) => {
    const cb = (typeof opts === 'function' ? opts : callback) as Callback | undefined;
    if (cb) {
      process.nextTick(() => cb(err));
      return undefined;
    }
    return Promise.reject(err);
  };

  const bulkDocs = db.bulkDocs;
  db.bulkDocs = function (this: unknown, body, opts, callback) {
    const docs = Array.isArray(body) ? body : (body as { docs?: unknown } | null)?.docs;
    const newEdits = !newEditsOff(body, opts);
    if (Array.isArray(docs)) {
      for (const doc of docs) {
        const err = check(doc, newEdits);
        if (err) return fail(err, opts, callback);
      }
    }
    return bulkDocs.call(this, body, opts, callback);
  };
  for (const method of ['put', 'post'] as const) {
    const original = db[method];
    db[method] = function (this: unknown, doc, opts, callback) {
      const err = check(doc, !newEditsOff(null, opts));
      if (err) return fail(err, opts, callback);
      return original.call(this, doc, opts, callback);
    };
  }
}

/** PouchDB's revision tree: `[id, status, children]` nodes under each root's generation. */
type RevNode = [string, unknown, RevNode[]];
interface RevTreeNode {
  pos: number;
  ids: RevNode;
}

/**
 * PouchDB's `latest` resolution throws, outside any callback, when the asked-for revision is not in the document's
 * tree: one GET `?rev=1-x&latest=true` (or an `open_revs`/`_bulk_get` asking the same) killed this process. The
 * revision is looked up first; an unknown one is answered as missing, as CouchDB does.
 */
function guardLatest(db: object) {
  const target = db as { _get?: (id: string, opts: Record<string, unknown>, cb: Callback) => void; _getRevisionTree?: (id: string, cb: (err: unknown, tree?: RevTreeNode[]) => void) => void };
  const get = target._get;
  const getTree = target._getRevisionTree;
  if (typeof get !== 'function' || typeof getTree !== 'function') return;
  target._get = function (this: unknown, id, opts, callback) {
    if (!opts?.latest || typeof opts.rev !== 'string') return get.call(this, id, opts, callback);
    const rev = opts.rev;
    getTree.call(this, id, (err, tree) => {
      if (err || !tree) return callback(err ?? storeError(404, 'not_found', 'missing'));
      if (!treeHasRev(tree, rev)) return callback(storeError(404, 'not_found', 'missing'));
      get.call(this, id, opts, callback);
    });
  };
}

function treeHasRev(tree: RevTreeNode[], rev: string): boolean {
  const stack: Array<{ pos: number; node: RevNode }> = tree.map((t) => ({ pos: t.pos, node: t.ids }));
  while (stack.length) {
    const { pos, node } = stack.pop()!;
    if (`${pos}-${node[0]}` === rev) return true;
    for (const child of node[2]) stack.push({ pos: pos + 1, node: child });
  }
  return false;
}

/**
 * PouchDB Server's validation (pouchdb-validation 4.2) replaces each incoming document's `_revisions` with the
 * stored document's before the write. With new_edits=false (replication) an update or deletion of an existing
 * document then looks already known and is silently dropped, in every database with a validate_doc_update.
 * This keeps the sender's revision history: the property ignores that assignment.
 */
function keepReplicatedRevisions(db: WritableDb) {
  const pin = (doc: unknown) => {
    if (typeof doc !== 'object' || doc === null || !('_revisions' in doc)) return;
    const revisions = (doc as { _revisions: unknown })._revisions;
    Object.defineProperty(doc, '_revisions', { get: () => revisions, set: () => {}, enumerable: true, configurable: true });
  };
  const newEditsOff = (body: unknown, opts: unknown) =>
    (typeof opts === 'object' && opts !== null && (opts as { new_edits?: unknown }).new_edits === false) ||
    (typeof body === 'object' && body !== null && (body as { new_edits?: unknown }).new_edits === false);

  const bulkDocs = db.bulkDocs;
  db.bulkDocs = function (this: unknown, body, opts, callback) {
    const docs = Array.isArray(body) ? body : (body as { docs?: unknown } | null)?.docs;
    if (newEditsOff(body, opts) && Array.isArray(docs)) docs.forEach(pin);
    return bulkDocs.call(this, body, opts, callback);
  };
  const put = db.put;
  db.put = function (this: unknown, doc, opts, callback) {
    if (newEditsOff(null, opts)) pin(doc);
    return put.call(this, doc, opts, callback);
  };
}

/**
 * CouchDB's `_db_updates`, which express-pouchdb leaves unimplemented (it answers 400): one line
 * `{"db_name","type":"updated","seq","db_update_seq"}` per successful write, for whoever follows the server's
 * databases (the gateway wakes a user's devices this way when their database changes, whichever process wrote).
 * Only what the gateway asks for is offered: `feed=continuous` from `since=now`, with heartbeats; else 400.
 */
const dbUpdates = new EventEmitter().setMaxListeners(0);
let dbUpdateSeq = 0;

function announceWrites(dbName: string, db: WritableDb) {
  const bulkDocs = db.bulkDocs;
  db.bulkDocs = function (this: unknown, body, opts, callback) {
    const result = bulkDocs.call(this, body, opts, callback);
    // `_local` documents (replication checkpoints) are not in the changes feed: writing only them is no update.
    const docs = Array.isArray(body) ? body : (body as { docs?: unknown } | null)?.docs;
    const onlyLocal = Array.isArray(docs) && docs.length > 0 && docs.every((d) => typeof (d as { _id?: unknown } | null)?._id === 'string' && (d as { _id: string })._id.startsWith('_local/'));
    if (result instanceof Promise && !onlyLocal) {
      result.then(
        (rows: unknown) => {
          // Replicated writes (new_edits=false) answer only their failures: an empty list is a write too.
          if (!Array.isArray(rows) || !rows.length || rows.some((r) => !(r as { error?: unknown }).error)) {
            // With the database's own sequence after the write (beyond CouchDB's fields): a follower that has
            // already read that far knows the write is not news.
            void (db as unknown as { info(): Promise<{ update_seq: unknown }> })
              .info()
              .then(
                (info) => info.update_seq,
                () => undefined,
              )
              .then((updateSeq) => dbUpdates.emit('update', { db_name: dbName, type: 'updated', seq: String(++dbUpdateSeq), ...(updateSeq !== undefined ? { db_update_seq: updateSeq } : {}) }));
          }
        },
        () => {},
      );
    }
    return result;
  };
}

function dbUpdatesFeed(req: express.Request, res: express.Response) {
  const feed = req.query.feed;
  const since = req.query.since ?? 'now';
  if (feed !== 'continuous' || since !== 'now') {
    res.status(400).json({ error: 'bad_request', reason: 'Only feed=continuous&since=now is offered here.' });
    return;
  }
  const heartbeat = Number(req.query.heartbeat);
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.flushHeaders();
  const send = (event: object) => res.write(JSON.stringify(event) + '\n');
  dbUpdates.on('update', send);
  const beat = Number.isFinite(heartbeat) && heartbeat > 0 ? setInterval(() => res.write('\n'), Math.max(heartbeat, 100)) : null;
  res.on('close', () => {
    dbUpdates.off('update', send);
    if (beat) clearInterval(beat);
  });
}

// A longer queue of connections waiting to be accepted than Node's 511: the gateway and workers open many at once
// when a thousand devices come back online together.
const server = app.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => {
  process.send?.({ type: 'ready', port });
});
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
