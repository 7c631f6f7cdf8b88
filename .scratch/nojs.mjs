import { chromium } from 'playwright-core';
const [base, path, name] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const [w,h] of [[390,844],[1280,800]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(base + path);
  await page.screenshot({ path: `/work/main/.scratch/${name}-nojs-${w}.png` });
  await ctx.close();
}
await browser.close();
