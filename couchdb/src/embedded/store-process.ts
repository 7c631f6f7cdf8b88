// The embedded CouchDB-compatible store: PouchDB Server (express-pouchdb on PouchDB 9) in its own process,
// on loopback only, with its files under STORE_DATA_DIR. Started and supervised by ./supervisor.ts.
import crypto from 'node:crypto';
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
app.use(
  expressPouchDB(LocalPouch, {
    configPath,
    logPath: path.join(dataDir, 'store.log'),
    mode: 'fullCouchDB',
    overrideMode: { exclude: ['routes/fauxton', 'routes/replicate', 'replicator', 'routes/vhosts', 'routes/rewrite'] },
  }),
);

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
