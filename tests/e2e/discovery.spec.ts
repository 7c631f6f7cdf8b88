// Finding a sanctuary: place and word search on the device, filters, the lettered map and list, the
// selected-location card, the detail page, and all of it with the network cut.
import { expect, test, type Page } from '@playwright/test';
import { storeClient, waitForServiceWorker, waitForSync } from './helpers';

/** The accessible name of a single element, as assistive technology announces it. */
async function accessibleName(locator: import('@playwright/test').Locator): Promise<string> {
  const snapshot = await locator.ariaSnapshot();
  return /"(.*)"/.exec(snapshot)?.[1] ?? '';
}

async function distancesInList(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Results' }).getByRole('button').allTextContents();
  return texts.map((t) => Number(/([\d.]+) mi/.exec(t)?.[1]));
}

// Test listings in Montana, where neither the seed nor other suites put sanctuaries, so these expectations do
// not depend on what else the shared stack holds.
const PIG_HAVEN = 'e2e-pig-haven-absarokee-mt';
const GOAT_RESCUE = 'e2e-goat-rescue-columbus-mt';

test.beforeAll(async () => {
  const couch = storeClient();
  const now = new Date().toISOString();
  const base = {
    type: 'sanctuary', schemaVersion: 1, address: '', state: 'MT', zipCode: '', coordinatesApproximate: true, specialNeeds: '', imageUrls: [],
    createdAt: now, updatedAt: now,
  };
  const docs = [
    {
      ...base, _id: PIG_HAVEN, name: 'E2E Pig Haven', description: 'A test listing for pigs and goats.', city: 'Absarokee', latitude: 45.5204, longitude: -109.4429,
      phone: '555-0100', email: 'hello@example.org', website: 'https://example.org', animalTypes: ['pigs', 'goats', 'cows', 'sheep'],
      isVerified: true, acceptingAnimals: true, hasVolunteerOpportunities: true, volunteerInfo: 'Saturday mornings', hasToursAvailable: true,
      tourSchedule: 'Sundays at 1 PM', operatingHours: { Monday: '9:00 AM - 5:00 PM', Tuesday: '' },
      upcomingEvents: [{ title: 'Open Barn Day', date: '2099-06-01', description: 'Meet the residents.' }],
    },
    {
      ...base, _id: GOAT_RESCUE, name: 'E2E Goat Rescue', description: 'A second test listing.', city: 'Columbus', latitude: 45.6366, longitude: -109.2518,
      phone: '', email: '', website: '', animalTypes: ['goats'], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false,
      volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', operatingHours: {}, upcomingEvents: [],
    },
  ];
  for (const doc of docs) {
    await couch.use('sanctuaries').insert(doc as never).catch((err: { statusCode?: number }) => {
      if (err.statusCode !== 409) throw err;
    });
  }
});

test.afterAll(async () => {
  const db = storeClient().use('sanctuaries');
  for (const id of [PIG_HAVEN, GOAT_RESCUE]) {
    const doc = await db.get(id);
    await db.destroy(doc._id, doc._rev);
  }
});

test('searching a ZIP lists the nearest sanctuaries with distances, nearest first', async ({ page }) => {
  await page.goto('/');
  await waitForSync(page);
  const box = page.getByPlaceholder('Enter city, state, or ZIP code');
  const searchButton = page.getByRole('button', { name: 'Search', exact: true });
  await expect(searchButton).toBeDisabled();
  await box.fill('   ');
  await expect(searchButton).toBeDisabled();
  await box.fill(' 59001 ');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=59001/);
  await expect(page.getByText(/near .+, MT 59001/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  // The place list was loaded by its worker, not on the page (a worker's downloads are in its own resource timing).
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/geo\/(places|zips)\.json/.test(e.name)).length)).toBe(0);
  const nearest = page.getByRole('region', { name: 'Nearest Sanctuaries' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /View Details/ }) });
  await expect(nearest.first()).toContainText('E2E Pig Haven');
  await expect(nearest.first()).toContainText(/\d+\.\d miles/);
  await expect(nearest.first()).toContainText('+1 more');
  await expect(nearest.nth(1)).toContainText('E2E Goat Rescue');
  const miles = (await nearest.allTextContents()).map((t) => Number(/([\d.]+) miles/.exec(t)?.[1]));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  // Back restores the previous (unsearched) home page.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Featured Sanctuaries' })).toBeVisible();
});

