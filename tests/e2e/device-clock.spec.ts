// A device's clock can go back (a wrong time corrected, a dead battery, a traveller's manual setting). PouchDB's
// IndexedDB adapter numbers each opening of a database by the clock, and IndexedDB refuses a number lower than the
// last one, so after such a change the device's copy could not be opened at all and the sync status stayed on
// "Syncing…" (apache/pouchdb#8639; patched in patches/pouchdb-adapter-indexeddb+9.0.0.patch).
import { expect, test } from '@playwright/test';
import { waitForSync } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

test('after the device clock is set back a month, the device still opens its copy, syncs and shows a listing', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/VersionError|less than the existing version/i.test(m.text())) refused.push(m.text());
  });
  const now = Date.now();
  await page.clock.setFixedTime(now + 30 * DAY);
  await page.goto('/');
  await waitForSync(page);
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny');
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
  await waitForSync(page);

  await page.clock.setFixedTime(now);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
  await waitForSync(page);
  await page.getByRole('link', { name: 'Discover', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Featured Sanctuaries' }).getByRole('article')).toHaveCount(6);
  await waitForSync(page);
  expect(refused).toEqual([]);
});
