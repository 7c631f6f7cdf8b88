import { chromium } from 'playwright-core';
const base = process.argv[2] ?? 'http://127.0.0.1:8099';
const path = process.argv[3] ?? '/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const [w,h] of [[390,844],[1280,800]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(base + path);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/work/main/.scratch/early-${w}.png`, fullPage: false });
  const featured = page.getByRole('heading', { level: 2 }).first();
  await featured.scrollIntoViewIfNeeded();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/work/main/.scratch/late-${w}.png`, fullPage: false });
  console.log(w, logs.join('\n'));
  await ctx.close();
}
await browser.close();
