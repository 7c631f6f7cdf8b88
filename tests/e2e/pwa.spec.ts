// The installable app: what the service worker precaches, the install banner, and the update prompt.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { holdFirstSync, waitForServiceWorker, waitForSync } from './helpers';

const SW_FILE = path.resolve(import.meta.dirname, '../../web/dist/sw.js');

test('the service worker precaches the shell, every route chunk and the gazetteer', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  for (const file of ['/index.html', '/geo/places.json', '/geo/zips.json', '/manifest.webmanifest', '/icons/icon.svg']) {
    expect(cached, file).toContain(file);
  }
  const assets = fs.readdirSync(path.resolve(import.meta.dirname, '../../web/dist/assets')).filter((f) => f.endsWith('.js'));
  for (const asset of assets) expect(cached, asset).toContain(`/assets/${asset}`);
});

test("a first visit installs the service worker after the directory's first sync, not beside it", async ({ page }) => {
  const release = await holdFirstSync(page);
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('status').filter({ hasText: /Syncing/ })).toBeVisible();
  // Registration used to start at the load event: for 3 s after it, while the sync is held, nothing is registered.
  for (let i = 0; i < 6; i++) {
    await page.waitForTimeout(500);
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(false);
  }
  release();
  await waitForSync(page);
  await waitForServiceWorker(page);
});

test('install banner: shown on the browser offer; Install prompts and hides it; Dismiss hides it; installed removes it', async ({ page }) => {
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void> };
      (window as unknown as { prompted: number }).prompted = 0;
      event.prompt = async () => {
        (window as unknown as { prompted: number }).prompted++;
      };
      window.dispatchEvent(event);
    });
  const banner = page.getByRole('region', { name: 'Install the app' });

  await page.goto('/');
  await expect(banner).toBeHidden();
  await offer();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Install' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);

  await page.reload();
  await offer();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await offer();
  await expect(banner).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(banner).toBeHidden();
});

