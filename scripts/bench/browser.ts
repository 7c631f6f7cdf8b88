// Browser benchmarks through the real gateway, in headless Debian Chromium: a device's first sync of N
// synthetic sanctuaries into IndexedDB, and an offline cold start to result cards on screen.
// Run alone: node --import tsx scripts/bench/browser.ts [sizes, default 10000,100000] [--runs 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import { createCouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { startLocalStore } from '@ss/couchdb/store-choice';
import { setupCouch } from '@ss/couchdb/setup';
import { insertSanctuaries } from '@ss/couchdb/seed/load';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { createApp } from '../../sync-gateway/src/app.ts';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};
const fmt = (xs: number[]) => {
  const { min, median, max } = stats(xs);
  return `${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)} ms (min / median / max of ${xs.length})`;
};

/** How long an offline cold start is left alone before its marks are read (its results are painted well within it). */
const COLD_START_QUIET_MS = 1000;

async function mark(page: import('@playwright/test').Page, name: string, timeoutMs = 300_000): Promise<number> {
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: timeoutMs, polling: 20 });
  return page.evaluate((n) => performance.getEntriesByName(n)[0]!.startTime, name);
}

export async function benchBrowser(size: number, runs: number, log = console.log): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-bench-browser-'));
  const store = await startLocalStore({ dataDir, log: () => {} });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const couch = createCouchClient(store.config);
    await setupCouch(couch);
    const t0 = performance.now();
    await insertSanctuaries(couch, syntheticSanctuaries(size, 42), 5000);
    log(`  loaded ${size} synthetic sanctuaries into the store in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const app = createApp({ couch, webDist: path.join(ROOT, 'web/dist') });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // The gateway builds a snapshot once per update_seq (warmed at start); time a build on its own, then keep it.
    const t1 = performance.now();
    // The gateway answers 503 when the snapshot is not ready within its wait (100k listings take longer): asked again
    // until it is, and timed to the end of the answer that has it.
    let bytes = 0;
    for (let asked = 1; ; asked++) {
      const warm = await fetch(`${url}db/sanctuaries/_snapshot`);
      // fetch decodes the gzip transfer, so this is the NDJSON size itself.
      const body = await warm.arrayBuffer();
      if (warm.ok) {
        bytes = body.byteLength;
        break;
      }
      if (warm.status !== 503 || asked >= 30) throw new Error(`the snapshot answered ${warm.status}`);
    }
    log(`  server snapshot build + fetch (once per update_seq): ${(performance.now() - t1).toFixed(0)} ms, ${(bytes / 1048576).toFixed(1)} MB of NDJSON`);

    const usable: number[] = [];
    const firstSync: number[] = [];
    const firstSyncTotal: number[] = [];
    const coldReady: number[] = [];
    const coldPainted: number[] = [];
    const coldFcp: number[] = [];
    const blocking: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      // The page's long tasks (over 50 ms, the browser's own measure), for the time they block input during the first sync.
      await context.addInitScript(() => {
        const w = window as unknown as { __ssLongTasks: [number, number][] };
        w.__ssLongTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__ssLongTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      const page = await context.newPage();
      await page.goto(url);
      const start = await mark(page, 'ss:sanctuaries-snapshot-start');
      usable.push((await mark(page, 'ss:directory-cached')) - start);
      const loaded = await mark(page, 'ss:sanctuaries-snapshot-loaded');
      firstSync.push(loaded - start);
      firstSyncTotal.push(loaded);
      // Blocking time (each long task's time past 50 ms, as Lighthouse's TBT) from navigation to the replica's completion.
      blocking.push(
        await page.evaluate(
          (end) =>
            (window as unknown as { __ssLongTasks: [number, number][] }).__ssLongTasks
              .filter(([startTime]) => startTime < end)
              .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
          loaded,
        ),
      );
      // Wait until the compact directory record and the home page's snapshot are written, and the first sync's worker
      // has finished (its last write is the directory record with the local sequence: a read in that instant waits
      // for it, ~250 ms at 10k), then cut the network and reload.
      await mark(page, 'ss:directory-cached');
      await mark(page, 'ss:first-sync-closed');
      await mark(page, 'ss:home-snapshot-saved', 60_000);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
      await context.setOffline(true);
      // At least three offline cold starts per size: when one first sync is all the time allows (100k), three
      // reloads after it.
      for (let start = 0; start < Math.ceil(3 / runs); start++) {
        // Nothing is asked of the page until its first screen is up: Playwright's first evaluation in a new document
        // injects its own script (~14 ms of the main thread in a trace here), which polling from the start put before
        // the first frame. The marks are read afterwards from the page's performance timeline.
        await page.reload({ waitUntil: 'commit' });
        await new Promise((r) => setTimeout(r, COLD_START_QUIET_MS));
        coldReady.push(await mark(page, 'ss:directory-ready', 60_000));
        coldPainted.push(await mark(page, 'ss:results-painted', 60_000));
        // The browser's own figure: offline the page is the bare app shell filled from the device (the home page's
        // snapshot, else the app's first render), so its first contentful paint is the first frame with the cards.
        coldFcp.push(await mark(page, 'first-contentful-paint', 60_000));
      }
      await context.close();
    }
    log(`  first sync of ${size}, directory durable in IndexedDB (usable offline): ${fmt(usable)}`);
    log(`  first sync of ${size}, PouchDB replica complete (snapshot + bulkDocs): ${fmt(firstSync)}`);
    log(`  … from navigation start: ${fmt(firstSyncTotal)}`);
    log(`  … the page's main thread blocked meanwhile (long tasks' time past 50 ms, no CPU slowdown): ${fmt(blocking)}`);
    log(`  offline cold start, directory ready: ${fmt(coldReady)}`);
    log(`  offline cold start, results painted: ${fmt(coldPainted)} (target ${size >= 100_000 ? 600 : 150} ms)`);
    log(`  offline cold start, first contentful paint: ${fmt(coldFcp)}`);
    log(`  a listing changed in the store → in the next first-sync snapshot: ${fmt(await snapshotFreshness(couch, `${url}db/sanctuaries/_snapshot`))} (target 1000 ms)`);
    server.close();
    await app.close();
  } finally {
    await browser.close();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 16: how long after a listing changes in the store the gateway's first-sync snapshot has it (the gateway keeps
 * it current from its change feed). Timed from the write to the answer's headers with a new etag; its body is then
 * checked for the change (untimed: reading 100k documents is the device's work, not the gateway's).
 */
async function snapshotFreshness(couch: ReturnType<typeof createCouchClient>, snapshotUrl: string, runs = 3): Promise<number[]> {
  let etag = '';
  for (let tries = 0; !etag; tries++) {
    const res = await fetch(snapshotUrl);
    await res.arrayBuffer();
    if (res.ok) etag = res.headers.get('etag') ?? '';
    else if (tries > 60) throw new Error(`the snapshot answered ${res.status}`);
    else await new Promise((r) => setTimeout(r, 1000));
  }
  const scope = couch.nano.db.use<{ _id: string; _rev: string; name: string }>(DB.sanctuaries);
  const row = (await scope.list({ limit: 5 })).rows.find((r) => !r.id.startsWith('_design/'))!;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const doc = await scope.get(row.id);
    const name = `Freshness Check ${Date.now()} ${run}`;
    const t0 = performance.now();
    await scope.insert({ ...doc, name });
    for (;;) {
      const res = await fetch(snapshotUrl, { headers: { 'if-none-match': etag } });
      if (res.status === 200) {
        times.push(performance.now() - t0);
        etag = res.headers.get('etag') ?? '';
        if (!(await res.text()).includes(name)) throw new Error('a new snapshot without the change');
        break;
      }
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return times;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = (process.argv.slice(2).find((a) => /^\d/.test(a)) ?? '10000,100000').split(',').map(Number);
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
  for (const size of sizes) {
    console.log(`Browser, ${size} sanctuaries:`);
    await benchBrowser(size, size >= 100_000 ? 1 : runs);
  }
  process.exit(0);
}
