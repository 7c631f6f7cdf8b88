// Reviews end to end: a review with two photos written with the network cut is shown as pending, then published
// once back online (thumbnails, the success toast, the stats) and seen by a second browser; script and HTML in it
// show as text; six photos are refused; Helpful counts one vote per user; signed-out visitors are asked to sign in.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { REVIEWS_CHECK_MS } from '../../sync-gateway/src/freshness';
import { holdAppScript, hydrationWarnings, newEmail, promoteToAdmin, register, storeClient, toastText, waitForServiceWorker, waitForSync } from './helpers';

const SANCTUARY_ID = 'catskill-animal-sanctuary-saugerties-ny';
const SANCTUARY_NAME = 'Catskill Animal Sanctuary';
const HELPFUL_SANCTUARY_ID = 'animal-place-grass-valley-ca';

async function registeredPage(browser: Browser, first: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, first, 'Seeker', newEmail(first.toLowerCase()));
  return { context, page };
}

/** Small but real images, drawn by the browser itself. */
async function makeImage(page: Page, type: 'image/png' | 'image/jpeg', colour: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ type, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 64, 48);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(8, 8, 24, 16);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { type, colour },
  );
  return Buffer.from(base64, 'base64');
}

/** The image has loaded real pixels (not a broken link). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), { timeout: 20_000 }).toBe(true);
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews & Ratings' });

test('a review with two photos written offline is pending, then published with thumbnails and seen elsewhere', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Sunny goats ${Date.now()}`;
  const comment = 'The goats followed us everywhere. <script>alert(1)</script><b>bold</b>';
  const { context, page } = await registeredPage(browser, 'Wren');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: SANCTUARY_NAME })).toBeVisible();
  await waitForSync(page);
  // A device that has the app: the service worker has saved it (on a slow machine that ends seconds after the sync).
  await waitForServiceWorker(page);
  const section = reviewsSection(page);
  await expect(section.getByText('No reviews yet.', { exact: false })).toBeVisible();
  const png = await makeImage(page, 'image/png', '#10b981');
  const jpeg = await makeImage(page, 'image/jpeg', '#f59e0b');

  // Offline: the review is saved on the device and shown at once as pending.
  await context.setOffline(true);
  await section.getByRole('button', { name: 'Write a Review' }).click();
  const form = section.getByRole('form', { name: 'Write a review' });
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(form.getByText('JPEG, PNG, WebP, max 5MB each')).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  const submit = form.getByRole('button', { name: 'Submit Review' });
  await form.getByRole('textbox', { name: 'Comment' }).fill('   ');
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByLabel('Visit Date').fill('2025-06-01');
  await form.getByLabel('Photos').setInputFiles([
    { name: 'goats.png', mimeType: 'image/png', buffer: png },
    { name: 'barn.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await expect(form.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(2);
  await submit.click();

  // The form closes and resets; the review waits, marked pending.
  await expect(section.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  await expect(form).toBeHidden();
  const pending = section.getByRole('article', { name: `Pending review: ${title}` });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole('status')).toHaveText('Will be published when you are online');
  await expect(pending.getByText('2 photos attached')).toBeVisible();
  await expect(pending.getByText(comment, { exact: true })).toBeVisible();

  // Back online: pushed, applied by the gateway, and the outcome comes back.
  await context.setOffline(false);
  await expect(toastText(page, 'Review submitted!')).toBeVisible({ timeout: 60_000 });
  await expect(toastText(page, 'Thank you for sharing your experience with this sanctuary.')).toBeVisible();
  const published = section.getByRole('article', { name: title, exact: true });
  await expect(published).toBeVisible({ timeout: 30_000 });
  await expect(pending).toHaveCount(0);
  const thumbs = published.getByRole('list', { name: 'Review photos' }).getByRole('img');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}-0\/thumb$/);
  await expectLoaded(thumbs.first());
  await expectLoaded(thumbs.nth(1));
  // Script and HTML are shown as the text they are.
  await expect(published.getByText(comment, { exact: true })).toBeVisible();
  await expect(published.locator('b')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  // The stats worker counted it: one review averaging 4.
  await expect(section.getByText('(1 review)')).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toBeVisible();

  // Tapping a thumbnail opens the full photo in a dialog.
  await published.getByRole('button', { name: 'View photo 2 of 2' }).click();
  const viewer = page.getByRole('dialog', { name: `Photo 2 of 2 from ${title}` });
  await expect(viewer).toBeVisible();
  const full = viewer.getByRole('img', { name: `Photo 2 of 2 from ${title}` });
  await expect(full).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}-1$/);
  await expectLoaded(full);
  await viewer.getByRole('button', { name: 'Close photo' }).click();
  await expect(viewer).toBeHidden();

  // The toast is shown once: not again after a reload.
  await page.reload();
  await expect(reviewsSection(page).getByRole('article', { name: title, exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Review submitted!', { exact: true })).toHaveCount(0);

  // A second browser (signed out) sees it on the sanctuary's page and on /reviews.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(`/sanctuary/${SANCTUARY_ID}`);
  await waitForSync(second);
  const seen = reviewsSection(second).getByRole('article', { name: title, exact: true });
  await expect(seen).toBeVisible({ timeout: 30_000 });
  await expect(seen.getByRole('list', { name: 'Review photos' }).getByRole('img')).toHaveCount(2);
  await expect(reviewsSection(second).getByText('(1 review)')).toBeVisible();
  await expect(reviewsSection(second).getByText('Sign in', { exact: true })).toBeVisible();
  await expect(reviewsSection(second).getByRole('button', { name: 'Write a Review' })).toHaveCount(0);

  await second.goto('/reviews');
  const community = second.getByRole('article', { name: title, exact: true });
  await expect(community).toBeVisible();
  await expect(community.getByRole('link', { name: title })).toHaveAttribute('href', `/sanctuary/${SANCTUARY_ID}`);
  await expect(community.getByText(comment, { exact: true })).toBeVisible();
  await expect(community.getByText('Visited: 2025-06-01')).toBeVisible();
  await expect(community.getByText(/^Wren/).first()).toBeVisible();
  await expect(community.getByRole('list', { name: 'Review photos' }).getByRole('img')).toHaveCount(2);
  await expect(second.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await other.close();
  await context.close();
});

test("a first visit to /reviews comes with the store's newest reviews in its HTML, which the app takes over as they are", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const warnings = hydrationWarnings(page);
  // The gateway looks for new reviews every few seconds: let it see the one the test above published.
  await page.waitForTimeout(REVIEWS_CHECK_MS + 500);
  const release = await holdAppScript(page);
  await page.goto('/reviews', { waitUntil: 'commit' });
  // The gateway's HTML alone: the count and the newest reviews (the test above published one with two photos).
  const recent = page.getByRole('region', { name: 'Recent Community Reviews' });
  await expect(recent.getByRole('article').first()).toBeVisible();
  const titles = await recent.getByRole('article').evaluateAll((items) => items.map((a) => a.getAttribute('aria-label')));
  const count = (await page.getByRole('definition').first().textContent())!;
  expect(Number(count)).toBeGreaterThanOrEqual(titles.length);
  await expect(recent.getByRole('list', { name: 'Review photos' }).first().getByRole('img').first()).toBeVisible();
  await recent.getByRole('article').first().evaluate((a) => a.setAttribute('data-from-html', 'yes'));
  release();
  await waitForSync(page);
  // Synced, the device shows the same reviews and count; the element from the HTML is still the one on screen.
  expect(await recent.getByRole('article').evaluateAll((items) => items.map((a) => a.getAttribute('aria-label')))).toEqual(titles);
  await expect(page.getByRole('definition').first()).toHaveText(count);
  await expect(recent.getByRole('article').first()).toHaveAttribute('data-from-html', 'yes');
  expect(warnings).toEqual([]);
  await context.close();
});

test('a form whose code is not on the device yet says so in its place, keeps the page, and opens once back online', async ({ browser }) => {
  // As offline before the service worker has saved the app (none here): the form's code cannot be fetched.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await register(page, 'Hazel', 'Seeker', newEmail('hazel'));
  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  await waitForSync(page);
  const formCode = '**/assets/review-form-*.js';
  await context.route(formCode, (route) => route.abort('internetdisconnected'));
  const section = reviewsSection(page);
  await section.getByRole('button', { name: 'Write a Review' }).click();
  await expect(section.getByRole('alert')).toHaveText(/The review form could not be opened: it is not saved on this device yet\. Connect to the internet, then try again\./);
  await expect(page.getByRole('heading', { level: 1, name: SANCTUARY_NAME })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  // Tried again while the code still cannot come: the notice stays.
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByRole('alert')).toHaveText(/not saved on this device yet/);

  // Offline, then back online with the code reachable: the form opens by itself.
  await context.setOffline(true);
  await context.unroute(formCode);
  await context.setOffline(false);
  await expect(section.getByRole('form', { name: 'Write a review' }).getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await context.close();
});

