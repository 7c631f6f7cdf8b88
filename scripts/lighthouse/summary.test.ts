import { describe, expect, it } from 'vitest';
import { entryScriptUrls } from './built-entry.ts';
import { categoryScores, consoleErrors, failingAudits, formatTable, scoreCell, scriptTransfer, tileRequestPattern, type LhrLike } from './summary.ts';

const audit = (id: string, score: number | null, scoreDisplayMode = 'binary', extra: object = {}) => ({ id, title: `Title of ${id}`, score, scoreDisplayMode, ...extra });

const lhr: LhrLike = {
  categories: {
    performance: { score: 0.944, auditRefs: [{ id: 'lcp', weight: 25 }, { id: 'tbt', weight: 30 }, { id: 'unused-js', weight: 0 }, { id: 'diagnostic', weight: 0 }] },
    accessibility: { score: 1, auditRefs: [{ id: 'color-contrast', weight: 7 }, { id: 'manual-check', weight: 0 }] },
    'best-practices': { score: 0.96, auditRefs: [{ id: 'errors-in-console', weight: 1 }, { id: 'broken', weight: 1 }] },
    seo: { score: null, auditRefs: [] },
  },
  audits: {
    lcp: audit('lcp', 0.91, 'numeric', { displayValue: '2.4\u00a0s' }),
    tbt: audit('tbt', 0.5, 'numeric', { displayValue: '400 ms' }),
    'unused-js': audit('unused-js', 0, 'metricSavings'),
    diagnostic: audit('diagnostic', null, 'informative'),
    'color-contrast': audit('color-contrast', 1),
    'manual-check': audit('manual-check', null, 'manual'),
    'errors-in-console': audit('errors-in-console', 0),
    broken: audit('broken', null, 'error', { errorMessage: 'Protocol error' }),
    'network-requests': audit('network-requests', null, 'informative', {
      details: {
        items: [
          { resourceType: 'Script', transferSize: 1000, resourceSize: 3000, sessionTargetType: 'page' },
          { resourceType: 'Script', transferSize: 500, resourceSize: 900 },
          { resourceType: 'Script', transferSize: 7000, resourceSize: 9000, sessionTargetType: 'worker' },
          { resourceType: 'Stylesheet', transferSize: 800, resourceSize: 2000, sessionTargetType: 'page' },
        ],
      },
    }),
  },
};

describe('Lighthouse summary', () => {
  it('rounds category scores to 0–100 and compares them with the targets', () => {
    expect(categoryScores(lhr)).toEqual([
      { id: 'performance', score: 94, target: 95, met: false },
      { id: 'accessibility', score: 100, target: 100, met: true },
      { id: 'best-practices', score: 96, target: 100, met: false },
      { id: 'seo', score: null, target: 100, met: false },
    ]);
    expect(categoryScores(lhr).map(scoreCell)).toEqual(['94 MISSED', '100', '96 MISSED', 'n/a MISSED']);
  });

  it('lists audits under 0.9 and errored ones, heaviest first, never informative or manual ones', () => {
    expect(failingAudits(lhr, 'performance').map((a) => [a.id, a.score])).toEqual([
      ['tbt', 50],
      ['unused-js', 0],
    ]);
    expect(failingAudits(lhr, 'accessibility')).toEqual([]);
    expect(failingAudits(lhr, 'best-practices')).toEqual([
      { id: 'broken', title: 'Title of broken', score: null, displayValue: 'Protocol error', weight: 1 },
      { id: 'errors-in-console', title: 'Title of errors-in-console', score: 0, weight: 1 },
    ]);
  });

  it("counts the page's scripts, not the workers' nor other resources", () => {
    expect(scriptTransfer(lhr)).toEqual({ count: 2, transferBytes: 1500, resourceBytes: 3900 });
    expect(scriptTransfer({ categories: {}, audits: {} })).toEqual({ count: 0, transferBytes: 0, resourceBytes: 0 });
  });

  it('pads table columns to the widest cell', () => {
    expect(formatTable(['page', 'SEO'], [['/map', '100']])).toBe('page  SEO\n----  ---\n/map  100');
  });
});

describe('the map tiles answered in Chromium', () => {
  it("are the configured tile server's, up to the first coordinate", () => {
    expect(tileRequestPattern('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org/*');
    expect(tileRequestPattern('https://{s}.tiles.example.net/v2/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.net/v2/*');
    expect(tileRequestPattern('/tiles/{z}/{x}/{y}.png')).toBe('*/tiles/*');
  });
});

describe('built index.html', () => {
  it('finds module scripts and modulepreloads once each, in order, and nothing else', () => {
    const html = `<link rel="icon" href="/icons/icon.svg"><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="stylesheet" href="/assets/index.css">
      <link rel='modulepreload' href='/assets/react-B.js'><script>inline()</script>`;
    expect(entryScriptUrls(html)).toEqual(['/assets/index-A.js', '/assets/react-B.js']);
  });
});

describe('console errors', () => {
  it('lists each logged error once, with the resource it names', () => {
    const item = (description: string, url?: string) => ({ description, ...(url ? { sourceLocation: { url } } : {}) });
    const result: LhrLike = {
      categories: {},
      audits: {
        'errors-in-console': audit('errors-in-console', 0, 'binary', {
          details: {
            items: [
              item('Failed to load resource: the server responded with a status of 401 (Unauthorized)', 'http://x/api/auth/user'),
              item('Failed to load resource: the server responded with a status of 401 (Unauthorized)', 'http://x/api/auth/user'),
              item('Uncaught TypeError: boom'),
            ],
          },
        }),
      },
    };
    expect(consoleErrors(result)).toEqual(['the server responded with a status of 401 (Unauthorized) — http://x/api/auth/user', 'Uncaught TypeError: boom']);
  });
});
