// axe-core on every route: no serious or critical accessibility violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForSync } from './helpers';

const ROUTES = ['/', '/map', '/sanctuary/farm-sanctuary-watkins-glen-ny', '/about', '/faq', '/contact', '/reviews', '/saved', '/login', '/register', '/admin', '/addmysanctuary', '/privacy', '/terms', '/no-such-page', '/?q=44101', '/map?q=Ohio&radius=500'];

for (const path of ROUTES) {
  test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto(path);
    await waitForSync(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const problems = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

// At a phone's size the layout differs (issue 17): the results and the filters live in sheets. Checked closed and open.
test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const axe = async (page: import('@playwright/test').Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  };

  for (const path of ['/', '/map?q=Ohio&radius=500', '/sanctuary/farm-sanctuary-watkins-glen-ny']) {
    test(`no serious or critical axe violations on ${path} at phone size`, async ({ page }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await page.goto(path);
      await waitForSync(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const problems = await axe(page);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('no serious or critical axe violations on /map at phone size with the results sheet and then the filters sheet open', async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto('/map?q=Ohio&radius=500');
    await waitForSync(page);
    await page.getByRole('region', { name: 'Sanctuaries + Rescues Near You' }).getByRole('button', { name: /found/ }).click();
    await expect(page.getByRole('list', { name: 'Results' })).toBeVisible();
    let problems = await axe(page);
    expect(problems, problems.join('\n')).toEqual([]);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    problems = await axe(page);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