test('choosing six photos is refused with the spec message', async ({ browser }) => {
  const { context, page } = await registeredPage(browser, 'Sixten');
  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  const section = reviewsSection(page);
  await section.getByRole('button', { name: 'Write a Review' }).click();
  const png = await makeImage(page, 'image/png', '#3b82f6');
  const files = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `photo-${n}.png`, mimeType: 'image/png', buffer: png }));
  await section.getByRole('form', { name: 'Write a review' }).getByLabel('Photos').setInputFiles(files);
  await expect(toastText(page, 'Too many photos')).toBeVisible();
  await expect(toastText(page, 'You can upload a maximum of 5 photos per review.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Selected photos' })).toHaveCount(0);
  // Cancel Review closes the form.
  await section.getByRole('button', { name: 'Cancel Review' }).click();
  await expect(section.getByRole('form', { name: 'Write a review' })).toBeHidden();
  await context.close();
});

test('Helpful counts one vote per user; signed-out visitors are asked to sign in', async ({ browser }) => {
  test.setTimeout(120_000);
  // A published review, as the gateway would store it.
  const reviews = storeClient().use('reviews');
  const id = `review:e2e-helpful-${Date.now()}`;
  const title = `Helpful test ${Date.now()}`;
  await reviews.insert({
    _id: id, type: 'review', schemaVersion: 1, sanctuaryId: HELPFUL_SANCTUARY_ID, sanctuaryName: 'Animal Place', sanctuaryCity: 'Grass Valley',
    sanctuaryState: 'CA', username: 'Hal Author', rating: 5, title, comment: 'Kind people, happy hens.',
    visitDate: '', createdAt: new Date().toISOString(), photos: [],
  } as never);

  const helpfulOn = (page: Page) => page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: /^Helpful/ });

  // Signed out: a toast leads to sign-in, and nothing is counted.
  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  await anonPage.goto('/reviews');
  await helpfulOn(anonPage).click({ timeout: 30_000 });
  await expect(toastText(anonPage, 'Sign in to mark reviews helpful')).toBeVisible();
  await expect(helpfulOn(anonPage)).toHaveText('Helpful (0)');
  await anon.close();

  // One user: the first vote counts, and voting again from a second device of theirs does not.
  const email = newEmail('vera');
  const one = await browser.newContext();
  const page = await one.newPage();
  await register(page, 'Vera', 'Voter', email);
  await page.goto('/reviews');
  await expect(helpfulOn(page)).toHaveText('Helpful (0)', { timeout: 30_000 });
  await helpfulOn(page).click();
  await expect(helpfulOn(page)).toHaveText('Helpful (1)');
  await expect(helpfulOn(page)).toHaveAttribute('aria-pressed', 'true');

  const again = await browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto('/login');
  await againPage.getByRole('textbox', { name: 'Email' }).fill(email);
  await againPage.getByLabel('Password', { exact: true }).fill('a-good-secret');
  await againPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toastText(againPage, 'Welcome back!')).toBeVisible();
  await againPage.goto('/reviews');
  await expect(helpfulOn(againPage)).toHaveText('Helpful (1)', { timeout: 30_000 });
  await helpfulOn(againPage).click();
  await expect(helpfulOn(againPage)).toHaveAttribute('aria-pressed', 'true');
  await expect(helpfulOn(againPage)).toHaveText('Helpful (1)');
  await again.close();

  // Another user's vote makes two.
  const { context: two, page: otherPage } = await registeredPage(browser, 'Otto');
  await otherPage.goto('/reviews');
  await expect(helpfulOn(otherPage)).toHaveText('Helpful (1)', { timeout: 30_000 });
  await helpfulOn(otherPage).click();
  await expect(helpfulOn(otherPage)).toHaveText('Helpful (2)');
  await two.close();

  // The first user withdraws: back to one.
  await helpfulOn(page).click();
  await expect(helpfulOn(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(helpfulOn(page)).toHaveText('Helpful (1)');
  await one.close();
});

