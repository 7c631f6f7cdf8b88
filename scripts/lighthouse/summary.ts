// Reading a Lighthouse result: the four category scores against the targets, the audits that keep a
// category under its target, and the JavaScript a page transferred. Pure functions over the report JSON so
// they can be unit-tested with small hand-made results.
import { createRequire } from 'node:module';

// The web app's default tile server, from the helper the service worker's build uses too.
const { DEFAULT_TILE_URL } = createRequire(import.meta.url)('../tile-route.cjs') as { DEFAULT_TILE_URL: string };

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** Issue 7's targets, as Lighthouse's 0–100 scores. */
export const TARGETS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export const CATEGORY_LABELS: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

/** Initial JavaScript budget on `/`, gzip, in KB (1 KB = 1024 bytes). */
export const INITIAL_JS_BUDGET_KB = 170;

/** The parts of a Lighthouse result (LH.Result) this module reads. */
export interface LhrLike {
  categories: Record<string, { score: number | null; auditRefs: readonly { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
        errorMessage?: string;
        details?: unknown;
      }
    | undefined
  >;
  runWarnings?: readonly string[];
}

export interface CategoryScore {
  id: CategoryId;
  /** 0–100, or null when Lighthouse could not score the category. */
  score: number | null;
  target: number;
  met: boolean;
}

export function categoryScores(lhr: LhrLike): CategoryScore[] {
  return CATEGORIES.map((id) => {
    const raw = lhr.categories[id]?.score;
    const score = raw === null || raw === undefined ? null : Math.round(raw * 100);
    return { id, score, target: TARGETS[id], met: score !== null && score >= TARGETS[id] };
  });
}

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–100, or null for an audit that errored. */
  score: number | null;
  displayValue?: string;
  weight: number;
}

/**
 * The audits of a category that did not pass, heaviest first. Lighthouse's report counts an audit as passed at
 * a score of 0.9 or more (binary audits score 0 or 1); informative, manual and not-applicable audits carry no
 * score and never fail, while an audit that errored is listed since it may hide a failure.
 */
export function failingAudits(lhr: LhrLike, category: CategoryId): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const errored = audit.scoreDisplayMode === 'error';
    const scored = ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);
    if (!errored && !(scored && audit.score !== null && audit.score < 0.9)) continue;
    failing.push({
      id: audit.id,
      title: audit.title,
      score: errored || audit.score === null ? null : Math.round(audit.score * 100),
      ...(audit.displayValue ? { displayValue: audit.displayValue } : audit.errorMessage ? { displayValue: audit.errorMessage } : {}),
      weight: ref.weight,
    });
  }
  return failing.sort((a, b) => b.weight - a.weight || (a.score ?? -1) - (b.score ?? -1));
}

export interface ScriptTransfer {
  count: number;
  /** Bytes on the wire (compressed body plus headers), as Lighthouse recorded them. */
  transferBytes: number;
  /** Decoded bytes. */
  resourceBytes: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  sessionTargetType?: string;
}

/**
 * The scripts the page itself loaded during Lighthouse's navigation (its `network-requests` audit), which is
 * everything needed to show the page: the entry, its static imports and the route's lazy chunks. Requests of
 * workers (the service worker's precache) are left out: they do not delay the page.
 */
export function scriptTransfer(lhr: LhrLike): ScriptTransfer {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((i) => i.resourceType === 'Script' && (i.sessionTargetType ?? 'page') === 'page');
  return {
    count: scripts.length,
    transferBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    resourceBytes: scripts.reduce((sum, i) => sum + (i.resourceSize ?? 0), 0),
  };
}

/** What the page logged as errors (errors-in-console), one line each: the message and the resource it names. */
export function consoleErrors(lhr: LhrLike): string[] {
  const details = lhr.audits['errors-in-console']?.details as { items?: { description?: string; sourceLocation?: { url?: string } }[] } | undefined;
  const lines = (details?.items ?? []).map((i) => {
    const url = i.sourceLocation?.url;
    const message = (i.description ?? '').replace(/^Failed to load resource: /, '');
    return url && !message.includes(url) ? `${message} — ${url}` : message;
  });
  return [...new Set(lines)];
}

/** The metrics worth seeing next to a performance score, e.g. "LCP 2.1 s". */
export function keyMetrics(lhr: LhrLike): string {
  const names: [string, string][] = [
    ['first-contentful-paint', 'FCP'],
    ['largest-contentful-paint', 'LCP'],
    ['total-blocking-time', 'TBT'],
    ['cumulative-layout-shift', 'CLS'],
    ['speed-index', 'SI'],
  ];
  return names
    .map(([id, short]) => {
      const v = lhr.audits[id]?.displayValue;
      return v ? `${short} ${v.replace(/\u00a0/g, ' ')}` : undefined;
    })
    .filter(Boolean)
    .join(', ');
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A plain-text table, columns padded to their widest cell. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** One table cell: the score and, when under target, "MISSED". */
export function scoreCell(s: CategoryScore): string {
  if (s.score === null) return 'n/a MISSED';
  return s.met ? String(s.score) : `${s.score} MISSED`;
}

/** The address pattern of the tile server the web app was built with (VITE_TILE_URL), for CDP's Fetch domain. */
export function tileRequestPattern(template = process.env.VITE_TILE_URL?.trim() || DEFAULT_TILE_URL): string {
  const coordinate = template.search(/\{[zxyr]\}/);
  const prefix = (coordinate > 0 ? template.slice(0, coordinate) : template).replace(/\{s\}/g, '*');
  // The pattern is matched against whole URLs: a path on the page's own site is anything ending in it.
  return `${/^https?:\/\//i.test(prefix) ? '' : '*'}${prefix}*`;
}