test('map: filters narrow the list, letters match the markers, a marker selects its card', async ({ page }) => {
  // 50 miles: the two test listings only, so the map fits them close enough that their markers stand apart.
  await page.goto('/map?q=59001&radius=50');
  await waitForSync(page);
  const list = page.getByRole('list', { name: 'Results' });
  await expect(list.getByRole('button').first()).toContainText('E2E Pig Haven');
  const before = await list.getByRole('button').count();
  expect(before).toBeGreaterThanOrEqual(2);
  const d = await distancesInList(page);
  expect(d).toEqual([...d].sort((a, b) => a - b));

  // Letters: list item i is letter i, and the map has a marker with the same letter and name.
  for (const [i, letter] of ['A', 'B'].entries()) {
    await expect(list.getByRole('button').nth(i)).toHaveAccessibleName(new RegExp(`^${letter}: `));
  }
  await expect(list.getByRole('button').first()).toHaveAccessibleName(/^A: E2E Pig Haven/);
  // Every lettered marker on the map carries the same letter and name as its list item (close ones cluster).
  const markers = page.locator('.leaflet-marker-pane').getByRole('button', { name: /^[A-Z]+: / });
  await expect(markers.first()).toBeVisible();
  for (const marker of await markers.all()) {
    const name = await accessibleName(marker);
    const [letter, sanctuary] = name.split(': ');
    await expect(list.getByRole('button', { name: new RegExp(`^${letter}: ${sanctuary}`) })).toBeVisible();
  }

  // Clicking a marker selects it: the 'Selected Location' card shows that sanctuary.
  // Wait until the map has fitted the results (until then the markers may be clustered or off screen).
  const firstMarker = page.locator('.leaflet-marker-pane').getByRole('button', { name: 'A: E2E Pig Haven' });
  await expect(firstMarker).toBeInViewport({ timeout: 20_000 });
  const markerName = (await accessibleName(firstMarker)).split(': ')[1]!;
  await firstMarker.click();
  const card = page.getByRole('complementary', { name: 'Selected Location' });
  await expect(card).toContainText(markerName);
  await card.getByRole('button', { name: 'Close selected location' }).click();
  await expect(card).toBeHidden();
  // So does clicking a list item.
  await list.getByRole('button', { name: /^A: E2E Pig Haven/ }).click();
  await expect(card).toContainText('E2E Pig Haven');

  await page.getByLabel('Animal type').selectOption('pigs');
  await page.getByLabel('Service').selectOption('tours');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('1 found')).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(1);
  await page.getByLabel('Animal type').selectOption('horses');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No locations found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
});

test('a seeded listing shows its sourced facts, where they come from and when they were checked, and invites a claim', async ({ page }) => {
  await page.goto('/sanctuary/animal-place-grass-valley-ca');
  await expect(page.getByRole('heading', { level: 1, name: 'Animal Place' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visit Website/ })).toHaveAttribute('href', 'http://animalplace.org/');
  await expect(page.getByRole('link', { name: '(530) 477-1757' })).toBeVisible();
  const sources = page.getByRole('region', { name: 'Where this comes from' });
  await expect(sources.getByText(/last checked November 24, 2026/)).toBeVisible();
  await expect(sources.getByRole('link', { name: /github\.com\/Moskowitza\/go-vegan/ })).toHaveAttribute('href', /go-vegan/);
  await sources.getByRole('link', { name: 'Claim it' }).click();
  await expect(page.getByRole('heading', { name: 'For the sanctuary' })).toBeInViewport();
});

