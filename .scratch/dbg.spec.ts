import { expect, test } from '@playwright/test';
import { holdAppScript } from '../tests/e2e/helpers';
test('dbg', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.text()));
  const release = await holdAppScript(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const section = page.getByRole('button', { name: 'Using the App' });
  await section.tap();
  console.log(await page.evaluate(() => [Boolean((window as any).__ssEarlyPress), String((window as any).__ssEarlyPress?.button?.textContent), Boolean((window as any).__ssAppStarted), document.getElementById('root')!.dataset.prerendered]));
  release();
  await page.waitForTimeout(3000);
  console.log(await page.evaluate(() => [Boolean((window as any).__ssEarlyPress), Boolean((window as any).__ssAppStarted)]));
  console.log(await section.getAttribute('aria-expanded'));
});
