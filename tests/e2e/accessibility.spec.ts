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
