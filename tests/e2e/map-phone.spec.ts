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
  for (const q of ['Watkins Glen, NY', 'Ohio']) {
    await page.goto(`/map?q=${encodeURIComponent(q)}`);
    await waitForSync(page);
    const map = page.getByRole('region', { name: 'Map' });
    // Every marker and cluster of the fitted view is drawn (letters are "A: Name" buttons, clusters their count).
    const places = map.getByRole('button', { name: /^[A-Z]+: |^\d+$/ });
    await expect(places.first()).toBeVisible();
    const covers = [
      await map.getByRole('button', { name: 'Zoom out' }).boundingBox(),
      await map.getByRole('button', { name: 'Zoom in' }).boundingBox(),
      await map.getByRole('button', { name: 'Show my location' }).boundingBox(),
      await page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' }).boundingBox(),
    ];
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const place of await places.all()) {
      const box = await place.boundingBox();
      if (!box) continue;
      for (const cover of covers) expect(overlap(box, cover!), `${q}: ${await place.getAttribute('aria-label') ?? await place.textContent()} is under a control`).toBe(false);
    }
  }
});