test('a photo that is not really an image is refused: the review fails with the reason and leaves the list', async ({ browser }) => {
  const { context, page } = await registeredPage(browser, 'Fay');
  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  await waitForSync(page);
  const section = reviewsSection(page);
  await section.getByRole('button', { name: 'Write a Review' }).click();
  const form = section.getByRole('form', { name: 'Write a review' });
  const title = `Renamed program ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Comment' }).fill('This photo is really a program.');
  // An executable's bytes under an image's name and type: only the gateway, which reads the bytes, can tell.
  await form.getByLabel('Photos').setInputFiles([{ name: 'cute-pig.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90\x00 this is not a picture', 'binary') }]);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toastText(page, 'Failed to submit review')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/is not a JPEG, PNG or WebP image/).first()).toBeVisible();
  await expect(section.getByRole('article', { name: `Pending review: ${title}` })).toHaveCount(0);
  await expect(section.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  await context.close();
});

test('a signed-in user reports a review; an administrator hides it and it disappears', async ({ browser }) => {
  test.setTimeout(120_000);
  const reviews = storeClient().use('reviews');
  const id = `review:e2e-report-${Date.now()}`;
  const title = `Reported review ${Date.now()}`;
  await reviews.insert({
    _id: id, type: 'review', schemaVersion: 1, sanctuaryId: HELPFUL_SANCTUARY_ID, sanctuaryName: 'Animal Place', sanctuaryCity: 'Grass Valley',
    sanctuaryState: 'CA', username: 'Spam Author', rating: 1, title, comment: 'Buy cheap watches at example.com',
    visitDate: '', createdAt: new Date().toISOString(), photos: [],
  } as never);

  const { context: reporter, page } = await registeredPage(browser, 'Rae');
  await page.goto('/reviews');
  const item = page.getByRole('article', { name: title, exact: true });
  await item.getByRole('button', { name: 'Report' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Report this review' });
  await expect(dialog.getByRole('button', { name: 'Send report' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam advertising');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toastText(page, 'Report sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Not an administrator: no moderation on /admin.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reported reviews' })).toHaveCount(0);

  const { context: adminContext, page: admin } = await registeredPage(browser, 'Ada');
  await promoteToAdmin(admin);
  await admin.goto('/admin');
  const report = admin.getByRole('article', { name: `Report: ${title}` });
  await expect(report).toBeVisible();
  await expect(report.getByText('Spam advertising')).toBeVisible();
  await report.getByRole('button', { name: 'Hide review' }).click();
  await expect(toastText(admin, 'Review hidden')).toBeVisible();
  await expect(report).toHaveCount(0);

  // Gone from the reporter's device too, through replication.
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { name: 'Recent Community Reviews' })).toBeVisible();
  await expect(page.getByLabel('Loading reviews')).toHaveCount(0);
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0, { timeout: 30_000 });
  await adminContext.close();
  await reporter.close();
});
