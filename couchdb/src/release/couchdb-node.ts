// Real Apache CouchDB for tests, benchmarks and load runs: one node (or a joined three-node cluster) from the
// shared release's `couchdb.sh`, on free loopback ports, in a throw-away data directory. A single node is
// supervised like the embedded store (./../embedded/supervisor.ts): when its Erlang VM dies it is started again
// on the same port and files, so the suites that kill the store hold for both stores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CouchConfig } from '../config.ts';
import type { EmbeddedStore } from '../embedded/supervisor.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where `couchdb.sh` is: COUCHDB_SH, else `shared/couchdb/couchdb.sh` in the nearest folder above this checkout that
 * has one (the shared release sits beside the checkout, or a level or two up).
 */
export function findCouchdbScript(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.COUCHDB_SH) return fs.existsSync(env.COUCHDB_SH) ? env.COUCHDB_SH : undefined;
  for (let dir = path.dirname(path.resolve(REPO_ROOT)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'shared', 'couchdb', 'couchdb.sh');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The lowest port the kernel hands out for outgoing connections (Linux's `ip_local_port_range`). A port chosen for
 * CouchDB must stay below it: the node binds a few seconds after the port was found free, and meanwhile any outgoing
 * connection on the machine (a test's, a store client's) may be given that very port, and the node then never comes up.
 */
export function ephemeralPortFloor(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 0) return low;
  } catch {
    // Not Linux: the range most systems use (IANA's dynamic ports start at 49152).
  }
  return 32_768;
}

/**
 * `count` consecutive free ports from a random base, each with its node-local port (PORT+1000) free too — the
 * release binds both — all below the ports the kernel gives outgoing connections.
 */
export async function freeCouchPorts(count = 1): Promise<number> {
  const top = Math.max(ephemeralPortFloor(), 10_000) - 1000 - count;
  const bottom = Math.min(20_000, top - 1000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = crypto.randomInt(bottom, top);
    let ok = true;
    for (let i = 0; i < count && ok; i++) ok = (await portIsFree(base + i)) && (await portIsFree(base + i + 1000));
    if (ok) return base;
  }
  throw new Error('No free ports for CouchDB');
}

/**
 * The Erlang VM's flags for a node that shares its machine (the gateway, the workers, the load run's devices on the same
 * two cores): its schedulers do not spin waiting for work (`+sbwt none`, for the normal, dirty CPU and dirty I/O ones).
 * By default an idle scheduler busy-waits a while before sleeping, which on a shared machine takes CPU the gateway
 * needs (in the 1,000-device CouchDB load run the load average fell from 16-22 to 7-12 with this; the run's outcome
 * did not measurably change). The usual setting for an Erlang VM that shares its host; a node on its own host
 * (production) may keep the default. ERL_ZFLAGS is read by `erlexec`, which the release's start script runs; anything
 * already in it is kept.
 */
function erlangEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, ERL_ZFLAGS: [env.ERL_ZFLAGS, '+sbwt none +sbwtdcpu none +sbwtdio none'].filter(Boolean).join(' ') };
}

/** A node that could not bind its ports: it does not exit, it waits, so this is read from its log. */
export class CouchPortTakenError extends Error {}

/** Where a node started by this start logs, and how much was there before it (a restarted node appends). */
interface NodeLog {
  file: string;
  from: number;
}

function nodeLog(dataDir: string, port: number): NodeLog {
  const file = path.join(dataDir, `node-${port}`, 'couchdb.log');
  let from = 0;
  try {
    from = fs.statSync(file).size;
  } catch {
    // Not written yet: a first start.
  }
  return { file, from };
}

function portTaken({ file, from }: NodeLog): boolean {
  try {
    return fs.readFileSync(file).subarray(from).includes('eaddrinuse');
  } catch {
    return false;
  }
}

async function waitUp(url: string, auth: string, child: ChildProcess, log: NodeLog, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`CouchDB exited during start (code ${child.exitCode})`);
    if (portTaken(log)) throw new CouchPortTakenError(`CouchDB could not bind ${url} or its node-local port: another process holds it`);
    const up = await fetch(`${url}/_up`, { headers: { authorization: auth }, signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`CouchDB at ${url} did not come up within ${timeoutMs} ms`);
}

/**
 * CouchDB finishes its own setup a few seconds after it answers: it writes `_users/_design/_auth`. A suite that
 * compares databases before and after would otherwise see that write as its own doing.
 */
