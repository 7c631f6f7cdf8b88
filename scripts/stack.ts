// Runs the whole product: the CouchDB-compatible store (COUCHDB_URL when set; otherwise started here — the embedded
// store, or real CouchDB from the shared release with SS_STORE=couchdb or `--couchdb`), its setup and
// default seed, the gateway and the workers. Used by `npm start` and by the end-to-end tests.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCouchClient } from '@ss/couchdb/client';
import { couchConfigFromEnv, type CouchConfig } from '@ss/couchdb/config';
import type { EmbeddedStore } from '@ss/couchdb/embedded/supervisor';
import { startLocalStore } from '@ss/couchdb/store-choice';
import { setupCouch } from '@ss/couchdb/setup';
import { loadDefaultSeedOnce } from '@ss/couchdb/seed/load';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node flags for the gateway's process, as the Dockerfile and docker-compose.yml give them. A young generation of
 * 32 MB per semi-space (V8's default is 16 on 64-bit): under a thousand devices' long-polls most of what the gateway
 * allocates dies young if the young generation is large enough to let it, and V8 sizes it only at start.
 * Measured in the README (Load): `npm run load -- --clients 1000 --couchdb`.
 */
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=32'];

export interface StackOptions {
  /** Gateway port; 0 picks a free one. */
  port: number;
  dataDir: string;
  /** Use this running CouchDB instead of starting a store. */
  couch?: CouchConfig;
  seed?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  couch: CouchConfig;
  store?: EmbeddedStore;
  gatewayPid(): number | undefined;
  stop(): Promise<void>;
}

interface Supervised {
  pid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Forks a TypeScript entry point and restarts it if it dies; resolves with its 'ready' message. A child that
 * reports the port it listens on is restarted on that same port, so the URL printed at start (PORT=0 picks a
 * free one) keeps answering after a crash.
 */
function supervise(name: string, entry: string, env: NodeJS.ProcessEnv, log: (l: string) => void, nodeFlags: string[] = []): Promise<Supervised & { ready: { port?: number } }> {
  let child: ChildProcess | undefined;
  let stopping = false;
  let childEnv = env;
  return new Promise((resolve, reject) => {
    let first = true;
    const start = () => {
      if (stopping) return;
      // SS_PROFILE_DIR=dir: each child writes a V8 CPU profile there when it exits (for finding where time goes).
      const profile = process.env.SS_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SS_PROFILE_DIR}`] : [];
      const proc = fork(entry, [], { cwd: ROOT, execArgv: [...nodeFlags, '--import', 'tsx', ...profile], env: childEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child = proc;
      proc.on('message', (msg: { type?: string; port?: number }) => {
        if (msg?.type !== 'ready') return;
        if (first) {
          first = false;
          if (typeof msg.port === 'number') childEnv = { ...env, PORT: String(msg.port) };
          resolve({ ready: msg, pid: () => child?.pid, stop });
        }
      });
      proc.on('exit', (code, signal) => {
        if (stopping) return;
        if (first) return reject(new Error(`${name} exited during start (code ${code}, signal ${signal})`));
        log(`${name} exited (code ${code}, signal ${signal}); restarting`);
        setTimeout(start, 500);
      });
    };
    const stop = async () => {
      stopping = true;
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((done) => {
        proc.once('exit', () => done());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 4000).unref();
      });
    };
    start();
  });
}

async function waitForCouch(couch: ReturnType<typeof createCouchClient>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await couch.ping())) {
    if (Date.now() > deadline) throw new Error('CouchDB did not answer in time');
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = options.couch ? undefined : await startLocalStore({ dataDir: options.dataDir, log });
  const couchConfig = options.couch ?? store!.config;
  try {
    const couch = createCouchClient(couchConfig);
    await waitForCouch(couch, 60_000);
    const { changes } = await setupCouch(couch);
    if (changes.length) log(`CouchDB setup: ${changes.join('; ')}`);
    if (options.seed !== false) {
      const { loaded, upgraded } = await loadDefaultSeedOnce(couch);
      if (loaded) log(`Loaded ${loaded} sanctuaries from the default seed`);
      if (upgraded) log(`Default seed upgraded: ${upgraded.added} listings added, ${upgraded.updated} enriched (fields changed since left alone)`);
    }

    const env = {
      ...process.env,
      // As the image runs it (Dockerfile): React's production build renders the pages, not its development one,
      // which checks and warns as it goes and took several times the CPU per page.
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      COUCHDB_URL: couchConfig.url,
      COUCHDB_USER: couchConfig.username,
      COUCHDB_PASSWORD: couchConfig.password,
    };
    const gateway = await supervise('gateway', path.join(ROOT, 'sync-gateway/src/main.ts'), { ...env, PORT: String(options.port), HOST: process.env.HOST ?? '0.0.0.0' }, log, GATEWAY_NODE_FLAGS);
    const workers = await supervise('workers', path.join(ROOT, 'workers/src/main.ts'), env, log);
    return {
      url: `http://localhost:${gateway.ready.port}`,
      couch: couchConfig,
      ...(store ? { store } : {}),
      gatewayPid: gateway.pid,
      async stop() {
        await Promise.all([gateway.stop(), workers.stop()]);
        await store?.stop();
      },
    };
  } catch (err) {
    await store?.stop();
    throw err;
  }
}

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
  const port = Number(process.env.PORT ?? 8080);
  const couch = process.env.COUCHDB_URL ? couchConfigFromEnv() : undefined;
  const stack = await startStack({ port, dataDir, ...(couch ? { couch } : {}) });
  console.log(`\nSanctuary Seekers is running at ${stack.url}\n`);
  process.send?.({ type: 'ready', url: stack.url });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      void stack.stop().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: Error) => {
    console.error(`Could not start: ${err.message}`);
    process.exit(1);
  });
}
