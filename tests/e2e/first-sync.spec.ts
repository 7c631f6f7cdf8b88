// A device's first sync: the gateway's snapshots are written to the device's databases in a worker
// (web/src/data/first-sync.worker.ts), off the page's thread, and replication goes on from the snapshot's sequence.
// Where the browser has no workers, the page loads the snapshot itself (web/src/data/sync.ts).
import { expect, test, type Page } from '@playwright/test';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { sortByName } from '@ss/domain/sort';
import { minimalSanctuaryDoc, storeClient, waitForServiceWorker, waitForSync } from './helpers';

/** What PouchDB's IndexedDB adapter keeps about a local database (its `meta` record), read beside the app. */
async function localDatabase(page: Page, name: string) {
  return page.evaluate(
    (idbName) =>
      new Promise<{ doc_count: number; seq: number } | null>((resolve, reject) => {
        const open = indexedDB.open(idbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) return (db.close(), resolve(null));
          const get = db.transaction('meta').objectStore('meta').get('meta');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => (db.close(), resolve((get.result as { doc_count: number; seq: number } | undefined) ?? null));
        };
      }),
    `_pouch_${name}`,
  );
}

/** The directory's record (web/src/data/directory-record.ts), as a cold start reads it. */
async function directoryRecord(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ localSeq: number | string; items: Sanctuary[] } | undefined>((resolve, reject) => {
        const open = indexedDB.open('ss-cache', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('directory-v1');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => (open.result.close(), resolve(get.result as { localSeq: number | string; items: Sanctuary[] } | undefined));
        };
      }),
  );
}

/** The `since` of every request the page makes for a public database's changes. */
function changesRequests(page: Page): string[] {
  const since: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/db\/(sanctuaries|reviews)\/_changes$/.test(url.pathname)) since.push(url.searchParams.get('since') ?? '(none)');
  });
  return since;
}

/** How many documents the gateway's snapshot of a public database holds (its first line). */
async function snapshotCount(page: Page, name: 'sanctuaries' | 'reviews'): Promise<number> {
  const body = await (await page.request.get(`/db/${name}/_snapshot`, { headers: { accept: 'application/x-ndjson' } })).text();
  return (JSON.parse(body.slice(0, body.indexOf('\n'))) as { doc_count: number }).doc_count;
}

async function expectFilledFromSnapshot(page: Page, since: string[]) {
  // Every document of both snapshots is in the device's databases (and what replication brought since).
  for (const name of ['sanctuaries', 'reviews'] as const) {
    const local = await localDatabase(page, `ss-${name}`);
    expect(local, name).not.toBeNull();
    expect(local!.doc_count, name).toBeGreaterThanOrEqual(await snapshotCount(page, name));
  }
  expect(await snapshotCount(page, 'sanctuaries')).toBeGreaterThan(0);
  // The directory's record holds every listing, in name order, as of the local database's sequence: a cold start
  // reads it and catches up from there.
  await expect
    .poll(async () => {
      const [record, local] = await Promise.all([directoryRecord(page), localDatabase(page, 'ss-sanctuaries')]);
      return record && { count: record.items.length, seq: Number(record.localSeq) === local!.seq };
    })
    .toEqual({ count: (await localDatabase(page, 'ss-sanctuaries'))!.doc_count, seq: true });
  const { items } = (await directoryRecord(page))!;
  expect(items.map((s) => s.id)).toEqual(sortByName(items).map((s) => s.id));
  expect(items.find((s) => s.id === 'farm-sanctuary-watkins-glen-ny')).toMatchObject({ name: 'Farm Sanctuary', state: 'NY' });
  // Replication continued from the snapshot's sequence: it never asked for the changes from the start.
  expect(since.length).toBeGreaterThan(0);
  expect(since.filter((s) => s === '0' || s === '(none)')).toEqual([]);
}

/** A first visit to `/`, until the directory is on screen and synced: the workers started and the changes asked for. */
async function firstVisit(page: Page) {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const since = changesRequests(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured Sanctuaries' }).getByRole('article')).toHaveCount(6);
  await waitForSync(page);
  return { workers, since };
}

test("a first visit writes the directory and its reviews in a worker, and replication goes on from the snapshot's sequence", async ({ page, context }) => {
  const { workers, since } = await firstVisit(page);
  expect(workers.filter((url) => /\/first-sync\.worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
  await expectFilledFromSnapshot(page, since);

  // The next visit has the databases: no worker, and the page reads what the worker wrote, offline too.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny');
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Animals & Services' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured Sanctuaries' }).getByRole('article')).toHaveCount(6);
  expect(workers).toHaveLength(1);
});

test('where the browser has no workers, the page loads the snapshot itself, with the same result', async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without dedicated workers (the first sync then runs on the page, in one-frame batches).
    delete (window as { Worker?: unknown }).Worker;
  });
  const { workers, since } = await firstVisit(page);
  expect(workers).toEqual([]);
  await expectFilledFromSnapshot(page, since);
});

test('a copy whose first sync was cut off is filled from a new snapshot, not replicated from the start, and loses what the server deleted since', async ({ page }) => {
  const sanctuaries = storeClient().use('sanctuaries');
  const id = `e2e-cut-off-${Date.now()}`;
  await sanctuaries.insert(minimalSanctuaryDoc(id, 'Zz E2E Cut Off Sanctuary') as never);
  let deleted = false;
  try {
    await firstVisit(page);
    await expect.poll(async () => (await directoryRecord(page))?.items.some((s) => s.id === id)).toBe(true);

    // The page goes (its databases close), and the copy is left as a first sync cut off while writing leaves it: the
    // documents, but no saved sequence and no replication checkpoint (PouchDB's own, which would otherwise let
    // replication resume). Meanwhile the listing is deleted on the server.
    await page.goto('/robots.txt');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('_pouch_ss-sanctuaries');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('meta', 'readwrite');
            tx.objectStore('meta').delete(IDBKeyRange.bound('_local/', '_local/\uffff'));
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await sanctuaries.destroy(id, (await sanctuaries.get(id))._rev);
    deleted = true;

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/db/sanctuaries/_snapshot') asked.push('snapshot');
      if (url.pathname === '/db/sanctuaries/_changes') asked.push(`changes since ${url.searchParams.get('since') ?? '(none)'}`);
    });
    await page.goto('/');
    await waitForSync(page);
    // The directory no longer has the deleted listing, and its record says so for the next cold start.
    await expect.poll(async () => (await directoryRecord(page))?.items.some((s) => s.id === id), { timeout: 20_000 }).toBe(false);
    expect(asked[0]).toBe('snapshot');
    expect(asked.filter((a) => a === 'changes since 0' || a === 'changes since (none)')).toEqual([]);
    const local = await localDatabase(page, 'ss-sanctuaries');
    expect(local!.doc_count).toBe(await snapshotCount(page, 'sanctuaries'));
  } finally {
    if (!deleted) await sanctuaries.destroy(id, (await sanctuaries.get(id))._rev);
  }
});
