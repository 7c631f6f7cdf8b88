// Pages that paint before JavaScript (issue 13): the pages whose content does not depend on the data come with the
// HTML the build rendered from the app's own components, readable with JavaScript off; / comes rendered by the
// gateway with the directory's count and first cards, and /map with its count and the first lines of its list (in the
// layout of the device that asks), hydrated as they are; and a search typed and submitted into that HTML before the
// app has started is run once it has.
import { expect, test } from '@playwright/test';
import { MAP_SERVED_LIST_ITEMS } from '@ss/domain/constants';
import { FAQ_SECTIONS } from '../../web/src/features/pages/faq-content';
import { SEARCH_DIRECTORY_TTL_MS } from '../../sync-gateway/src/freshness';
import { holdAppScript, holdFirstSync, hydrationWarnings, waitForSync } from './helpers';

const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

test('the HTML of /, /faq and /about holds their content before any script runs', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/<div id="root" data-prerendered="app">.*<h1[^>]*>Discover Animal Sanctuaries<\/h1>/s);
  expect(home).toContain('placeholder="Enter city, state, or ZIP code"');
  const faq = visibleText(await (await request.get('/faq')).text());
  expect(faq).toContain('Frequently Asked Questions');
  for (const section of FAQ_SECTIONS) expect(faq).toContain(section.title);
  expect(visibleText(await (await request.get('/about')).text())).toContain('Our Mission');
  // The community page comes with the store's count of reviews (tests/e2e/reviews.spec.ts checks the reviews).
  expect(visibleText(await (await request.get('/reviews')).text())).toMatch(/Community Reviews \d+ Sanctuaries Listed/);
  // A form in the HTML cannot be sent before the app runs (the browser would send it itself, as a GET with the fields,
  // a password too, in the address): its submit button is disabled until then.
  for (const path of ['/login', '/register', '/contact']) {
    expect(await (await request.get(path)).text(), path).toMatch(/<button type="submit"[^>]* disabled=""/);
  }
  // /map holds its heading and, in the map's place until the interactive map runs, a picture of the country, served.
  const map = await (await request.get('/map')).text();
  expect(map).toMatch(/<h1[^>]*>Find Sanctuaries \+ Rescues<\/h1>/);
  expect(map).toContain('src="/geo/us-states.svg"');
  const picture = await request.get('/geo/us-states.svg');
  expect(picture.headers()['content-type']).toContain('image/svg+xml');
  expect(await picture.text()).toMatch(/^<svg [^>]*viewBox="0 0 975 610"/);
  // A page drawn from the device's data has no pre-rendered HTML: the app renders it.
  expect(await (await request.get('/saved')).text()).toContain('<div id="root"></div>');
});

test("the HTML of / holds the directory's count and first cards, and the app takes them over as they are", async ({ page }) => {
  const warnings = hydrationWarnings(page);
  // The gateway's copy of the directory may be a few seconds behind a change an earlier test made: let it catch up
  // (a device shows the HTML's cards only until its own sync, so that lag is never longer than the replication's).
  await page.waitForTimeout(SEARCH_DIRECTORY_TTL_MS + 500);
  // Until released, what is on screen is the gateway's HTML alone.
  const release = await holdAppScript(page);
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

test("the HTML of /map holds the count and the first lines of the list, and the app takes them over as they are", async ({ page }) => {
  const warnings = hydrationWarnings(page);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.waitForTimeout(SEARCH_DIRECTORY_TTL_MS + 500);
  const release = await holdAppScript(page);
  await page.goto('/map', { waitUntil: 'commit' });
  // The gateway's HTML alone: this browser says it is not a phone, so the page is laid out for a desktop.
  const panel = page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  const lines = panel.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(lines).toHaveCount(MAP_SERVED_LIST_ITEMS);
  const found = (await panel.getByText(/^\d+ found$/).textContent())!;
  const total = Number(found.split(' ')[0]);
  expect(total).toBeGreaterThan(MAP_SERVED_LIST_ITEMS);
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toBeVisible();
  await expect(page.getByText('Loading map…')).toBeVisible();
  const served = await lines.evaluateAll((items) => items.map((li) => li.textContent));
  await lines.first().getByRole('button').evaluate((b) => b.setAttribute('data-from-html', 'yes'));
  release();
  await waitForSync(page);
  // The device's own copy: every line, the same first ones in the same order, the same count; the map drawn.
  await expect(lines).toHaveCount(total);
  expect((await lines.evaluateAll((items) => items.map((li) => li.textContent))).slice(0, MAP_SERVED_LIST_ITEMS)).toEqual(served);
  await expect(panel.getByText(found, { exact: true })).toBeVisible();
  await expect(page.getByText('Loading map…')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Map' }).getByRole('button', { name: 'Zoom in' })).toBeVisible();
  // Hydrated, not replaced, and it works: the first line from the HTML is still the one on screen and selects its place.
  await expect(lines.first().getByRole('button')).toHaveAttribute('data-from-html', 'yes');
  await lines.first().getByRole('button').click();
  await expect(page.getByRole('complementary', { name: 'Selected Location' }).getByRole('link', { name: 'View Details' })).toBeVisible();
  expect(warnings).toEqual([]);
});

test('a phone is served /map laid out for a phone, and the app takes it over without rearranging it', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const warnings = hydrationWarnings(page);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const release = await holdAppScript(page);
  await page.goto('/map', { waitUntil: 'commit' });
  const sheet = page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  await expect(sheet.getByRole('button', { name: /^\d+ found/ })).toBeVisible();
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toHaveCount(0);
  await filters.evaluate((b) => b.setAttribute('data-from-html', 'yes'));
  release();
  await waitForSync(page);
  await expect(page.getByText('Loading map…')).toBeHidden();
  await expect(filters).toHaveAttribute('data-from-html', 'yes');
  expect(warnings).toEqual([]);
  await context.close();
});

test("a listing's HTML is the app's own profile, and the app takes it over as it is", async ({ page }) => {
  const warnings = hydrationWarnings(page);
  // Until released, what is on screen is the gateway's HTML alone.
  const release = await holdAppScript(page);
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Search' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operating Hours' })).toBeVisible();
  await heading.evaluate((h) => h.setAttribute('data-from-html', 'yes'));
  release();
  await waitForSync(page);
  // Hydrated, not replaced: the heading element from the HTML is still the one on screen, and React reported no
  // mismatch; the page works (its share button answers).
  await expect(heading).toHaveAttribute('data-from-html', 'yes');
  await expect(page.getByRole('heading', { name: 'Where this comes from' })).toBeVisible();
  expect(warnings).toEqual([]);
});

