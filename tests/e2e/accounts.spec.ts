// Accounts end to end: sign-up, the signed-in header, a favourite saved with the network cut that reaches a second
// browser after reconnecting, the sign-out warning for unsynced writes, password change, sign-out, sign-in failure
// and success, /profile's tabs, and the heart for signed-out visitors.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillSignIn, minimalSanctuaryDoc, newEmail, promoteToAdmin, register, storeClient, toastText, waitForServiceWorker, waitForSync } from './helpers';

const SANCTUARY_ID = 'farm-sanctuary-watkins-glen-ny';
const SANCTUARY_NAME = 'Farm Sanctuary';

async function signIn(page: Page, email: string, password: string) {
  await fillSignIn(page, email, password);
  await expect(toastText(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

async function openUserMenu(page: Page, name: string) {
  await userMenu(page, name).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { id: string }).id);
}

async function signedInContext(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

/** The HTML of the home page's snapshot on this device ('' when there is none): localStorage (web/src/data/home-snapshot.ts). */
const storedHomeSnapshot = (page: Page) =>
  page.evaluate(() => {
    const text = localStorage.getItem('ss-home-snapshot-v1');
    return text ? ((JSON.parse(text) as { html?: string }).html ?? '') : '';
  });

test('register, save a favourite offline, see it on a second device, change password, sign out', async ({ browser }) => {
  test.setTimeout(150_000);
  const email = newEmail('ada');
  const password = 'first-secret';
  const newPassword = 'second-secret';

  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, 'Ada', 'Lovelace', email, password);

  // The signed-in header: a user menu with the full name instead of Sign in / Sign up.
  const banner = page.getByRole('banner');
  await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await openUserMenu(page, 'Ada Lovelace');
  await expect(page.getByRole('menuitem', { name: 'Submit Sanctuary' })).toHaveAttribute('href', '/addmysanctuary');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Favourite a sanctuary with the network cut: it is saved on the device at once.
  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: SANCTUARY_NAME })).toBeVisible();
  await waitForSync(page);
  await waitForServiceWorker(page);
  await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();
  await context.setOffline(true);
  const heart = page.getByRole('button', { name: `Save ${SANCTUARY_NAME} to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Still offline, a reload keeps the user signed in (the device's copy) and the favourite saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: SANCTUARY_NAME })).toBeVisible();
  await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Signing out now would lose it: the app warns instead.
  await openUserMenu(page, 'Ada Lovelace');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const warning = page.getByRole('dialog', { name: 'Sign out with unsynced changes?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('1 change to your saved sanctuaries has not reached your account yet because this device is offline');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();

  // Reconnect: the favourite reaches the server by itself (GET /api/favorites/{userId} lists it).
  await context.setOffline(false);
  const userId = await userIdOf(page);
  await expect
    .poll(async () => ((await (await context.request.get(`/api/favorites/${userId}`)).json()) as Array<{ id: string }>).map((s) => s.id), { timeout: 30_000 })
    .toEqual([SANCTUARY_ID]);

  // A second browser signed in as the same user sees it in /saved.
  const second = await signedInContext(browser, email, password);
  await second.page.goto('/saved');
  await expect(second.page.getByRole('heading', { level: 1, name: 'Saved Sanctuaries' })).toBeVisible();
  await expect(second.page.getByRole('article', { name: SANCTUARY_NAME })).toBeVisible({ timeout: 30_000 });
  await expect(second.page.getByText('You have 1 favorite sanctuary', { exact: true })).toBeVisible();
  await expect(second.page.getByRole('button', { name: `Save ${SANCTUARY_NAME} to favourites` })).toHaveAttribute('aria-pressed', 'true');
  await second.context.close();

  // Change the password on /profile's Security tab: mismatch and too short are caught before sending.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  const current = page.getByLabel('Current Password', { exact: true });
  const next = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password', { exact: true });
  await current.fill(password);
  await next.fill(newPassword);
  await confirm.fill('something-else');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toastText(page, 'Password Mismatch')).toBeVisible();
  await next.fill('short');
  await confirm.fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toastText(page, 'Password Too Short')).toBeVisible();
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toastText(page, 'Password Changed')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');

  // The home page's snapshot (painted first on the next cold start) shows who is signed in.
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('ss:home-snapshot-saved').length > 0, undefined, { timeout: 30_000 });
  expect(await storedHomeSnapshot(page)).toContain('Ada Lovelace');

  // Sign out: nothing is pending, so no warning; the header offers Sign in again and the device forgets the data.
  await openUserMenu(page, 'Ada Lovelace');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Leaving /profile by signing out is not an expired session: no 'Unauthorized' toast.
  await expect(page.getByText('Unauthorized', { exact: true })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  expect(databases.filter((name) => name.includes(userId))).toEqual([]);
  expect(await storedHomeSnapshot(page)).not.toContain('Ada Lovelace');
  await page.goto('/saved');
  await expect(page.getByText('Sign in to see your saved sanctuaries')).toBeVisible();

  // The old password no longer works: the inline box and the toast say so.
  await fillSignIn(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(toastText(page, 'Login failed')).toBeVisible();
  await expect(toastText(page, 'Please check your credentials and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The new one does, and the favourite comes back from the server.
  await signIn(page, email, newPassword);
  await expect(userMenu(page, 'Ada Lovelace')).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByRole('article', { name: SANCTUARY_NAME })).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('/profile: header, badges and the four tabs; a profile update refreshes the user', async ({ page }) => {
  await register(page, 'Grace', 'Hopper', newEmail('grace'), 'a-good-secret');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('user', { exact: true })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);

  const tabs = page.getByRole('tablist', { name: 'Profile sections' });
  for (const name of ['Profile', 'Security', 'Favorites', 'Preferences']) await expect(tabs.getByRole('tab', { name })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  // Profile: the four fields, filled from the account.
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
  await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Amazing Grace');
  await page.getByRole('textbox', { name: 'Username' }).fill('grace');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toastText(page, 'Profile Updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Amazing Grace Hopper' })).toBeVisible();
  await expect(userMenu(page, 'Amazing Grace Hopper')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('grace');

  await tabs.getByRole('tab', { name: 'Security' }).click();
  for (const label of ['Current Password', 'New Password', 'Confirm New Password']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();

  await tabs.getByRole('tab', { name: 'Favorites' }).click();
  await expect(page.getByText('No favorite sanctuaries yet')).toBeVisible();
  await expect(page.getByText('Visit sanctuary pages and click the heart icon to save them here')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page.getByText(/Notification settings will be available in a future update/)).toBeVisible();
});

test('signed out, the heart asks the visitor to sign in and leads to /login', async ({ page }) => {
  await page.goto(`/sanctuary/${SANCTUARY_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: SANCTUARY_NAME })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  const heart = page.getByRole('button', { name: `Save ${SANCTUARY_NAME} to favourites` });
  await heart.click();
  await expect(toastText(page, 'Sign in to save favourites')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a favourite the server refuses is reported with its reason and undone on the device', async ({ page }) => {
  // A listing whose id no favourite may name (spaces are not allowed in a sanctuary id).
  const sanctuaries = storeClient().use('sanctuaries');
  const id = `e2e refused ${Date.now()}`;
  await sanctuaries.insert(minimalSanctuaryDoc(id, 'Zz E2E Refused Sanctuary') as never);
  try {
    await register(page, 'Rita', 'Refused', newEmail('rita'), 'a-good-secret');
    await waitForSync(page);
    await page.goto(`/sanctuary/${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Zz E2E Refused Sanctuary' })).toBeVisible({ timeout: 20_000 });
    const heart = page.getByRole('button', { name: 'Save Zz E2E Refused Sanctuary to favourites' });
    await heart.click();
    await expect(toastText(page, 'Not saved to your account')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/sanctuaryId is not a valid sanctuary id/).first()).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  } finally {
    const doc = await sanctuaries.get(id);
    await sanctuaries.destroy(id, doc._rev);
  }
});

test('mobile: the drawer has the account menu, and signs out', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await register(page, 'Mo', 'Bile', newEmail('mo'), 'a-good-secret');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const account = drawer.getByRole('navigation', { name: 'Account' });
  await expect(account.getByText('Mo Bile')).toBeVisible();
  await expect(account.getByRole('link', { name: 'Submit Sanctuary' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await context.close();
});

test('an administrator sees Admin Dashboard in the menu and a destructive admin badge; others do not', async ({ page }) => {
  await register(page, 'Alan', 'Turing', newEmail('alan'), 'a-good-secret');
  await openUserMenu(page, 'Alan Turing');
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Promote the account in the store (what `npm run create-admin` does); a new page load fetches the user again.
  await promoteToAdmin(page);
  await page.goto('/profile');
  await expect(page.getByText('admin', { exact: true })).toHaveClass(/bg-red-600/);
  await openUserMenu(page, 'Alan Turing');
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
});
