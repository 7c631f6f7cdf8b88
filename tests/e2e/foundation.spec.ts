// The walking skeleton, as a visitor sees it: every route, the shared layout, seeded sanctuaries read from
// the replicated local database, live replication, and the app working offline after one visit.
import { expect, test } from '@playwright/test';
import { storeClient, waitForServiceWorker, waitForSync } from './helpers';

const ROUTES: Array<[path: string, heading: string | RegExp]> = [
  ['/', 'Discover Animal Sanctuaries'],
  ['/map', 'Find Sanctuaries + Rescues'],
  ['/sanctuary/farm-sanctuary-watkins-glen-ny', 'Farm Sanctuary'],
  ['/about', /About/],
  ['/faq', 'Frequently Asked Questions'],
  ['/contact', 'Contact Us'],
  ['/reviews', 'Seekers Community'],
  ['/saved', 'Saved Sanctuaries'],
  ['/login', 'Sign in to your account'],
  ['/register', 'Create your account'],
  ['/admin', 'Admin Dashboard'],
  ['/addmysanctuary', 'Submit Your Sanctuary or Rescue'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/no/such/page', '404 Page Not Found'],
];

test('every route shows its title as the one page heading', async ({ page }) => {
  for (const [path, heading] of ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), `${path} has one h1`).toHaveCount(1);
  }
});

test('an unknown path shows the 404 page with a router hint, a missing asset is a real 404', async ({ page, request }) => {
  await page.goto('/definitely-not-a-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText(/forget to add the page to the router/)).toBeVisible();
  expect((await request.get('/assets/missing-file.js')).status()).toBe(404);
  expect((await request.get('/api/nope')).status()).toBe(404);
});

test('/profile signed out: Unauthorized toast, then /login after 500 ms', async ({ page }) => {
  await page.goto('/profile');
  // Radix also copies the toast into a screen-reader announcement, hence first().
  await expect(page.getByText('Unauthorized', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('home shows seeded sanctuaries from the local database as cards', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Sanctuaries' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  // Seeded listings are unverified with unknown intake status: no invented FULL badge, no phone numbers.
  await expect(page.getByText('Intake status not listed').first()).toBeVisible();
  await expect(page.getByText('VERIFIED')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View All Sanctuaries' })).toHaveAttribute('href', '/map');
  await cards.first().getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/sanctuary\//);
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown sanctuary id shows Sanctuary Not Found', async ({ page }) => {
  await page.goto('/');
  await waitForSync(page);
  await page.goto('/sanctuary/no-such-sanctuary');
  await expect(page.getByRole('heading', { name: 'Sanctuary Not Found' })).toBeVisible();
  await expect(page.getByText("The sanctuary you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test('shared layout: header links, footer groups, tiny admin dot, ctrl+shift+A', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Discover', 'Map', 'About', 'FAQ', 'Contact']) await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Support Us/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  const support = page.getByRole('navigation', { name: 'Support' });
  for (const name of ['Add Your Sanctuary or Rescue', 'Contact', 'FAQ', 'Privacy Policy', 'Terms of Service']) {
    await expect(support.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const quick = page.getByRole('navigation', { name: 'Quick Links' });
  for (const name of ['Discover Sanctuaries', 'Interactive Map', 'Community Reviews', 'Support Our Mission']) {
    await expect(quick.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByText(/© 2025/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  await page.keyboard.press('Control+Shift+A');
  await expect(page).toHaveURL(/\/admin$/);
});

test('mobile: slide-in drawer and the four-tab bottom bar', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  for (const name of ['Seek', 'Map', 'Seekers', 'Me']) await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: /Support Us/ })).toBeVisible();
  await drawer.getByRole('link', { name: 'FAQ' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Seekers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seekers Community' })).toBeVisible();
  await context.close();
});

test('replication is live: a sanctuary added on the server appears without a reload', async ({ page }) => {
  await page.goto('/map');
  await waitForSync(page);
  const count = page.getByText(/^\d+ found$/);
  const before = Number((await count.textContent())!.split(' ')[0]);
  const couch = storeClient();
  const id = `e2e-live-${Date.now()}`;
  await couch.use('sanctuaries').insert({
    _id: id, type: 'sanctuary', schemaVersion: 1, name: 'Aardvark Live Test Sanctuary', description: '', address: '',
    city: 'Columbus', state: 'OH', zipCode: '', latitude: 39.96, longitude: -83.0, coordinatesApproximate: true,
    phone: '', email: '', website: '', animalTypes: ['pigs'], isVerified: false, acceptingAnimals: true,
    hasVolunteerOpportunities: false, volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', specialNeeds: '',
    imageUrls: [], operatingHours: {}, upcomingEvents: [], createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
  } as never);
  await expect(page.getByText(`${before + 1} found`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('button', { name: /Aardvark Live Test Sanctuary/ })).toBeVisible();
  const doc = await couch.use('sanctuaries').get(id);
  await couch.use('sanctuaries').destroy(id, doc._rev);
  await expect(page.getByText(`${before} found`)).toBeVisible({ timeout: 20_000 });
});

test('after one online visit, the app and its sanctuaries work with the network cut', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(6);
  await waitForSync(page);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Featured Sanctuaries' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('status').filter({ hasText: /Offline/ })).toBeVisible();

  // Client-side navigation to a lazily loaded route and a sanctuary page, still offline.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page.getByText(/^\d+ found$/)).toBeVisible();
  await page.getByRole('button', { name: /: Farm Sanctuary Watkins Glen/ }).click();
  await page.getByRole('complementary', { name: 'Selected Location' }).getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();

  // A cold offline load of a deep link is served by the service worker's navigation fallback.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await context.close();
});
