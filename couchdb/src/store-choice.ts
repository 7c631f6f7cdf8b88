// Which store a local run uses: the embedded PouchDB Server (the default, pure npm) or real CouchDB from the
// shared release (SS_STORE=couchdb, or `--couchdb` on the scripts that take it). Tests, `npm start`, the load
// run and the benchmarks all start their store through here, so one switch moves every figure to CouchDB.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedStore, STORE_CREDENTIALS_FILE, STORE_RUNTIME_FILE, type EmbeddedStore } from './embedded/supervisor.ts';
import { CouchPortTakenError, freeCouchPorts, startCouchdbNode } from './release/couchdb-node.ts';

export type StoreKind = 'embedded' | 'couchdb';

export function storeKindFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): StoreKind {
  if (argv.includes('--couchdb')) return 'couchdb';
  const kind = env.SS_STORE ?? 'embedded';
  if (kind !== 'embedded' && kind !== 'couchdb') throw new Error(`SS_STORE must be "embedded" or "couchdb", not "${kind}"`);
  return kind;
}

export interface LocalStore extends EmbeddedStore {
  kind: StoreKind;
}

/** Starts the chosen store on loopback with its files under dataDir; stop() stops it. */
export async function startLocalStore(options: { dataDir: string; kind?: StoreKind; port?: number; log?: (line: string) => void }): Promise<LocalStore> {
  const kind = options.kind ?? storeKindFromEnv();
  if (kind === 'embedded') {
    const store = await startEmbeddedStore({ dataDir: options.dataDir, ...(options.port ? { port: options.port } : {}), ...(options.log ? { log: options.log } : {}) });
    return Object.assign(store, { kind });
  }
  // The admin password is kept beside the files so a restarted run opens the same databases.
  const dir = path.join(path.resolve(options.dataDir), 'couchdb');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'admin-password');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = fs.readFileSync(file, 'utf8').trim();
  // So is the port: the release keeps a node's files under node-PORT/, so a restart must use the same one.
  const portFile = path.join(dir, 'port');
  const fixedPort = options.port ?? (fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : undefined);
  const start = async (port: number) => {
    fs.writeFileSync(portFile, String(port));
    return startCouchdbNode({ dataDir: dir, password, port, ...(options.log ? { log: options.log } : {}) });
  };
  let store: EmbeddedStore;
  if (fixedPort !== undefined) store = await start(fixedPort);
  else {
    // A port found free can be taken before the node binds it (another suite's node starting beside this one): a
    // new store then tries other ports rather than wait on one it will never get.
    for (let attempt = 1; ; attempt++) {
      const port = await freeCouchPorts(1);
      try {
        store = await start(port);
        break;
      } catch (err) {
        if (!(err instanceof CouchPortTakenError) || attempt === 3) throw err;
        options.log?.(`CouchDB port ${port} was taken before the node bound it; trying another`);
        fs.rmSync(path.join(dir, `node-${port}`), { recursive: true, force: true });
      }
    }
  }
  // As the embedded store does, so operator tools (backup, restore, create-admin) find the running store.
  const root = path.resolve(options.dataDir);
  const runtimeFile = path.join(root, STORE_RUNTIME_FILE);
  fs.writeFileSync(path.join(root, STORE_CREDENTIALS_FILE), JSON.stringify({ username: store.config.username, password }), { mode: 0o600 });
  fs.writeFileSync(runtimeFile, JSON.stringify({ url: store.config.url, supervisorPid: process.pid }), { mode: 0o600 });
  const stop = store.stop.bind(store);
  store.stop = async () => {
    fs.rmSync(runtimeFile, { force: true });
    await stop();
  };
  return Object.assign(store, { kind });
}