test('a new service worker waits and the page offers "A new version is available" with Reload', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const original = fs.readFileSync(SW_FILE, 'utf8');
  try {
    // Publish a "new version" of the service worker, then let the page find it.
    fs.writeFileSync(SW_FILE, `${original}\n// test update ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Animal Sanctuaries' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'A new version is available' })).toBeHidden();
    expect(before).toContain('/sw.js');
  } finally {
    fs.writeFileSync(SW_FILE, original);
  }
});

test('when map tiles cannot load, the map still shows US state outlines under the markers', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto('/map');
  const map = page.getByRole('region', { name: 'Map' });
  await expect(map.locator('[data-offline-base-layer="ready"]')).toBeVisible();
  // One outline per state and territory in us-atlas.
  expect(await map.locator('svg path').count()).toBeGreaterThanOrEqual(50);
  await expect(map.getByRole('button', { name: /^[A-Z]+: |^\d+$/ }).first()).toBeVisible();
});

/**
 * A 1×1 PNG stands in for the tile server (there is no internet here); context.route also answers the service
 * worker's own tile requests. The map's tests unroute it to go offline.
 */
async function answerTiles(page: Page) {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png, headers: { 'access-control-allow-origin': '*' } }));
}

test.describe('at 2 device pixels per CSS pixel', () => {
  test.use({ deviceScaleFactor: 2 });
  test('an area saved for another screen says so and is saved again for this one, its old tiles removed', async ({ page }) => {
    test.setTimeout(150_000);
    await answerTiles(page);
    await page.goto('/map?q=44101&radius=5');
    await expect(page.getByText(/near Cleveland, OH/)).toBeVisible();
    // What a version before sharper tiles saved on this screen: zoom 12's tiles for a map at zoom 12 (no zoomOffset).
    const oldTile = 'https://tile.openstreetmap.org/12/1118/1528.png';
    await page.evaluate(async (url) => {
      await (await caches.open('map-tiles')).put(url, new Response(new Blob([new Uint8Array([137, 80, 78, 71])]), { headers: { 'content-type': 'image/png' } }));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('ss-cache', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('kv');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const area = { id: 'old-area', name: 'Cleveland, OH', bounds: { south: 41.49, west: -81.7, north: 41.5, east: -81.69 }, fromZoom: 12, toZoom: 12, tiles: 1, bytes: 4, savedAt: '2026-11-30T12:00:00.000Z' };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('kv', 'readwrite');
        tx.objectStore('kv').put([area], 'offline-areas-v1');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, oldTile);
    await page.reload();
    await expect(page.getByText(/near Cleveland, OH/)).toBeVisible();
    await page.getByRole('button', { name: 'Save this area for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
    await expect(dialog.getByText('Saved for another screen: its map does not show here offline.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save again: Cleveland, OH' }).click();
    await expect(page.getByText('Area saved for offline').first()).toBeVisible({ timeout: 90_000 });
    // Saved again: this screen's tiles (zoom 13 for the map's 12), the old copy's tile gone, one area in the list.
    const cached = await page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).map((r) => r.url));
    expect(cached.length).toBeGreaterThan(0);
    expect(new Set(cached.map((url) => Number(new URL(url).pathname.split('/')[1])))).toEqual(new Set([13]));
    expect(cached).not.toContain(oldTile);
    await page.getByRole('button', { name: 'Save this area for offline' }).click();
    await expect(dialog.getByText(/^Cleveland, OH · \d+ tiles/)).toHaveCount(1);
    await expect(dialog.getByText('Saved for another screen: its map does not show here offline.')).toHaveCount(0);
  });
});

for (const scale of [1, 2]) {
  test.describe(`at ${scale} device pixel${scale > 1 ? 's' : ''} per CSS pixel`, () => {
    test.use({ deviceScaleFactor: scale });
    test('save the visible map area for offline: size shown, progress, saved list, delete', async ({ page }) => {
      test.setTimeout(150_000);
      await answerTiles(page);
      await page.goto('/map?q=44101&radius=5');
      await expect(page.getByText(/near Cleveland, OH/)).toBeVisible();
      await page.getByRole('button', { name: 'Save this area for offline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
      await expect(dialog).toContainText(/zoom levels \d+ to \d+: \d+ tiles, about [\d.]+ MB/);
      const described = (await dialog.textContent()) ?? '';
      const tiles = Number(/: (\d+) tiles/.exec(described)![1]);
      expect(tiles).toBeGreaterThan(0);
      expect(tiles).toBeLessThanOrEqual(400);
      await dialog.getByRole('button', { name: 'Save area' }).click();
      await expect(page.getByText('Area saved for offline').first()).toBeVisible({ timeout: 90_000 });
      const cached = await page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).map((r) => r.url));
      expect(cached).toHaveLength(tiles);
      // On a high-resolution screen the area's tiles are the next zoom's (drawn at half size, so they are sharp there).
      const [, from, to] = /zoom levels (\d+) to (\d+)/.exec(described)!.map(Number);
      const zooms = new Set(cached.map((url) => Number(new URL(url).pathname.split('/')[1])));
      expect(Math.min(...zooms)).toBe(from! + (scale > 1 ? 1 : 0));
      expect(Math.max(...zooms)).toBe(to! + (scale > 1 ? 1 : 0));

      // Offline, the map's tiles come from the saved copy: the service worker's tile route serves that cache.
      await waitForServiceWorker(page);
      await page.context().unroute(/tile\.openstreetmap\.org/);
      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByText(/near Cleveland, OH/)).toBeVisible();
      const shownTiles = () =>
        page.evaluate(() => Array.from(document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img')).filter((img) => img.complete && img.naturalWidth > 0).length);
      await expect.poll(shownTiles, { timeout: 15_000 }).toBeGreaterThan(0);
      // Each tile is drawn at 256 CSS pixels, or at 128 with twice the pixels on a high-resolution screen.
      const sizes = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img'), (img) => img.getBoundingClientRect().width));
      expect(new Set(sizes)).toEqual(new Set([256 / scale]));
      await page.context().setOffline(false);

      await page.getByRole('button', { name: 'Save this area for offline' }).click();
      await expect(dialog.getByRole('heading', { name: 'Saved areas' })).toBeVisible();
      await dialog.getByRole('button', { name: /^Delete saved area/ }).click();
      await expect(dialog.getByRole('heading', { name: 'Saved areas' })).toBeHidden();
      expect(await page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).length)).toBe(0);
    });
  });
}
