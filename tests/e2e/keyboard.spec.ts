// Keyboard use (issue 7): focus is trapped inside the mobile drawer and the dialogs while they are open and goes
// back to what opened them when they close; on /map the list and the markers are reached with Tab and Enter opens
// the sanctuary; on a phone the same holds for the filters sheet and the results sheet. Everything here is done
// with the keyboard alone once the page is loaded.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newEmail, register, waitForSync } from './helpers';

// A ZIP search that finds exactly one seeded sanctuary, so it is 'A' on the list and on the map.
const WATKINS_GLEN = '/map?q=14891&radius=5';
const FARM_SANCTUARY = { id: 'farm-sanctuary-watkins-glen-ny', name: 'Farm Sanctuary' };

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const holdsFocus = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/**
 * Presses `key` (Tab or Shift+Tab) until focus comes back to the element that had it, checking after every
 * press that focus never left `container`. Returns the number of stops in the cycle.
 */
async function tabCycle(page: Page, container: Locator, key: 'Tab' | 'Shift+Tab'): Promise<number> {
  const start = await page.evaluateHandle(() => document.activeElement);
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press(key);
    const { inside, back } = await container.evaluate((el, first) => ({ inside: el.contains(document.activeElement), back: document.activeElement === first }), start);
    expect(inside, `focus left ${container.toString()} after ${presses} × ${key}`).toBe(true);
    if (back) return presses;
  }
  throw new Error(`focus never came back round inside ${container.toString()}`);
}

/** Opens a dialog from its focused trigger with Enter, cycles focus both ways, closes it with Escape. */
async function expectTrappedAndRestored(page: Page, trigger: Locator, dialog: Locator, minStops = 2) {
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog), { message: 'focus moves into the dialog when it opens' }).toBe(true);
  const forward = await tabCycle(page, dialog, 'Tab');
  expect(forward).toBeGreaterThanOrEqual(minStops);
  expect(await tabCycle(page, dialog, 'Shift+Tab')).toBe(forward);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test('mobile drawer: opened with Enter, Tab and Shift+Tab stay inside, Escape closes it and focus returns to the menu button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Animal Sanctuaries' })).toBeVisible();
  // Signed out: the drawer also offers Sign in and Sign up once the account check has settled.
  const trigger = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, trigger, 20);
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expectTrappedAndRestored(page, trigger, drawer, 5);

  // Again, then follow a link from the keyboard: the drawer closes and the page changes.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: 'FAQ' }), 20);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await context.close();
});

test('dialogs: "Save this area for offline" and "Report incorrect information" trap focus and give it back to their trigger', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto(WATKINS_GLEN);
  await waitForSync(page);
  const save = page.getByRole('button', { name: 'Save this area for offline' });
  await expect(save).toBeEnabled();
  await tabTo(page, save);
  await expectTrappedAndRestored(page, save, page.getByRole('dialog', { name: 'Save this area for offline' }));

  // The report dialog is for signed-in visitors; this user is new, so nothing shared changes.
  await register(page, 'Keyboard', 'Tester', newEmail('keyboard'));
  await page.goto(`/sanctuary/${FARM_SANCTUARY.id}`);
  await expect(page.getByRole('heading', { level: 1, name: FARM_SANCTUARY.name })).toBeVisible();
  const report = page.getByRole('button', { name: 'Report incorrect information' });
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report incorrect information' });
  await expect(dialog).toBeVisible();
  // The first field takes focus; with text in it, Send report can be reached too (two stops in the cycle).
  const field = dialog.getByRole('textbox', { name: 'What is incorrect?' });
  await expect(field).toBeFocused();
  await page.keyboard.type('The opening hours are missing.');
  expect(await tabCycle(page, dialog, 'Tab')).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});

test('/map from the keyboard: Tab reaches a list item and a marker, Enter selects it and Enter again opens the sanctuary', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const card = page.getByRole('complementary', { name: 'Selected Location' });
  const viewDetails = card.getByRole('link', { name: 'View Details' });
  /** Enter on the focused place shows the card with View Details focused; Enter again opens the sanctuary. */
  async function selectAndOpen() {
    await page.keyboard.press('Enter');
    await expect(card).toContainText(FARM_SANCTUARY.name);
    await expect(viewDetails).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sanctuary/${FARM_SANCTUARY.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: FARM_SANCTUARY.name })).toBeVisible();
  }

  // The list: Enter on an item shows the 'Selected Location' card and moves focus to its View Details.
  await page.goto(WATKINS_GLEN);
  await waitForSync(page);
  const item = page.getByRole('list', { name: 'Results' }).getByRole('button', { name: new RegExp(`^A: ${FARM_SANCTUARY.name}\\b`) });
  await tabTo(page, item);
  await selectAndOpen();

  // The map: its marker is a button in the tab order; Enter selects it the same way.
  await page.goto(WATKINS_GLEN);
  const marker = page.getByRole('region', { name: 'Map' }).getByRole('button', { name: `A: ${FARM_SANCTUARY.name}` });
  await tabTo(page, marker);
  await selectAndOpen();
});

test('/map on a phone from the keyboard: the filters sheet traps focus and gives it back; the results sheet opens with Enter and its list selects a place', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto(WATKINS_GLEN);
  await waitForSync(page);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await tabTo(page, filters);
  await expectTrappedAndRestored(page, filters, page.getByRole('dialog', { name: 'Filters' }), 4);

  const sheet = page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' });
  const handle = sheet.getByRole('button', { name: /found/ });
  await tabTo(page, handle);
  await page.keyboard.press('Enter');
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  const item = sheet.getByRole('list', { name: 'Results' }).getByRole('button', { name: new RegExp(`^A: ${FARM_SANCTUARY.name}\\b`) });
  await tabTo(page, item);
  await page.keyboard.press('Enter');
  const card = sheet.getByRole('complementary', { name: 'Selected Location' });
  await expect(card).toContainText(FARM_SANCTUARY.name);
  await expect(card.getByRole('link', { name: 'View Details' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sanctuary/${FARM_SANCTUARY.id}$`));
  await context.close();
});
