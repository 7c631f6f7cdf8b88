// An offline cold start at / paints its first screen from the small preview record (the count and the first cards
// in name order) and reads the whole directory after those cards are on screen (issue 13's cold-start target).
import { expect, test } from '@playwright/test';
import { holdAppScript, waitForServiceWorker, waitForSync } from './helpers';

const cardNames = (page: import('@playwright/test').Page) =>
  page
    .getByRole('region', { name: 'Featured Sanctuaries' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));

/** A visit to / that leaves its snapshot on the device (kept once the directory itself is on screen, after the page
 * settles, when the browser is idle), and the service worker in control unless there is none. */
async function visitHome(page: import('@playwright/test').Page, { serviceWorker = true } = {}) {
  await page.goto('/');
  await waitForSync(page);
  if (serviceWorker) await waitForServiceWorker(page);
  await page.waitForFunction(() => performance.getEntriesByName('ss:home-snapshot-saved').length > 0, undefined, { timeout: 30_000 });
}

test('offline, / shows the preview\'s cards and count first, then the whole directory, the same six cards', async ({ page, context }) => {
  await page.goto('/');
  await waitForSync(page);
  await waitForServiceWorker(page);
  await page.waitForFunction(() => performance.getEntriesByName('ss:directory-cached').length > 0, undefined, { timeout: 30_000 });
  const results = page.getByRole('region', { name: 'Featured Sanctuaries' });
  await expect(results.getByRole('article')).toHaveCount(6);
  const online = await cardNames(page);
  const count = await results.getByText(/^\d+ sanctuaries$/).textContent();
  expect([...online].sort((a, b) => a.localeCompare(b))).toEqual(online);

  // The preview record sits beside the directory record in the device's cache.
  const stored = await page.evaluate(
    () =>
      new Promise<{ total: number; names: string[] }>((resolve, reject) => {
        const open = indexedDB.open('ss-cache', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('directory-preview-v1');
          get.onsuccess = () => resolve({ total: get.result.total, names: get.result.first.map((s: { name: string }) => s.name) });
          get.onerror = () => reject(get.error);
        };
      }),
  );
  expect(stored.names).toEqual(online);
  expect(`${stored.total} sanctuaries`).toBe(count);

  await context.setOffline(true);
  await page.reload();
  await expect(results.getByRole('article')).toHaveCount(6);
  expect(await cardNames(page)).toEqual(online);
  await expect(results.getByText(count!, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Sanctuaries' })).toBeVisible();
  // The cards came from the preview, before the whole directory had been read. Read once the directory is: when the
  // page's saved snapshot (localStorage, kept once the page settled) was there too, it painted the cards first, and
  // the preview's mark comes after that paint, not with it.
  await page.waitForFunction(() => performance.getEntriesByName('ss:directory-ready').length > 0);
  const marks = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { preview: at('ss:directory-preview'), painted: at('ss:results-painted'), ready: at('ss:directory-ready')! };
  });
  expect(marks.preview).not.toBeNull();
  expect(marks.preview!).toBeLessThan(marks.ready);
  expect(marks.painted).not.toBeNull();
  expect(marks.painted!).toBeLessThanOrEqual(marks.ready);
  // The whole directory takes over: searching works offline.
  await page.getByPlaceholder('Enter city, state, or ZIP code').fill('Watkins Glen, NY');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
});

test('offline, / shows the device\'s snapshot of the page before the app has run, and the app takes it over with no empty frame', async ({ page, context }) => {
  await visitHome(page);
  const results = page.getByRole('region', { name: 'Featured Sanctuaries' });
  await expect(results.getByRole('article')).toHaveCount(6);
  const online = await cardNames(page);

  // What #root holds the moment it is first filled, whether the app had started then, and the cards in every frame.
  await page.addInitScript(() => {
    const seen = { first: null as null | { appStarted: boolean; cards: string[]; enabledButtons: number; searchBox: boolean }, frames: [] as number[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const cards = () => Array.from(document.getElementById('root')?.querySelectorAll('article') ?? []);
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.firstElementChild) return;
      observer.disconnect();
      seen.first = {
        appStarted: Boolean((window as unknown as { __ssAppStarted?: boolean }).__ssAppStarted),
        cards: cards().map((card) => card.getAttribute('aria-label') ?? ''),
        enabledButtons: root.querySelectorAll('button:not([disabled]):not([inert])').length,
        searchBox: Boolean(root.querySelector('form[role="search"] input[type="search"]:not([disabled]):not([inert])')),
      };
    }).observe(document, { childList: true, subtree: true });
    const sample = () => {
      seen.frames.push(cards().length);
      if (performance.now() < 5000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => performance.getEntriesByName('ss:directory-ready').length > 0);
  await page.waitForTimeout(1000);
  const seen = await page.evaluate(() => (window as unknown as { __seen: { first: { appStarted: boolean; cards: string[]; enabledButtons: number; searchBox: boolean } | null; frames: number[] } }).__seen);
  // The first content came from the snapshot, before the app's JavaScript had run: the same cards, controls
  // waiting for the app, the search box ready for typing.
  expect(seen.first).toEqual({ appStarted: false, cards: online, enabledButtons: 0, searchBox: true });
  // The snapshot was on screen before the app's JavaScript was asked for (web/inline/start-app.js), so evaluating it
  // did not hold that frame back.
  const order = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    entry: performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname.startsWith('/assets/index-'))?.startTime ?? null,
  }));
  expect(order.paint).not.toBeNull();
  expect(order.entry).not.toBeNull();
  expect(order.entry!).toBeGreaterThanOrEqual(order.paint!);
  // Once cards were on screen, no frame was without them (the app's first render replaced them with its own).
  const firstWithCards = seen.frames.findIndex((n) => n > 0);
  expect(firstWithCards).toBeGreaterThanOrEqual(0);
  expect(seen.frames.slice(firstWithCards).filter((n) => n === 0)).toEqual([]);
  // And the app runs the page: the same cards, and a search works.
  await expect(results.getByRole('article')).toHaveCount(6);
  expect(await cardNames(page)).toEqual(online);
  await page.getByPlaceholder('Enter city, state, or ZIP code').fill('Watkins Glen, NY');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
});

test('a search typed and submitted into the snapshot before the app has started is run when it starts', async ({ browser }) => {
  // No service worker here: the test serves the app shell for / itself (what the worker answers for a visit to /),
  // so that it can hold the app's entry script back.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await visitHome(page, { serviceWorker: false });
  await page.route(
    (url) => url.pathname === '/',
    async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) }),
  );
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByPlaceholder('Enter city, state, or ZIP code');
  await box.fill('Watkins Glen, NY');
  await box.press('Enter');
  // That was the snapshot's box: the app has not started, and nothing has searched yet.
  expect(await page.evaluate(() => (window as unknown as { __ssAppStarted?: boolean }).__ssAppStarted ?? false)).toBe(false);
  await expect(page.getByRole('region', { name: 'Featured Sanctuaries' }).getByRole('article')).toHaveCount(6);
  await expect(page).not.toHaveURL(/q=/);
  release();
  await expect(page).toHaveURL(/q=Watkins/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await expect(box).toHaveValue('Watkins Glen, NY');
  await context.close();
});
