// A counting pass-through between the product and its store, for the load run (issue 16): every request the
// gateway and the workers make to CouchDB is counted by kind, so the report can say how the store's work grows
// with devices and with changes. Loopback only; bodies stream through untouched (continuous feeds included).
// The load run starts it in a process of its own (startStoreCounterProcess): inside the load generator, whose
// event loop is busy playing a thousand devices, it delayed every answer of the store and capped the gateway's
// connections to it, which the report then blamed on the store.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { CouchConfig } from '@ss/couchdb/config';

/** What a request to the store is, by its path: `_changes`, `_bulk_get`, a document read, … */
export function storeRequestKind(method: string, url: string): string {
  const path = url.split('?')[0] ?? '';
  const parts = path.split('/').filter(Boolean);
  const special = parts.slice(1).find((p) => p.startsWith('_'));
  if (parts.length === 0) return `${method} /`;
  if (parts[0]!.startsWith('_')) return `${method} /${parts[0]}`;
  const db = parts[0]!.startsWith('userdb-') ? 'userdb-*' : decodeURIComponent(parts[0]!);
  if (special === '_design' && parts.includes('_view')) return `${method} ${db}/_view`;
  if (special) return `${method} ${db}/${special}`;
  return parts.length === 1 ? `${method} ${db}` : `${method} ${db}/<doc>`;
}

export interface StoreCounts {
  total: number;
  byKind: Map<string, number>;
  /**
   * Each answered request's kind, when it was sent (epoch ms) and how long the store took to its answer's headers
   * (ms). Live feeds (`feed=` longpoll or continuous) are left out: they are answered when something happens.
   */
  answers: Array<[kind: string, sentAt: number, ms: number]>;
}

export interface StoreCounter {
  config: CouchConfig;
  /** Requests counted so far, in total and by kind. */
  snapshot(): Promise<StoreCounts>;
  /** The process it runs in, when it has one of its own (for the report's CPU and memory table). */
  pid?: () => number | undefined;
  stop(): Promise<void>;
}

export async function startStoreCounter(target: CouchConfig): Promise<StoreCounter> {
  const upstream = new URL(target.url);
  let total = 0;
  const byKind = new Map<string, number>();
  const answers: StoreCounts['answers'] = [];
  // No cap on sockets: the gateway holds a live feed open per signed-in device, and a cap here would queue the
  // rest of its requests behind them (the gateway's own limits are what the run measures).
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  const server = http.createServer((req, res) => {
    total += 1;
    const kind = storeRequestKind(req.method ?? 'GET', req.url ?? '/');
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    const live = /[?&]feed=/.test(req.url ?? '');
    const sentAt = Date.now();
    const started = performance.now();
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        if (!live) answers.push([kind, sentAt, performance.now() - started]);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"store_unreachable"}');
    });
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  // A thousand devices' first requests arrive within moments: a longer queue of connections waiting to be accepted.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: { ...target, url: `http://127.0.0.1:${port}` },
    snapshot: async () => ({ total, byKind: new Map(byKind), answers: [...answers] }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

type CounterMessage = { type: 'ready'; url: string } | { type: 'counts'; id: number; total: number; byKind: [string, number][]; answers: StoreCounts['answers'] };

/** `startStoreCounter` in a child process (store-counter-process.ts), asked for its counts over IPC. */
export async function startStoreCounterProcess(target: CouchConfig): Promise<StoreCounter> {
  const child = fork(fileURLToPath(new URL('./store-counter-process.ts', import.meta.url)), [], {
    // TypeScript through tsx, as the stack's processes: the caller may be a test runner that loads .ts its own way.
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SS_COUNTER_TARGET: target.url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (counts: StoreCounts) => void>();
  let asked = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the store counter exited (${code}) before it was ready`)));
    child.on('message', (m: CounterMessage) => {
      if (m.type === 'ready') resolve(m.url);
      else {
        waiting.get(m.id)?.({ total: m.total, byKind: new Map(m.byKind), answers: m.answers });
        waiting.delete(m.id);
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    config: { ...target, url },
    pid: () => child.pid,
    snapshot: () =>
      new Promise<StoreCounts>((resolve) => {
        const id = ++asked;
        waiting.set(id, resolve);
        child.send({ type: 'snapshot', id });
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
