// Issue #7's budget: the JavaScript the first paint of `/` waits for stays within 170 KB of gzip, and the map
// (Leaflet) loads only where a map is shown. Measured on the built app the stack serves, in a phone viewport.
import { gzipSync } from 'node:zlib';
import { devices, expect, test } from '@playwright/test';

/** The budget, in KiB (1024 bytes) of gzip -9, as Lighthouse counts kilobytes. */
const BUDGET_KIB = 170;

test.use({ viewport: devices['Pixel 7'].viewport, isMobile: true, hasTouch: true });

test('initial JavaScript on / is within the budget, and no Leaflet code loads there on a phone', async ({ page, request }) => {
  // Every script the page fetches, by path, with its body.
  const scripts = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js') || res.status() !== 200) return;
    pending.push(res.body().then((body) => void scripts.set(url.pathname, body)).catch(() => undefined));
  });

  // What the first paint waits for: the entry module and everything it imports statically, which Vite lists
  // as modulepreload links. Lazily loaded chunks (PouchDB, forms, the map…) are not in this set.
  const html = await (await request.get('/')).text();
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(entry).toHaveLength(1);
  const initial = [...entry, ...preloads];

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Not 'networkidle': live replication keeps a request open. Every initial script has arrived by now, and the
  // page has loaded; wait for their bodies.
  await page.waitForLoadState('load');
  await expect.poll(async () => (await Promise.all(pending), initial.filter((p) => !scripts.has(p)))).toEqual([]);

  let total = 0;
  const lines: string[] = [];
  for (const path of initial) {
    const body = scripts.get(path);
    expect(body, `${path} is requested on /`).toBeDefined();
    const gz = gzipSync(new Uint8Array(body!), { level: 9 }).length;
    total += gz;
    lines.push(`${(gz / 1024).toFixed(1).padStart(7)} KiB  ${path}`);
  }
  console.log(`Initial JavaScript on / (gzip -9):\n${lines.join('\n')}\n${(total / 1024).toFixed(1).padStart(7)} KiB  total (budget ${BUDGET_KIB} KiB)`);
  expect(total / 1024).toBeLessThanOrEqual(BUDGET_KIB);

  // Leaflet's code names its container class; no script loaded on / on a phone may carry it.
  const withLeaflet = [...scripts].filter(([, body]) => body.includes('leaflet-container')).map(([path]) => path);
  expect(withLeaflet).toEqual([]);
  // The check above can see Leaflet: the map page does load it.
  await page.goto('/map');
  await expect.poll(() => [...scripts.values()].some((body) => body.includes('leaflet-container'))).toBe(true);
});
