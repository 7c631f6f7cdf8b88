// Helpers shared by the end-to-end specs.
import { expect, type Browser, type Page } from '@playwright/test';
import { createCouchClient } from '@ss/couchdb/client';
import type { CouchConfig } from '@ss/couchdb/config';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';

export function storeClient() {
  return createCouchClient(JSON.parse(process.env.E2E_COUCH ?? '{}') as CouchConfig);
}

/**
 * Holds the app's entry script back until the returned function is called: until then the page is the gateway's
 * HTML alone (what a slow phone shows first). Call before navigating.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the device's first sync of the directory (its snapshot and changes requests) until the returned function is
 * called: until then the page stays "Syncing…". Call before navigating.
 */
export async function holdFirstSync(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/db\/sanctuaries\/(_snapshot|_changes)/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** Collects what React reports about hydration (web/src/main.tsx logs each mismatch with '[ssr]'). */
export function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('[ssr]') || /hydrat/i.test(m.text())) warnings.push(m.text());
  });
  return warnings;
}

/** Waits until this page's replicated directory is on the device and the sync indicator says so. */
export async function waitForSync(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /Up to date/ })).toBeVisible({ timeout: 30_000 });
}

/** Waits until the service worker controls the page, so a reload can be served offline. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active) && Boolean(navigator.serviceWorker.controller);
  }, undefined, { timeout: 30_000 });
}

/** A minimal listing in Columbus, OH, as a test writes it straight to the store (no application, no approval). */
export function minimalSanctuaryDoc(id: string, name: string) {
  const now = new Date().toISOString();
  return {
    _id: id, type: 'sanctuary', schemaVersion: 1, name, description: '', address: '', city: 'Columbus',
    state: 'OH', zipCode: '', latitude: 39.96, longitude: -83.0, coordinatesApproximate: true, phone: '', email: '', website: '',
    animalTypes: [], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '',
    hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
    createdAt: now, updatedAt: now,
  };
}

let emailCounter = 0;
/** A fresh e-mail address per call, so suites sharing one stack never collide. */
export const newEmail = (who: string) => `${who}-${Date.now()}-${emailCounter++}@example.org`;

/** A toast's text; Radix also copies it into a screen-reader announcement, hence first(). */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Signs up through /register as a visitor would and waits for the welcome toast on the home page. */
export async function register(page: Page, first: string, last: string, email: string, password = 'a-good-secret') {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toastText(page, 'Welcome to Sanctuary Seekers!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Makes this page's signed-in account an administrator in the store (what `npm run create-admin` does to an
 * existing account) and waits until the gateway answers with the new role: it remembers accounts for a second.
 */
export async function promoteToAdmin(page: Page): Promise<void> {
  const users = storeClient().use<{ role: string }>('users');
  const userId = await page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { id: string }).id);
  const doc = await users.get(`user:${userId}`);
  await users.insert({ ...doc, role: 'admin' });
  await expect
    .poll(async () => page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { role?: string }).role), { timeout: 10_000 })
    .toBe('admin');
}

/** Opens /login, fills in the account and presses Sign in (what happens next is the caller's to check). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through /login and waits for the welcome-back toast. */
export async function signIn(page: Page, email: string, password: string) {
  await fillSignIn(page, email, password);
  await expect(toastText(page, 'Welcome back!')).toBeVisible();
}

/**
 * An administrator made by the create-admin code path, signed in on a device of their own (a new browser
 * context) and looking at /admin.
 */
export async function adminOnAnotherDevice(browser: Browser, lastName: string): Promise<Page> {
  const email = newEmail('admin');
  const couch = storeClient();
  await createOrPromoteAdmin(couch, createUsers(couch), { email, password: 'admin-secret', firstName: 'Ada', lastName });
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, email, 'admin-secret');
  await admin.goto('/admin');
  return admin;
}
