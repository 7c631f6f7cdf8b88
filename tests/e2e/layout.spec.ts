// Generic layout checks on every route, at a phone, a tablet and a desktop size: the kind of fault the role-and-text
// suites cannot see. Nothing overflows sideways; the page does not scroll on past its footer (issue 17 found 2,650 px
// of blank page under /map's footer); nothing is left under the phone's fixed tab bar once scrolled to the end; and
// on a phone every control is at least 44 × 44 px, except links inside a sentence (WCAG 2.5.5's inline exception).
// Then each screen is compared with its committed picture (tests/e2e/__screenshots__/), so a change to how a page
// looks is seen and accepted on purpose: `npm run test:screenshots` writes new pictures after a deliberate change.
// The pictures are taken on a stack of this suite's own, started fresh from the seed, so what other specs write
// (reviews, approvals, favourites) never shows in them; visitors, a signed-in account and an administrator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createCouchClient } from '@ss/couchdb/client';
import { startStack, type Stack } from '../../scripts/stack.ts';
import { waitForSync } from './helpers';

type Caller = 'visitor' | 'signed in' | 'admin';
const ROUTES: Array<{ path: string; as?: Caller }> = [
  ...['/', '/map', '/sanctuary/farm-sanctuary-watkins-glen-ny', '/reviews', '/about', '/faq', '/contact', '/saved', '/login', '/register', '/addmysanctuary', '/privacy', '/terms', '/no-such-page', '/map?q=Ohio&radius=500'].map((p) => ({ path: p })),
  { path: '/', as: 'signed in' },
  { path: '/saved', as: 'signed in' },
  { path: '/profile', as: 'signed in' },
  { path: '/admin', as: 'admin' },
];
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const SCREENSHOT_CSS = path.join(import.meta.dirname, 'screenshot.css');
let stack: Stack | undefined;
let dataDir = '';
const sessions: Partial<Record<Caller, string>> = {};

/** Signs an account up through the API, as the register form does, and returns its session cookie's value. */
async function signUp(base: string, first: string, email: string): Promise<{ id: string; session: string }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'a-good-secret', confirmPassword: 'a-good-secret', firstName: first, lastName: 'Seeker' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ss_session='))!;
  return { id: ((await res.json()) as { id: string }).id, session: cookie.slice('ss_session='.length).split(';')[0]! };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-layout-'));
  stack = await startStack({ port: 0, dataDir, log: () => {} });
  const base = stack.url;
  sessions['signed in'] = (await signUp(base, 'Robin', 'robin@example.org')).session;
  const admin = await signUp(base, 'Alex', 'alex@example.org');
  const users = createCouchClient(stack.couch).use<{ role: string }>('users');
  await users.insert({ ...(await users.get(`user:${admin.id}`)), role: 'admin' });
  // The gateway remembers an account for a moment: wait until it answers with the new role.
  await expect
    .poll(async () => ((await (await fetch(`${base}/api/auth/user`, { headers: { cookie: `ss_session=${admin.session}` } })).json()) as { role?: string }).role, { timeout: 10_000 })
    .toBe('admin');
  sessions.admin = admin.session;
});

test.afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Layout {
  /** Fixed bars something else paints over (the map once did, over the tab bar and the header). */
  coveredBars: string[];
  overflowX: number;
  pastFooter: number;
  underTabBar: string[];
  smallTargets: string[];
}