async function waitForSystemSetup(url: string, auth: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/_users/_design/_auth`, { headers: { authorization: auth }, signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The Erlang VM `couchdb.sh` runs under its shell (the process a crash test kills). */
function childPid(parent: number | undefined): number | undefined {
  if (!parent) return undefined;
  try {
    const children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.map(Number).find((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('beam');
      } catch {
        return false;
      }
    });
  } catch {
    return undefined;
  }
}

export interface CouchdbNodeOptions {
  dataDir: string;
  port?: number;
  password?: string;
  log?: (line: string) => void;
}

export async function startCouchdbNode(options: CouchdbNodeOptions): Promise<EmbeddedStore> {
  const script = findCouchdbScript();
  if (!script) throw new Error('The CouchDB release was not found: set COUCHDB_SH to the path of couchdb.sh');
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? (() => {});
  const port = options.port ?? (await freeCouchPorts(1));
  const password = options.password ?? crypto.randomBytes(18).toString('base64url');
  const config: CouchConfig = { url: `http://127.0.0.1:${port}`, username: 'admin', password };
  const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

  const emitter = new EventEmitter() as EmbeddedStore;
  let shell: ChildProcess | undefined;
  let stopping = false;
  let restartCount = 0;

  const spawnOnce = async () => {
    const startLog = nodeLog(dataDir, port);
    const proc = spawn('bash', [script, 'start', String(port), dataDir, password], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: erlangEnv(),
    });
    shell = proc;
    let stderr = '';
    proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    proc.on('exit', (code, signal) => {
      if (shell === proc) shell = undefined;
      if (stopping) return;
      log(`CouchDB on ${port} exited (code ${code}, signal ${signal}); restarting`);
      emitter.emit('exit', { code, signal });
      setTimeout(() => {
        if (stopping) return;
        restartCount++;
        spawnOnce().catch((err: Error) => log(`CouchDB restart failed: ${err.message}`));
      }, 100);
    });
    try {
      await waitUp(config.url, auth, proc, startLog);
      await waitForSystemSetup(config.url, auth);
    } catch (err) {
      const Failure = err instanceof CouchPortTakenError ? CouchPortTakenError : Error;
      throw new Failure(`${(err as Error).message}\n${stderr}`);
    }
    emitter.emit('ready', childPid(proc.pid));
  };

  // Whatever happens to the process that started it (a test worker that ends without stopping it), the node
  // goes with it rather than running on unowned.
  const killOnExit = () => {
    stopping = true;
    const vm = childPid(shell?.pid);
    if (vm) process.kill(vm, 'SIGKILL');
    shell?.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  try {
    await spawnOnce();
  } catch (err) {
    // A node that did not come up is not left waiting (one that could not bind would wait for ever).
    killOnExit();
    process.removeListener('exit', killOnExit);
    throw err;
  }
  emitter.config = config;
  emitter.pid = () => childPid(shell?.pid);
  emitter.restarts = () => restartCount;
  emitter.stop = async () => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    const proc = shell;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => {
        const vm = childPid(proc.pid);
        if (vm) process.kill(vm, 'SIGKILL');
        proc.kill('SIGKILL');
      }, 10_000).unref();
    });
  };
  return emitter;
}

export interface CouchdbCluster {
  /** One config per node, all with the same admin credentials. */
  nodes: CouchConfig[];
  /** The Erlang VM of node i (0-based), for crash tests. */
  pid(node: number): number | undefined;
  stop(): Promise<void>;
}

/** Three joined nodes (n=3, q=2) on consecutive ports, via `couchdb.sh cluster`. Not supervised: a killed node stays down. */
export async function startCouchdbCluster(options: { dataDir: string; password?: string }): Promise<CouchdbCluster> {
  const script = findCouchdbScript();
  if (!script) throw new Error('The CouchDB release was not found: set COUCHDB_SH to the path of couchdb.sh');
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const base = await freeCouchPorts(3);
  const password = options.password ?? crypto.randomBytes(18).toString('base64url');
  const nodes = [0, 1, 2].map((i) => ({ url: `http://127.0.0.1:${base + i}`, username: 'admin', password }));
  const proc = spawn('bash', [script, 'cluster', String(base), dataDir, password], { stdio: ['ignore', 'pipe', 'pipe'], env: erlangEnv() });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('cluster of 3 ready')) resolve();
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`CouchDB cluster exited during start (code ${code})\n${out.slice(-2000)}`)));
  });
  const timer = setTimeout(() => proc.kill('SIGTERM'), 120_000);
  const vmPid = (node: number): number | undefined => {
    const found = spawnSync('pgrep', ['-f', `couchdb-${base + node}@127`], { encoding: 'utf8' });
    return Number(found.stdout.trim().split('\n')[0]) || undefined;
  };
  const killOnExit = () => {
    for (const i of [0, 1, 2]) {
      const pid = vmPid(i);
      if (pid) process.kill(pid, 'SIGKILL');
    }
    proc.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  await ready.finally(() => clearTimeout(timer));
  return {
    nodes,
    pid: vmPid,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => {
          for (const i of [0, 1, 2]) {
            const pid = vmPid(i);
            if (pid) process.kill(pid, 'SIGKILL');
          }
          proc.kill('SIGKILL');
        }, 10_000).unref();
      });
    },
  };
}
