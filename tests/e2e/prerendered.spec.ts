// Pages that paint before JavaScript (issue 13): the pages whose content does not depend on the data come with the
// HTML the build rendered from the app's own components, readable with JavaScript off; and a search typed and
// submitted into that HTML before the app has started is run once it has.
import { expect, test } from '@playwright/test';
import { FAQ_SECTIONS } from '../../web/src/features/pages/faq-content';
import { waitForSync } from './helpers';

const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

test('the HTML of /, /faq and /about holds their content before any script runs', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/<div id="root" data-prerendered="app">.*<h1[^>]*>Discover Animal Sanctuaries<\/h1>/s);
  expect(home).toContain('placeholder="Enter city, state, or ZIP code"');
  const faq = visibleText(await (await request.get('/faq')).text());
  expect(faq).toContain('Frequently Asked Questions');
  for (const section of FAQ_SECTIONS) expect(faq).toContain(section.title);
  expect(visibleText(await (await request.get('/about')).text())).toContain('Our Mission');
  // Counts drawn from the device's data are not in the HTML as a false "0".
  const reviews = visibleText(await (await request.get('/reviews')).text());
  expect(reviews).toContain('Community Reviews … Loading');
  expect(reviews).not.toMatch(/Community Reviews 0\b/);
  // A page drawn from the device's data has no pre-rendered HTML: the app renders it.
  expect(await (await request.get('/saved')).text()).toContain('<div id="root"></div>');
});

test("the HTML of / holds the directory's count and first cards, and the app takes them over as they are", async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() !== 'error' && m.text().includes('[ssr]') && warnings.push(m.text()));
  // Hold the app's entry script back: what is on screen is the gateway's HTML alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const results = page.getByRole('region', { name: 'Featured Sanctuaries' });
  await expect(results.getByRole('article')).toHaveCount(6);
  const names = await results.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  const count = (await results.getByText(/^\d+ sanctuaries$/).textContent())!;
  await results.getByRole('article').first().evaluate((card) => card.setAttribute('data-from-html', 'yes'));
  release();
  await waitForSync(page);
  // The device's own copy, once synced, shows the same cards and count: the server rendered what the app shows.
  await expect(results.getByRole('article')).toHaveCount(6);
  expect(await results.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual(names);
  await expect(results.getByText(count, { exact: true })).toBeVisible();
  // Hydrated, not replaced: the card element from the HTML is still the one on screen, and React reported no mismatch.
  await expect(results.getByRole('article').first()).toHaveAttribute('data-from-html', 'yes');
  await expect(results.getByRole('link', { name: `View Details: ${names[0]}` })).toBeVisible();
  expect(warnings).toEqual([]);
});

test('with JavaScript off, the home page and the FAQ are there to read', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Animal Sanctuaries' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Find sanctuaries' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Featured Sanctuaries' });
  await expect(results.getByRole('article')).toHaveCount(6);
  await expect(results.getByText(/^\d+ sanctuaries$/)).toBeVisible();
  await expect(results.getByRole('link', { name: 'View All Sanctuaries' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByText(FAQ_SECTIONS[0]!.title).first()).toBeVisible();
  await context.close();
});

test('a search typed and submitted before the app has started is run when it starts', async ({ page }) => {
  // Hold the app's entry script back until the query has been typed into the page's own HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByPlaceholder('Enter city, state, or ZIP code');
  await box.fill('Watkins Glen, NY');
  await box.press('Enter');
  // Nothing has searched yet: the app is not running.
  await expect(page).not.toHaveURL(/q=/);
  release();
  await expect(page).toHaveURL(/q=Watkins/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await waitForSync(page);
  await expect(box).toHaveValue('Watkins Glen, NY');
});
