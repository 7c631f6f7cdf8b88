// How an operator tool (backup, restore, create-admin) reaches the store: COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD)
// when set, otherwise the embedded store of a data directory — the one `npm start` is running there, or, when
// none is, one started just for the tool and stopped again by `close()`.
import fs from 'node:fs';
import path from 'node:path';
import { createCouchClient, type CouchClient } from '../client.ts';
import { couchConfigFromEnv, type CouchConfig } from '../config.ts';
import { startLocalStore, storeKindFromEnv } from '../store-choice.ts';
import { STORE_CREDENTIALS_FILE, STORE_RUNTIME_FILE } from './supervisor.ts';

export interface StoreConnection {
  couch: CouchClient;
  /** Where the tool is working, for its messages (never with credentials). */
  where: string;
  close(): Promise<void>;
}

export async function connectToStore(env: NodeJS.ProcessEnv, defaultDataDir: string): Promise<StoreConnection> {
  if (env.COUCHDB_URL) {
    const config = couchConfigFromEnv(env);
    return { couch: createCouchClient(config), where: config.url, close: async () => {} };
  }
  const dataDir = path.resolve(env.DATA_DIR ?? defaultDataDir);
  const runtimeFile = path.join(dataDir, STORE_RUNTIME_FILE);
  const credentialsFile = path.join(dataDir, STORE_CREDENTIALS_FILE);
  if (fs.existsSync(runtimeFile) && fs.existsSync(credentialsFile)) {
    const { url } = JSON.parse(fs.readFileSync(runtimeFile, 'utf8')) as { url: string };
    const creds = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Omit<CouchConfig, 'url'>;
    const couch = createCouchClient({ url, username: creds.username, password: creds.password });
    if (await couch.ping()) return { couch, where: `the running store of ${dataDir}`, close: async () => {} };
  }
  // Nothing runs on this data directory (a stale runtime file is left by a killed stack): start its store.
  // A data directory that real CouchDB ran on (SS_STORE=couchdb) holds its port file; start the same kind of store.
  const kind = fs.existsSync(path.join(dataDir, 'couchdb', 'port')) ? 'couchdb' : storeKindFromEnv(env, []);
  const store = await startLocalStore({ dataDir, kind, log: () => {} });
  const couch = createCouchClient(store.config);
  return { couch, where: `the store of ${dataDir} (started for this and stopped again)`, close: () => store.stop() };
}