test("a first visit to a listing shows its profile at once, not a placeholder until the device's own copy has arrived", async ({ page }) => {
  // The device's copy of the directory does not arrive while this test looks (its first sync is held).
  const release = await holdFirstSync(page);
  // Records whether the profile's loading placeholder is ever put on screen.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Loading sanctuary"]')) document.documentElement.dataset.placeholderSeen = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny');
  // "Back to Search" is the app's own (the gateway's HTML facts have no such link): the app shows the profile.
  await expect(page.getByRole('link', { name: 'Back to Search' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
  await expect(page.getByText('Watkins Glen, NY', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Syncing|never synced/i })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.placeholderSeen ?? 'no')).toBe('no');
  release();
  await waitForSync(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
});

test('while the directory syncs, the header says so in words and nothing on the page keeps animating', async ({ page }) => {
  // The first sync is held, so the page stays "Syncing…" while this test looks.
  const release = await holdFirstSync(page);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /Syncing/ })).toBeVisible();
  // A spinner here turned for as long as a sync lasted: a new frame 60 times a second for seconds on a first visit,
  // drawn beside the page's own start (on this machine, without a GPU, 198 frames and 1.6 s of the compositor's CPU in
  // one Lighthouse run of /). The words say it; no animation runs without end.
  const endless = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
      .map((a) => (a.effect instanceof KeyframeEffect && a.effect.target instanceof Element ? a.effect.target.outerHTML.slice(0, 120) : String(a.id))),
  );
  expect(endless).toEqual([]);
  release();
  await waitForSync(page);
});

