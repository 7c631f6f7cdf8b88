// Generic layout checks on every route, at a phone, a tablet and a desktop size: the kind of fault the role-and-text
// suites cannot see. Nothing overflows sideways; the page does not scroll on past its footer (issue 17 found 2,650 px
// of blank page under /map's footer); nothing is left under the phone's fixed tab bar once scrolled to the end; and
// on a phone every control is at least 44 × 44 px, except links inside a sentence (WCAG 2.5.5's inline exception).
import { expect, test, type Page } from '@playwright/test';
import { waitForSync } from './helpers';

const ROUTES = ['/', '/map', '/sanctuary/farm-sanctuary-watkins-glen-ny', '/reviews', '/about', '/faq', '/contact', '/saved', '/login', '/register', '/addmysanctuary', '/privacy', '/terms', '/no-such-page', '/map?q=Ohio&radius=500'];
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

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

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of ROUTES) {
      test(`layout of ${path}`, async ({ page }) => {
        await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
        await page.goto(path);
        await waitForSync(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const layout = await measure(page, viewport.name === 'phone');
        expect(layout.coveredBars, 'the header and tab bar stay on top').toEqual([]);
        expect(layout.overflowX, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
        expect(layout.pastFooter, 'page scrolls on below the footer (px)').toBeLessThanOrEqual(1);
        expect(layout.underTabBar, 'footer content under the tab bar').toEqual([]);
        expect(layout.smallTargets, 'controls smaller than 44 × 44 px').toEqual([]);
      });
    }
  });
}
