// Benchmark: the same searches through GET /api/sanctuaries/search on loopback (embedded store, 10k synthetic
// sanctuaries, the gateway app served by @hono/node-server in this process) against the search in Node.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createCouchClient } from '@ss/couchdb/client';
import { startLocalStore } from '@ss/couchdb/store-choice';
import { insertSanctuaries } from '@ss/couchdb/seed/load';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { setupCouch } from '@ss/couchdb/setup';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { toSanctuary } from '@ss/domain/sanctuary';
import { createSearchIndex, searchSanctuaries } from '@ss/domain/search';
import { toSearchQueryString } from '@ss/domain/search-criteria';
import { createApp } from '../../sync-gateway/src/app.ts';
import { MAX_SEARCH_RESULTS, SEARCH_TOTAL_HEADER } from '../../sync-gateway/src/routes/search.ts';
import { BENCH_QUERIES, SYNTHETIC_SEED } from './search.ts';
import { ms, table, time } from './stats.ts';

const SIZE = 10_000;

export async function benchGateway(gazetteer: Gazetteer): Promise<void> {
  console.log(`\n== GET /api/sanctuaries/search on loopback vs the search in Node, ${SIZE.toLocaleString('en-US')} synthetic sanctuaries ==`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-bench-'));
  const store = await startLocalStore({ dataDir, log: () => {} });
  const server = { close: (done: () => void) => done() };
  try {
    let t0 = performance.now();
    const couch = createCouchClient(store.config);
    await setupCouch(couch);
    const docs = syntheticSanctuaries(SIZE, SYNTHETIC_SEED);
    await insertSanctuaries(couch, docs);
    console.log(`${store.kind === 'couchdb' ? 'CouchDB' : 'Embedded store'} set up with ${SIZE.toLocaleString('en-US')} sanctuaries in ${ms(performance.now() - t0)} ms`);

    const app = createApp({ couch });
    const listening = await new Promise<{ port: number; close: (done: () => void) => void }>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ port: info.port, close: (done) => s.close(() => done()) }));
    });
    server.close = listening.close;
    const base = `http://127.0.0.1:${listening.port}/api/sanctuaries/search`;
    const get = async (qs: string) => {
      const res = await fetch(qs ? `${base}?${qs}` : base);
      if (!res.ok) throw new Error(`GET ${qs} answered ${res.status}: ${await res.text()}`);
      return { listed: ((await res.json()) as unknown[]).length, total: Number(res.headers.get(SEARCH_TOTAL_HEADER)) };
    };

    t0 = performance.now();
    await get('query=44101');
    console.log(`First HTTP search (the gateway loads its copy and the gazetteer): ${ms(performance.now() - t0)} ms`);

    const index = createSearchIndex(docs.map(toSanctuary));
    const rows: string[][] = [];
    for (const { label, criteria } of BENCH_QUERIES) {
      // The gateway searches "now"; so does the local run here, so open-now filters the same way.
      const localResults = searchSanctuaries(criteria, index, { gazetteer }).results.length;
      const local = await time(() => searchSanctuaries(criteria, index, { gazetteer }), { runs: 300, budgetMs: 2000 });
      const qs = toSearchQueryString(criteria);
      // An answer holds at most MAX_SEARCH_RESULTS listings and says how many matched.
      const { listed, total: httpResults } = await get(qs);
      if (httpResults !== localResults) throw new Error(`"${label}": ${httpResults} results over HTTP, ${localResults} in Node`);
      if (listed !== Math.min(localResults, MAX_SEARCH_RESULTS)) throw new Error(`"${label}": ${listed} listings in the answer for ${localResults} results`);
      const http = await time(() => get(qs), { runs: 200, warmup: 3, budgetMs: 4000 });
      rows.push([label, listed < httpResults ? `${httpResults} (${listed} sent)` : String(httpResults), ms(local.p50), ms(local.p95), ms(http.p50), ms(http.p95), `${(http.p50 / local.p50).toFixed(0)}×`, `${(http.p95 / local.p95).toFixed(0)}×`]);
    }
    console.log('Time per search (ms); target: HTTP at least 20× slower than searching on the device');
    table(['criteria', 'results', 'Node p50', 'Node p95', 'HTTP p50', 'HTTP p95', 'ratio p50', 'ratio p95'], rows);
  } finally {
    await new Promise<void>((resolve) => server.close(resolve));
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
