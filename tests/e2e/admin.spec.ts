// Listing applications end to end: a user applies with the network cut, the application reaches the queue once
// back online, an administrator (created like `npm run create-admin` does) sees it on /admin, the rules of the
// dialog (notes required to reject), approval, and a second browser already on /map sees the new sanctuary live.
import { expect, test } from '@playwright/test';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { adminOnAnotherDevice, newEmail, register, storeClient, toastText, waitForServiceWorker, waitForSync } from './helpers';

test('apply offline, admin approves on /admin, the new sanctuary appears on another device\'s map', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Tetons Hoof Haven ${Date.now()}`;

  // A visitor already on the map around Jackson, WY (far from the other suites' places: the store is shared).
  const observerContext = await browser.newContext();
  const observer = await observerContext.newPage();
  await observer.goto('/map?q=83001&radius=25');
  await waitForSync(observer);
  const results = observer.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  await expect(results).toBeVisible();
  await expect(results.getByText(name)).toHaveCount(0);

  // The applicant fills the form with the network cut.
  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  await register(applicant, 'Sam', 'Rivera', newEmail('sam'), 'applicant-secret');
  await applicant.goto('/addmysanctuary');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Submit Your Sanctuary or Rescue' })).toBeVisible();
  await expect(applicant.getByText('Listing fee: $99 per year')).toBeVisible();
  await expect(applicant.getByText(/within 2-3 business days/).first()).toBeVisible();
  await waitForServiceWorker(applicant);

  // Non-admins see only that /admin is for administrators.
  await applicant.goto('/admin');
  await expect(applicant.getByText('This page is for administrators.', { exact: false })).toBeVisible();
  await expect(applicant.getByRole('heading', { name: 'Submissions' })).toHaveCount(0);
  await applicant.goto('/addmysanctuary');
  await expect(applicant.getByRole('textbox', { name: 'Sanctuary name' })).toBeVisible();

  await applicantContext.setOffline(true);
  await applicant.getByRole('textbox', { name: 'Sanctuary name' }).fill(name);
  await applicant.getByLabel('Description').fill('A lakeside refuge for rescued cows and pigs. '.repeat(6).trim());
  await applicant.getByRole('textbox', { name: 'Address' }).fill('100 Lakeside Ave');
  await applicant.getByRole('textbox', { name: 'City' }).fill('Jackson');
  await applicant.getByLabel('State').selectOption('WY');
  await applicant.getByRole('textbox', { name: 'ZIP code' }).fill('83001');
  await applicant.getByRole('textbox', { name: 'Contact name' }).fill('Sam Rivera');
  await applicant.getByRole('textbox', { name: 'Email' }).fill('hello@hoofhaven.example.org');
  await applicant.getByRole('checkbox', { name: 'cows' }).check();
  await applicant.getByRole('checkbox', { name: 'pigs' }).check();
  await applicant.getByRole('button', { name: 'Submit Sanctuary' }).click();
  await expect(applicant.getByText('Thank you! Your application is saved.')).toBeVisible();

  // Back online: it is sent, filed, and the profile says Pending Review.
  await applicantContext.setOffline(false);
  await applicant.getByRole('link', { name: 'your profile' }).click();
  const application = applicant.getByRole('region', { name: 'My Sanctuary Applications' }).getByRole('listitem').filter({ hasText: name });
  await expect(application.getByText('Pending Review')).toBeVisible();
  await expect(application.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });

  // An administrator, created with the create-admin code path.
  const admin = await adminOnAnotherDevice(browser, 'Admin');
  const item = admin.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('Pending Review')).toBeVisible({ timeout: 30_000 });
  await expect(item.getByText(/A lakeside refuge for rescued cows and pigs\./)).toBeVisible();
  await item.getByRole('button', { name: `View details of ${name}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await expect(dialog.getByText('hello@hoofhaven.example.org')).toBeVisible();
  await expect(dialog.getByText('cows, pigs')).toBeVisible();

  // Rejecting needs notes.
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toastText(admin, 'Review Notes Required')).toBeVisible();
  await expect(toastText(admin, 'Please provide feedback when rejecting a submission.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastText(admin, 'Submission Approved')).toBeVisible({ timeout: 30_000 });
  await expect(toastText(admin, 'The sanctuary has been added to the directory.')).toBeVisible();
  await expect(dialog.getByText('approved', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The visitor's map shows it without a reload; the applicant sees the approval.
  await expect(results.getByText(name)).toBeVisible({ timeout: 30_000 });
  await expect(application.getByText('approved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(application.getByRole('link', { name: 'View your listing' })).toBeVisible();

  // The new owner changes their listing themselves (published at once) and reports a mistake; the admin resolves it.
  await application.getByRole('link', { name: 'View your listing' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name })).toBeVisible();
  await applicant.getByRole('link', { name: 'Manage listing' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Manage listing: ${name}` })).toBeVisible();
  await applicant.getByRole('textbox', { name: 'Phone' }).fill('216-555-0199');
  await applicant.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastText(applicant, 'Changes saved')).toBeVisible();
  await expect(applicant.getByText('Published.')).toBeVisible({ timeout: 30_000 });
  await applicant.getByRole('link', { name: 'Back to the listing' }).click();
  await applicant.getByRole('button', { name: 'Report incorrect information' }).click();
  await applicant.getByRole('dialog').getByLabel('What is incorrect?').fill('The opening hours are missing.');
  await applicant.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
  await expect(toastText(applicant, 'Thank you! Our team will check this listing.')).toBeVisible();
  // The listing's new phone number is on the page, from the replicated directory.
  await expect(applicant.getByText('216-555-0199').first()).toBeVisible({ timeout: 30_000 });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  const queue = admin.getByRole('region', { name: 'Reports of incorrect information' });
  const report = queue.getByRole('listitem').filter({ hasText: 'The opening hours are missing.' });
  await report.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(report.getByText('resolved', { exact: true })).toBeVisible({ timeout: 30_000 });

  await Promise.all([observerContext.close(), applicantContext.close(), admin.context().close()]);
});

// The listing this suite creates would show up in other suites' searches: remove it from the shared store.
test.afterAll(async () => {
  const db = storeClient().use<SanctuaryDoc>('sanctuaries');
  const all = await db.list({ include_docs: true });
  for (const row of all.rows) {
    if (row.doc?.name?.startsWith('Tetons Hoof Haven ')) await db.destroy(row.id, row.doc._rev!);
  }
});
