// Starts the embedded store (./store-process.ts) as a child process on loopback and keeps it alive: when it
// dies, it is started again on the same port and files. Meanwhile the gateway answers 503.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CouchConfig } from '../config.ts';

const STORE_ENTRY = fileURLToPath(new URL('./store-process.ts', import.meta.url));
/** In the data directory while a store runs: `{ url, supervisorPid }`. */
export const STORE_RUNTIME_FILE = 'store-runtime.json';
export const STORE_CREDENTIALS_FILE = 'store-credentials.json';

export interface EmbeddedStoreOptions {
  dataDir: string;
  /** Loopback port for the store; a free one is chosen when omitted. */
  port?: number;
  log?: (line: string) => void;
}

export interface EmbeddedStore extends EventEmitter {
  config: CouchConfig;
  /** The current store process id, or undefined while it is being restarted. */
  pid(): number | undefined;
  restarts(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The store's admin credentials are made once per data directory and kept there, readable by its owner only. */
function storeCredentials(dataDir: string): { username: string; password: string } {
  const file = path.join(dataDir, STORE_CREDENTIALS_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { username: string; password: string };
  const creds = { username: 'gateway', password: crypto.randomBytes(24).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

export async function startEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const dataDir = path.resolve(options.dataDir);
  const storeDir = path.join(dataDir, 'store');
  fs.mkdirSync(storeDir, { recursive: true });
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port ?? (await freePort());
  const { username, password } = storeCredentials(dataDir);

  const emitter = new EventEmitter() as EmbeddedStore;
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartCount = 0;
  let backoffMs = 100;

  const spawnOnce = () =>
    new Promise<void>((resolve, reject) => {
      const proc = fork(STORE_ENTRY, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, STORE_DATA_DIR: storeDir, STORE_PORT: String(port), STORE_ADMIN_USER: username, STORE_ADMIN_PASSWORD: password },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child = proc;
      let ready = false;
      proc.on('message', (msg: { type?: string }) => {
        if (msg?.type === 'ready') {
          ready = true;
          emitter.emit('ready', proc.pid);
          resolve();
        }
      });
      proc.on('exit', (code, signal) => {
        if (child === proc) child = undefined;
        if (!ready) reject(new Error(`The embedded store exited during start (code ${code}, signal ${signal})`));
        if (stopping) return;
        log(`embedded store exited (code ${code}, signal ${signal}); restarting in ${backoffMs} ms`);
        emitter.emit('exit', { code, signal });
        const delay = backoffMs;
        backoffMs = Math.min(backoffMs * 2, 5000);
        setTimeout(() => {
          if (stopping) return;
          restartCount++;
          spawnOnce()
            .then(() => {
              log('embedded store is back');
              // A store that stays up for a while earns a fast restart next time.
              setTimeout(() => (backoffMs = 100), 30_000).unref();
            })
            .catch((err: Error) => log(`embedded store restart failed: ${err.message}`));
        }, delay);
      });
    });

  await spawnOnce();

  emitter.config = { url: `http://127.0.0.1:${port}`, username, password };
  // Lets tools such as `npm run create-admin` find the running store (the credentials file sits beside it).
  const runtimeFile = path.join(dataDir, STORE_RUNTIME_FILE);
  fs.writeFileSync(runtimeFile, JSON.stringify({ url: emitter.config.url, supervisorPid: process.pid }), { mode: 0o600 });
  emitter.pid = () => child?.pid;
  emitter.restarts = () => restartCount;
  emitter.stop = async () => {
    stopping = true;
    fs.rmSync(runtimeFile, { force: true });
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
    });
  };
  return emitter;
}