test("with JavaScript off, the home page, the map's list, a listing and the FAQ are there to read", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Animal Sanctuaries' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Find sanctuaries' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Featured Sanctuaries' });
  await expect(results.getByRole('article')).toHaveCount(6);
  await expect(results.getByText(/^\d+ sanctuaries$/)).toBeVisible();
  await expect(results.getByRole('link', { name: 'View All Sanctuaries' })).toBeVisible();
  await page.goto('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Sanctuaries + Rescues' })).toBeVisible();
  await expect(page.getByText(/^\d+ found$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(MAP_SERVED_LIST_ITEMS);
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny');
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Sanctuary' })).toBeVisible();
  await expect(page.getByText('Watkins Glen, NY 14891')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Animals & Services' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByText(FAQ_SECTIONS[0]!.title).first()).toBeVisible();
  await context.close();
});

test('a search typed and submitted before the app has started is run when it starts', async ({ page }) => {
  // Hold the app's entry script back until the query has been typed into the page's own HTML.
  const release = await holdAppScript(page);
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

test('a button pressed before the app has started does what it says once it has: the menu, a section of the FAQ', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  // Nothing answers it yet: the app is not running.
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeHidden();
  release();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Pressed once, opened once: not opened and closed again by the replay.
  await page.unrouteAll();
  release = await holdAppScript(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const section = page.getByRole('button', { name: FAQ_SECTIONS[1]!.title });
  await section.tap();
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(FAQ_SECTIONS[1]!.items[0]!.question)).toBeVisible();
  await page.waitForTimeout(500);
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await context.close();
});

test('where the reader is on a served page stays where it is when the app starts: an in-page link followed before, an address with an anchor', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/sanctuary/animal-place-grass-valley-ca', { waitUntil: 'commit' });
  // The served HTML, before the app: the listing's sources invite a claim, a link to the section further down. The
  // link is followed once the page has settled, as a reader sees it: read whole, its images and fonts in (a click
  // aimed while something above it still loads can land beside it); the app's script is still held.
  await page.waitForFunction(() => document.readyState !== 'loading' && Array.from(document.images).every((image) => image.complete) && document.fonts.status === 'loaded');
  await page.getByRole('region', { name: 'Where this comes from' }).getByRole('link', { name: 'Claim it' }).click();
  const claim = page.getByRole('heading', { name: 'For the sanctuary' });
  await expect(claim).toBeInViewport();
  release();
  await waitForSync(page);
  await expect(claim).toBeInViewport();

  // A shared address naming that section opens at it, and stays there once the app has run.
  await page.goto('/sanctuary/animal-place-grass-valley-ca#ownership-heading');
  await waitForSync(page);
  await expect(claim).toBeInViewport();
  // Moving on to another page starts at its top.
  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a reader who scrolled a served page before the app started stays where they were; going back, or a reload, returns there', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/sanctuary/animal-place-grass-valley-ca', { waitUntil: 'commit' });
  const hours = page.getByRole('heading', { name: 'Operating Hours' });
  await hours.scrollIntoViewIfNeeded();
  await expect(hours).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  release();
  await waitForSync(page);
  // The app has taken the page over (its sync status is up to date) and left the reader where they were.
  await expect(hours).toBeInViewport();

  // Another page (from the header, which stays on screen) starts at its top; back, the profile is where the reader
  // left it.
  // (Clicked where it is on screen: Playwright's own click would first scroll the page to the header's place in it.)
  const about = await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).boundingBox();
  await page.mouse.click(about!.x + about!.width / 2, about!.y + about!.height / 2);
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Animal Place' })).toBeVisible();
  await expect(hours).toBeInViewport();

  // Reloaded, the page comes back where the reader was.
  await page.reload();
  await waitForSync(page);
  await expect(hours).toBeInViewport();
});

/** When the first contentful paint happened, and when the first script and the app's entry were asked for. */
async function paintAndScripts(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => (window as unknown as { __ssAppStarted?: boolean }).__ssAppStarted === true);
  return page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      firstScript: Math.min(...scripts.map((r) => r.startTime)),
      entry: scripts.find((r) => new URL(r.name).pathname.startsWith('/assets/index-'))?.startTime ?? null,
    };
  });
}

test("a page that comes with its content is painted before the app's JavaScript is asked for, then the app starts", async ({ page }) => {
  for (const path of ['/', '/sanctuary/farm-sanctuary-watkins-glen-ny', '/faq']) {
    await page.goto(path);
    const t = await paintAndScripts(page);
    expect(t.paint, `${path} was painted`).not.toBeNull();
    expect(t.entry, `${path} asked for the app's entry`).not.toBeNull();
    // No script of ours was requested before the page was on screen (the build keeps them in <template id="ss-app">).
    expect(t.firstScript, `${path}: first script asked for after the first paint`).toBeGreaterThanOrEqual(t.paint!);
  }
  // And the app runs: it fills in what only it shows (the listing's sources, from the device's copy).
  await page.goto('/sanctuary/farm-sanctuary-watkins-glen-ny');
  await waitForSync(page);
  await expect(page.getByRole('heading', { name: 'Where this comes from' })).toBeVisible();
});

test("the app's stylesheet comes inside the page and is never fetched again once the app runs", async ({ page }) => {
  for (const path of ['/', '/sanctuary/farm-sanctuary-watkins-glen-ny']) {
    await page.goto(path);
    // The app has run, with the chunks it loads on demand (each lists the entry's stylesheet among what it needs).
    await waitForSync(page);
    const sheets = await page.evaluate(() => {
      const marker = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
      const file = marker?.getAttribute('href') ?? null;
      return {
        file,
        inline: document.querySelectorAll('head style').length,
        fetched: performance.getEntriesByType('resource').filter((r) => file !== null && new URL(r.name).pathname === file).length,
        linked: Array.from(document.styleSheets).filter((s) => s.href !== null && file !== null && new URL(s.href).pathname === file).length,
      };
    });
    expect(sheets.file, `${path}: the stylesheet's own address is kept, disabled`).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    expect(sheets.inline, `${path}: the stylesheet is inside the page`).toBeGreaterThan(0);
    // Fetching it again restyled the whole page after the app started (a long task on a slow phone).
    expect(sheets.fetched, `${path}: the stylesheet was not fetched`).toBe(0);
    expect(sheets.linked, `${path}: no second copy applies`).toBe(0);
  }
});

test('an empty app shell (what the service worker serves) starts the app at once, not after waiting for a paint', async ({ page }) => {
  // /index.html is the bare shell: nothing in #root to paint before the app renders it.
  await page.goto('/index.html');
  const t = await paintAndScripts(page);
  // web/inline/start-app.js gives up waiting for a paint after 1 s; an empty page must not wait at all.
  expect(t.entry).not.toBeNull();
  expect(t.entry!).toBeLessThan(900);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
