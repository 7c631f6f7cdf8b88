// /map on a 390 × 844 phone (issue 17): the map fills the screen under a compact search bar, the results are in a
// bottom sheet that peeks with the count and opens by tap, keyboard or drag, the filters are in their own sheet
// behind a "Filters" button that counts them, and a chosen place shows its card in the sheet. The home page keeps
// the filters habit.
import { expect, test } from '@playwright/test';
import { waitForSync } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test('the map fills the phone screen; the results sheet peeks with the count and opens by tap and by keyboard', async ({ page }) => {
  await page.goto('/map?q=Ohio&radius=500');
  await waitForSync(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Sanctuaries + Rescues' })).toBeVisible();

  // The map starts above the fold and takes most of the screen.
  const map = await page.getByRole('region', { name: 'Map' }).boundingBox();
  expect(map!.y).toBeLessThan(300);
  expect(map!.height).toBeGreaterThan(400);

  const sheet = page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  const handle = sheet.getByRole('button', { name: /found/ });
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  const count = Number((await handle.textContent())!.match(/(\d+) found/)![1]);
  expect(count).toBeGreaterThan(0);
  await expect(sheet.getByRole('list', { name: 'Results' })).toBeHidden();
  const peek = (await sheet.boundingBox())!.height;

  // A tap opens half way: the lettered list shows.
  await handle.tap();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  const results = sheet.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('listitem')).toHaveCount(count);
  const half = (await sheet.boundingBox())!.height;
  expect(half).toBeGreaterThan(peek);

  // The arrow keys step up to full height and back down.
  await handle.press('ArrowUp');
  await expect.poll(async () => (await sheet.boundingBox())!.height).toBeGreaterThan(half + 50);
  await handle.press('ArrowDown');
  await handle.press('ArrowDown');
  await expect(handle).toHaveAttribute('aria-expanded', 'false');

  // Dragging the handle up opens it too.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 500, { steps: 8 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');

  // Choosing a place shows its card in the sheet, with the map in view again.
  const first = results.getByRole('button').first();
  const name = (await first.textContent())!.replace(/^[A-Z]+: /, '').trim();
  await first.click();
  const card = sheet.getByRole('complementary', { name: 'Selected Location' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
  expect(name.length).toBeGreaterThan(0);
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
});

test('the filters open in their own sheet; applying one closes it and the button counts it', async ({ page }) => {
  await page.goto('/map?q=Ohio&radius=500');
  await waitForSync(page);
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAccessibleName('Filters 1 on'); // the 500-mile radius is not the default
  await filters.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Animal type' }).selectOption('pigs');
  await dialog.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/animal=pigs/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName('Filters 2 on');
});

test('the home page keeps the same habit on a phone: the map follows the search, the filters wait behind their button', async ({ page }) => {
  await page.goto('/');
  await waitForSync(page);
  // No page of form controls between the search and the map.
  await expect(page.getByRole('combobox', { name: 'Animal type' })).toBeHidden();
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAccessibleName('Filters');
  const map = await page.getByRole('region', { name: 'Map' }).boundingBox();
  const button = await filters.boundingBox();
  expect(map!.y - (button!.y + button!.height)).toBeLessThan(80);
  // The map is drawn once the visitor does something (here: scrolls), not while the page is starting.
  const mapRegion = page.getByRole('region', { name: 'Map' });
  await expect(mapRegion.getByRole('button', { name: 'Show the map' })).toBeAttached();
  await expect(mapRegion.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await page.mouse.wheel(0, 200);
  await expect(mapRegion.getByRole('button', { name: 'Zoom in' })).toBeVisible();

  await filters.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('combobox', { name: 'Animal type' }).selectOption('goats');
  await dialog.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/animal=goats/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName('Filters 1 on');
  // The results follow the filter: every card shown cares for goats.
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeVisible();
});

test('a search fits its results clear of what lies over the map: the zoom buttons, the location button and the results sheet', async ({ page }) => {
  // This file's phone, a small one and a large one: the insets the fit keeps are the controls' CSS sizes.
  for (const [width, height] of [[390, 844], [360, 640], [430, 932]] as const) for (const q of ['Watkins Glen, NY', 'Ohio']) {
    await page.setViewportSize({ width, height });
    await page.goto(`/map?q=${encodeURIComponent(q)}`);
    await waitForSync(page);
    const map = page.getByRole('region', { name: 'Map' });
    // Every marker and cluster of the fitted view is drawn (letters are "A: Name" buttons, clusters their count).
    const places = map.getByRole('button', { name: /^[A-Z]+: |^\d+$/ });
    await expect(places.first()).toBeVisible();
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // The places drawn under a control, once the map has settled: a change of the map's size after the first fit (the
    // header's height known) fits again, and clusters re-form, so a marker can leave while this runs. It is skipped
    // then, and the poll looks again.
    const underControls = async () => {
      const covers = [
        await map.getByRole('button', { name: 'Zoom out' }).boundingBox(),
        await map.getByRole('button', { name: 'Zoom in' }).boundingBox(),
        await map.getByRole('button', { name: 'Show my location' }).boundingBox(),
        await page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' }).boundingBox(),
      ];
      const under: string[] = [];
      let measured = 0;
      for (const place of await places.all()) {
        const box = await place.boundingBox({ timeout: 500 }).catch(() => null);
        if (!box) continue;
        measured++;
        const name = (await place.getAttribute('aria-label', { timeout: 500 }).catch(() => null)) ?? (await place.textContent({ timeout: 500 }).catch(() => null));
        if (covers.some((cover) => overlap(box, cover!))) under.push(`${width}×${height}, ${q}: ${name} is under a control`);
      }
      return measured > 0 ? under : ['no place measured'];
    };
    await expect.poll(underControls, { timeout: 10_000 }).toEqual([]);
  }
});

test('on a narrow phone, where the site name takes two lines, the map still ends at the tab bar and the sheet peeks whole above it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/map?q=Ohio');
  await waitForSync(page);
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(header.height, 'the header is taller than its one-line height here').toBeGreaterThan(75);
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  const sheet = page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  const tabsTop = (await tabs.boundingBox())!.y;
  await expect.poll(async () => { const b = (await sheet.boundingBox())!; return b.y + b.height; }).toBeLessThanOrEqual(tabsTop + 1);
  const map = (await page.getByRole('region', { name: 'Map' }).boundingBox())!;
  expect(map.y + map.height).toBeLessThanOrEqual(tabsTop + 1);
  await expect(sheet.getByRole('button', { name: /found/ })).toBeInViewport({ ratio: 1 });
});

test('the results stay fitted when the map changes size, until the map is moved by hand', async ({ page }) => {
  await page.setViewportSize({ width: 430, height: 932 });
  await page.goto('/map?q=Ohio');
  await waitForSync(page);
  const mapRegion = page.getByRole('region', { name: 'Map' });
  const places = mapRegion.getByRole('button', { name: /^[A-Z]+: |^\d+$/ });
  await expect(places.first()).toBeVisible();
  const inside = async () => {
    const area = (await mapRegion.boundingBox())!;
    const sheet = (await page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' }).boundingBox())!;
    const out: string[] = [];
    for (const place of await places.all()) {
      // A marker can leave the map while this runs (clusters re-forming): it is then skipped, and the poll looks again.
      const box = await place.boundingBox({ timeout: 500 }).catch(() => null);
      if (!box) continue;
      if (box.x < area.x || box.y < area.y || box.x + box.width > area.x + area.width || box.y + box.height > sheet.y) out.push((await place.getAttribute('aria-label', { timeout: 500 }).catch(() => null)) ?? (await place.textContent({ timeout: 500 }).catch(() => null)) ?? '');
    }
    return out;
  };
  await expect.poll(inside).toEqual([]);

  // How many of the results the map shows: a letter is one, a cluster its count.
  const total = Number((await page.getByRole('button', { name: /\d+ found/ }).textContent())!.match(/(\d+) found/)![1]);
  const shown = async () => {
    const area = (await mapRegion.boundingBox())!;
    let n = 0;
    for (const place of await places.all()) {
      // A marker can leave the map while this runs (clusters re-forming): it is then skipped, and the poll looks again.
      const box = await place.boundingBox({ timeout: 500 }).catch(() => null);
      if (!box || box.x + box.width / 2 < area.x || box.x + box.width / 2 > area.x + area.width || box.y + box.height / 2 < area.y || box.y + box.height / 2 > area.y + area.height) continue;
      const label = (await place.getAttribute('aria-label', { timeout: 500 }).catch(() => null)) ?? (await place.textContent({ timeout: 500 }).catch(() => null)) ?? '';
      n += /^\d+$/.test(label.trim()) ? Number(label) : 1;
    }
    return n;
  };
  expect(total).toBeGreaterThan(3);
  expect(await shown()).toBe(total);

  // A smaller screen (a phone turned, a window made smaller): every result is still in the map, clear of the sheet.
  await page.setViewportSize({ width: 360, height: 640 });
  await expect.poll(inside).toEqual([]);
  expect(await shown()).toBe(total);

  // Zoomed in by hand, two steps (past the larger screen's own fit): a change of size leaves the view alone, so some
  // results stay out of it.
  for (let step = 0; step < 2; step++) {
    await mapRegion.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(600); // the zoom's animation
  }
  expect(await shown()).toBeLessThan(total);
  await page.setViewportSize({ width: 430, height: 932 });
  await page.waitForTimeout(500);
  expect(await shown()).toBeLessThan(total);
});