/** Measures the page as it stands, scrolled to its end. */
function measure(page: Page, checkTargets: boolean): Promise<Layout> {
  return page.evaluate(async (checkTargets) => {
    const doc = document.documentElement;
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // The header and the tab bar stay on top of the page, at its top and scrolled part way down.
    const coveredBars: string[] = [];
    for (const y of [0, Math.min(400, doc.scrollHeight - window.innerHeight)]) {
      window.scrollTo(0, y);
      await frame();
      for (const bar of Array.from(document.querySelectorAll('header, nav[aria-label="Tabs"]'))) {
        const r = bar.getBoundingClientRect();
        if (r.width < 1 || r.height < 1 || getComputedStyle(bar).position === 'static') continue;
        for (const x of [0.1, 0.3, 0.5, 0.7, 0.9]) {
          const hit = document.elementFromPoint(r.left + r.width * x, r.top + r.height / 2);
          if (hit && !bar.contains(hit)) coveredBars.push(`${bar.tagName.toLowerCase()} at ${Math.round(x * 100)} % covered by ${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 40)} (scrolled ${y} px)`);
        }
      }
    }
    window.scrollTo(0, doc.scrollHeight);
    await frame();
    const footer = document.querySelector('footer');
    const footerBottom = footer ? footer.getBoundingClientRect().bottom + window.scrollY : doc.scrollHeight;
    const label = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0';
    };

    // The tab bar is fixed over the bottom of a phone's screen: at the end of the page the footer's text must clear it.
    const tabBar = document.querySelector('nav[aria-label="Tabs"]');
    const underTabBar: string[] = [];
    if (tabBar && visible(tabBar) && footer) {
      const top = tabBar.getBoundingClientRect().top;
      for (const el of Array.from(footer.querySelectorAll('p, a, button, h2, h3, li'))) {
        if (visible(el) && el.getBoundingClientRect().bottom > top + 1) underTabBar.push(label(el));
      }
    }

    const smallTargets: string[] = [];
    if (checkTargets) {
      const controls = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"]');
      for (const el of Array.from(controls)) {
        if (!visible(el) || el.closest('.leaflet-container, [aria-hidden="true"]')) continue;
        // A checkbox or radio is tapped through its label: the label's box counts.
        const box = (el.matches('input[type="checkbox"], input[type="radio"]') && ((el as HTMLInputElement).labels?.[0] ?? el.closest('label'))) || el;
        const r = box.getBoundingClientRect();
        if (r.width >= 44 - 0.5 && r.height >= 44 - 0.5) continue;
        // Inline: a link that is part of a sentence (its block holds more text than the link).
        if (el.tagName === 'A') {
          const block = el.parentElement?.closest('p, li, dd, td, span, label');
          if (block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2) continue;
        }
        smallTargets.push(`${label(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return { coveredBars, overflowX: doc.scrollWidth - doc.clientWidth, pastFooter: Math.round(doc.scrollHeight - footerBottom), underTabBar, smallTargets };
  }, checkTargets);
}

/** The picture's name: viewport, route and caller, in letters a file name can hold. */
const pictureName = (viewport: string, route: string, as: Caller | undefined) =>
  `${viewport}-${route.replace(/^\/$/, 'home').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}${as ? `-${as.replace(' ', '-')}` : ''}.png`;

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const { path: route, as } of ROUTES) {
      test(`layout of ${route}${as ? ` (${as})` : ''}`, async ({ page }) => {
        const base = stack!.url;
        if (as) await page.context().addCookies([{ name: 'ss_session', value: sessions[as]!, url: base }]);
        await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
        await page.goto(base + route);
        await waitForSync(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const layout = await measure(page, viewport.name === 'phone');
        expect(layout.coveredBars, 'the header and tab bar stay on top').toEqual([]);
        expect(layout.overflowX, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
        expect(layout.pastFooter, 'page scrolls on below the footer (px)').toBeLessThanOrEqual(1);
        expect(layout.underTabBar, 'footer content under the tab bar').toEqual([]);
        expect(layout.smallTargets, 'controls smaller than 44 × 44 px').toEqual([]);

        // The first screen, as a person opening the page sees it. The tolerance absorbs anti-aliasing and font
        // hinting (a few hundred pixels), not a moved or missing block.
        await page.evaluate(() => window.scrollTo(0, 0));
        // Covered in the picture: the sync status, which says when it last synced (a clock time). Left out of it:
        // what the map draws (screenshot.css); the map's box, its controls and the sheets over it are compared.
        const syncedAt = page.getByRole('status').filter({ hasText: /Up to date/ });
        await expect(page).toHaveScreenshot(pictureName(viewport.name, route, as), { animations: 'disabled', caret: 'hide', mask: [syncedAt], stylePath: SCREENSHOT_CSS, maxDiffPixelRatio: 0.01 });
      });
    }
  });
}
