// A counting pass-through between the product and its store, for the load run (issue 16): every request the
// gateway and the workers make to CouchDB is counted by kind, so the report can say how the store's work grows
// with devices and with changes. Loopback only; bodies stream through untouched (continuous feeds included).
import http from 'node:http';
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

export interface StoreCounter {
  config: CouchConfig;
  /** Requests counted so far, in total and by kind. */
  snapshot(): { total: number; byKind: Map<string, number> };
  stop(): Promise<void>;
}

export async function startStoreCounter(target: CouchConfig): Promise<StoreCounter> {
  const upstream = new URL(target.url);
  let total = 0;
  const byKind = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const server = http.createServer((req, res) => {
    total += 1;
    const kind = storeRequestKind(req.method ?? 'GET', req.url ?? '/');
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: { ...target, url: `http://127.0.0.1:${port}` },
    snapshot: () => ({ total, byKind: new Map(byKind) }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
