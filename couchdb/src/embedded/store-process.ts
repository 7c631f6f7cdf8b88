// The embedded CouchDB-compatible store: PouchDB Server (express-pouchdb on PouchDB 9) in its own process,
// on loopback only, with its files under STORE_DATA_DIR. Started and supervised by ./supervisor.ts.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import PouchDB from 'pouchdb';
import expressPouchDB from 'express-pouchdb';

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
  (_name, db, next) => {
    keepReplicatedRevisions(db);
    next();
  },
);
app.use(pouchApp);

interface WritableDb {
  bulkDocs: (body: unknown, opts?: unknown, callback?: unknown) => unknown;
  put: (doc: unknown, opts?: unknown, callback?: unknown) => unknown;
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

const server = app.listen(port, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port });
});
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
