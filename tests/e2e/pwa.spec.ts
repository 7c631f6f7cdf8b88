// The installable app: what the service worker precaches, the install banner, and the update prompt.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './helpers';

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