test('the detail page shows every section of a sanctuary', async ({ page }) => {
  await page.goto(`/sanctuary/${PIG_HAVEN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Pig Haven' })).toBeVisible();
  await expect(page.getByText('VERIFIED')).toBeVisible();
  for (const name of ['About', 'Animals & Services', 'Volunteer Opportunities', 'Upcoming Events', 'Reviews & Ratings', 'Contact', 'Operating Hours', 'Tour Information']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Open Barn Day')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact About Volunteering' })).toHaveAttribute('href', /^mailto:hello@example\.org/);
  await expect(page.getByRole('link', { name: 'Schedule a Tour' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: /Visit Website/ })).toHaveAttribute('href', 'https://example.org');
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /45\.5204,-109\.4429/);
  // A blank day within listed hours shows 'Closed'.
  await expect(page.getByRole('definition').filter({ hasText: 'Closed' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('with the network cut, searching by ZIP and by name still works', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await waitForSync(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  const box = page.getByPlaceholder('Enter city, state, or ZIP code');
  await box.fill('44101');
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Nearest Sanctuaries' })).toContainText('Happy Trails Farm Animal Sanctuary');
  await box.fill('Gentle Barn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article', { name: 'The Gentle Barn', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'The Gentle Barn Tennessee' })).toBeVisible();
  await box.fill('qqqzzzxx');
  await box.press('Enter');
  await expect(page.getByText('No sanctuaries found')).toBeVisible();
  await context.close();
});

// 1366 × 650: what a browser leaves of the common 1366 × 768 laptop screen.
for (const size of [{ width: 1280, height: 720 }, { width: 1366, height: 650 }]) test.describe(`on a laptop screen, ${size.width}×${size.height}`, () => {
  test.use({ viewport: size });

  test('the map and the list fit the window under the search: every fitted result is in view without scrolling', async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto('/map?q=Ohio');
    await waitForSync(page);
    const map = page.getByRole('region', { name: 'Map' });
    const places = map.getByRole('button', { name: /^[A-Z]+: |^\d+$/ });
    await expect(places.first()).toBeVisible();
    const viewport = page.viewportSize()!;
    const mapBox = (await map.boundingBox())!;
    const listBox = (await page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' }).boundingBox())!;
    // A usable map, wholly in the window; the list beside it as tall, scrolling on its own.
    expect(mapBox.height).toBeGreaterThan(250);
    expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(viewport.height);
    expect(listBox.y + listBox.height).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const place of await places.all()) {
      const box = await place.boundingBox();
      if (!box) continue;
      const name = (await place.getAttribute('aria-label')) ?? (await place.textContent());
      expect(box.y + box.height, `${name} is below the window`).toBeLessThanOrEqual(viewport.height);
    }
  });
});

test('map: a cluster opens when tapped, and two sanctuaries at one address stand apart once one is chosen', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  // Blairstown, NJ: two listings at one place (the seed's "For the Animals Sanctuary" and "The Barnyard Sanctuary").
  await page.goto('/map?q=Blairstown, NJ');
  await waitForSync(page);
  const map = page.getByRole('region', { name: 'Map' });
  const places = map.getByRole('button', { name: /^[A-Z]+: |^\d+$/ });
  const cluster = map.getByRole('button', { name: /^\d+$/ }).first();
  await expect(cluster).toBeVisible();
  const before = await places.count();
  await cluster.click();
  // What it held is drawn as more markers (letters, or smaller clusters).
  await expect.poll(() => places.count()).toBeGreaterThan(before);

  await page.getByRole('list', { name: 'Results' }).getByRole('button', { name: /For the Animals Sanctuary/ }).click();
  const a = map.getByRole('button', { name: 'A: For the Animals Sanctuary' });
  const b = map.getByRole('button', { name: 'B: The Barnyard Sanctuary' });
  await expect(a).toBeVisible();
  await expect(b).toBeVisible();
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  // Each whole tap target its own: the two boxes do not overlap.
  expect(boxA.y + boxA.height <= boxB.y || boxB.y + boxB.height <= boxA.y || boxA.x + boxA.width <= boxB.x || boxB.x + boxB.width <= boxA.x).toBe(true);
  await b.click();
  await expect(page.getByRole('complementary', { name: 'Selected Location' })).toContainText('The Barnyard Sanctuary');
});
