// Serves the built web app (web/dist). Every page route answers index.html with that page's own head (title,
// description, canonical URL, Open Graph and Twitter tags) and, for a listing, its facts and JSON-LD
// (page-head.ts), and for the pages whose content does not depend on the data (/, /faq, /about, …) the HTML the build
// rendered from the app's own components (web/prerender-pages.mjs): link previews, search engines and readers
// without JavaScript see the page, and it paints before the app's JavaScript has loaded. `/` is rendered here, from
// the same components (the build's server bundle, web/dist-ssr), with the store's current count and first cards,
// /map with the count and the first lines of its list, and /reviews with the newest reviews, once per change of their
// data (liveRender below); the build's copy, without them, is the fallback. / and /map are arranged differently on a
// phone: they are rendered in the layout of the device that asks (layoutOf), so the app hydrates them as they are
// instead of rearranging the page once it runs. A listing's profile is rendered by the app too, with the listing (listingPages below), and
// carries the listing as the page's data; its plain facts are the fallback. An unknown listing
// or path answers 404 with the app (which shows the spec's not-found page). A missing asset (anything with a
// file extension) is a real 404 too, so a broken deploy is visible instead of answering HTML for JS.
// `/sitemap.xml` lists every page and listing; `/robots.txt` points to it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { COMMUNITY_REVIEWS_SHOWN, HOME_MAX_RESULT_CARDS, MAP_SERVED_LIST_ITEMS } from '@ss/domain/constants';
import type { PageData, PageLayout } from '@ss/domain/page-data';
import { toSanctuary, type Sanctuary } from '@ss/domain/sanctuary';
import { REVIEWS_CHECK_MS } from '../freshness.ts';
import type { SearchDirectory } from '../search-directory.ts';
import { addMissingSignedInHint } from '../session.ts';
import { matchPage, notFoundHead, renderPage, robotsTxt, sanctuaryHead, sitemapXml, staticHead, type PageHead, type PageMatch } from '../page-head.ts';

const RESERVED = /^\/(api|db|media)(\/|$)/;
/** How many listings' rendered profiles are kept, and for how long each (see listingPages). */
const LISTING_PAGES_KEPT = 200;
const LISTING_PAGE_TTL_MS = 60_000;
/** The sitemap is rebuilt at most this often (it reads every listing). */
const SITEMAP_TTL_MS = 60_000;

export interface WebOptions {
  /** The public origin for canonical URLs and the sitemap (PUBLIC_ORIGIN's first entry); the request's own otherwise. */
  publicOrigin?: string | undefined;
  /** The gateway's copy of the directory (search-directory.ts): with it, / is rendered with the current listings. */
  directory?: SearchDirectory | undefined;
  /** The build's server bundle of the app (web/src/prerender.tsx); by default web/dist-ssr/prerender.js. */
  ssrModule?: string | undefined;
}

export function webRoutes(webDist: string, couch: CouchClient, { publicOrigin, directory, ssrModule }: WebOptions = {}) {
  const app = new Hono();
  const root = path.relative(process.cwd(), webDist) || '.';
  const indexFile = path.join(webDist, 'index.html');
  const originOf = (c: Context) => publicOrigin ?? new URL(c.req.url).origin;
  const bundle = serverBundle(ssrModule ?? path.join(webDist, '..', 'dist-ssr', 'prerender.js'));
  type Live = (layout: PageLayout) => Promise<{ html: string; data: PageData } | undefined>;
  const perLayout = (page: (layout: PageLayout) => () => Promise<{ html: string; data: PageData } | undefined>): Live => {
    const pages = { phone: page('phone'), desktop: page('desktop') };
    return (layout) => pages[layout]();
  };
  const reviews = reviewsPage(bundle, couch);
  const live: Record<string, { byLayout: boolean; render: Live }> = {
    ...(directory
      ? {
          '/': { byLayout: true, render: perLayout((layout) => homePage(bundle, directory, undefined, layout)) },
          '/map': { byLayout: true, render: perLayout((layout) => mapPage(bundle, directory, undefined, layout)) },
        }
      : {}),
    '/reviews': { byLayout: false, render: () => reviews() },
  };
  const listingPage = listingPages(bundle);

  app.use('*', async (c, next) => {
    await next();
    const p = c.req.path;
    if (p.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (c.res.headers.get('content-type')?.includes('text/html') || p === '/sw.js' || p.endsWith('.webmanifest')) {
      c.header('Cache-Control', 'no-cache');
    }
    if (c.res.headers.get('content-type')?.includes('text/html')) addMissingSignedInHint(c);
  });

  let sitemap: { xml: string; at: number; origin: string } | null = null;
  app.get('/sitemap.xml', async (c) => {
    const origin = originOf(c);
    if (!sitemap || sitemap.origin !== origin || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
      const listings = (await couch.sanctuaries.list()).map((s) => ({ id: s._id, updatedAt: s.updatedAt }));
      sitemap = { xml: sitemapXml(origin, listings), at: Date.now(), origin };
    }
    return c.body(sitemap.xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });
  app.get('/robots.txt', (c) => c.body(robotsTxt(originOf(c)), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }));

  // `/` is a page like the others (its head and first screen below); the bare index.html stays a file, the service
  // worker's app shell for navigations it answers offline. prerendered/ holds pages' HTML, not files to serve.
  // The build wrote Brotli and gzip copies of the text files (scripts/precompress.mjs): sent as they are.
  const files = serveStatic({ root, precompressed: true });
  app.get('*', (c, next) => (c.req.path === '/' || c.req.path.startsWith('/prerendered/') ? next() : files(c, next)));

  app.get('*', async (c) => {
    const p = c.req.path;
    if (RESERVED.test(p)) return c.json({ error: 'Not found' }, 404);
    if (path.posix.basename(p).includes('.')) return c.text('Not found', 404);
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    const head = await headFor(p, couch, originOf(c));
    // The build rendered each page without a query; one with a query (/?q=…, a filter) may look different, so it
    // gets the bare shell and the app renders it.
    const query = Boolean(new URL(c.req.url).search);
    const plain = !head.body && !query;
    // A listing's profile is rendered by the app with the listing (its facts, the fallback, are in head.body).
    const match = matchPage(p);
    const listing = match.kind === 'sanctuary' && !match.manage && !query ? (head.data as PageData | undefined)?.sanctuary : undefined;
    const profile = listing ? await listingPage(listing) : undefined;
    const livePage = plain ? live[p] : undefined;
    const current = livePage ? await livePage.render(layoutOf(c.req.header('sec-ch-ua-mobile'), c.req.header('user-agent'))) : undefined;
    if (current && livePage?.byLayout) c.header('Vary', 'Sec-CH-UA-Mobile, User-Agent');
    const app = profile ?? (current ? current.html : plain ? prerendered(webDist, match) : undefined);
    const page = app ? { ...head, body: app, prerendered: true, ...(current ? { data: current.data } : {}) } : head;
    return c.html(renderPage(fs.readFileSync(indexFile, 'utf8'), page), head.status);
  });
  return Object.assign(app, {
    /**
     * Loads the server bundle and renders the live pages in the background, so the first visitor after a start is
     * not the one who waits for it (about a second here: the bundle's import and the first render of the lists).
     */
    warm: () => {
      void (async () => {
        for (const page of Object.values(live)) {
          for (const layout of page.byLayout ? (['phone', 'desktop'] as const) : (['phone'] as const)) await page.render(layout);
        }
      })().catch(() => undefined); // a page that cannot be rendered now is rendered, or served as built, when asked
    },
  });
}

export interface ServerBundle {
  /** The page's HTML as the app renders it with `data`; null when there is no bundle (the build's copy is served). */
  render(path: string, data: PageData): Promise<string | null>;
}

/**
 * The build's server bundle of the app (web/src/prerender.tsx), loaded on first use. Renders run one at a time: the
 * page's data is module state in the bundle while it renders.
 */
export function serverBundle(ssrModule: string, log: (line: string) => void = console.warn): ServerBundle {
  let bundle: Promise<{ renderPage(path: string, data: PageData): Promise<string> } | null> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    async render(path, data) {
      const app = await (bundle ??= fs.existsSync(ssrModule)
        ? import(pathToFileURL(ssrModule).href).catch((err: unknown) => {
            log(`[gateway] the app's server bundle could not be loaded, pages are served without their data: ${(err as Error).message}`);
            return null;
          })
        : Promise.resolve(null));
      if (!app) return null;
      const run = queue.then(() => app.renderPage(path, data));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

type Rendered = { seq: string; html: string; data: PageData } | { seq: string; failed: true };

/**
 * A page rendered by the app with the store's current data, once per change of that data (`load` tells the version
 * and the data), one render at a time; undefined when that cannot be done (the build's copy is served instead).
 */
export function liveRender(
  bundle: ServerBundle,
  path: string,
  load: () => Promise<{ seq: string; data: () => Promise<PageData> | PageData }>,
  log: (line: string) => void = console.warn,
) {
  let last: Rendered | undefined;
  let rendering: Promise<Rendered> | undefined;

  async function render(seq: string, data: PageData): Promise<Rendered> {
    try {
      const html = await bundle.render(path, data);
      return html === null ? { seq, failed: true } : { seq, html, data };
    } catch (err) {
      log(`[gateway] rendering ${path} failed, the build's copy is served: ${(err as Error).message}`);
      return { seq, failed: true };
    }
  }

  return async (): Promise<{ html: string; data: PageData } | undefined> => {
    try {
      const current = await load();
      if (last?.seq !== current.seq) {
        rendering ??= Promise.resolve(current.data())
          .then((data) => render(current.seq, data))
          .then((r) => (last = r))
          .finally(() => (rendering = undefined));
        await rendering;
      }
    } catch {
      return undefined; // The store cannot be asked: the build's page.
    }
    return last && !('failed' in last) ? last : undefined;
  };
}

/**
 * The layout to render a page in for the device that asks: its Sec-CH-UA-Mobile hint (Chromium browsers send it),
 * else its user agent; a phone when neither tells (the build's copies are laid out for a phone too). The app switches
 * to the layout its screen needs once it runs (web/src/lib/use-media-query.ts): this only spares most devices that.
 */
export function layoutOf(mobileHint: string | undefined, userAgent: string | undefined): PageLayout {
  if (mobileHint === '?1') return 'phone';
  if (mobileHint === '?0') return 'desktop';
  const agent = userAgent ?? '';
  if (/Mobi|Android|iPhone|iPod/i.test(agent)) return 'phone';
  return /Windows NT|Macintosh|X11|CrOS/.test(agent) ? 'desktop' : 'phone';
}

/**
 * The home page with the store's listings: their count and the first cards in name order, what a device shows at /
 * once it has synced. Follows the gateway's search copy of the directory (its freshness: a few seconds).
 */
export function homePage(bundle: ServerBundle, directory: SearchDirectory, log?: (line: string) => void, layout: PageLayout = 'phone') {
  return liveRender(
    bundle,
    '/',
    async () => {
      const { seq, sanctuaries } = await directory.listing();
      return { seq, data: () => ({ layout, preview: { localSeq: 0, total: sanctuaries.length, first: sanctuaries.slice(0, HOME_MAX_RESULT_CARDS) } }) };
    },
    log,
  );
}

/**
 * /map without a search, with the store's listings: their count and the first MAP_SERVED_LIST_ITEMS lines of the list
 * in name order (name and place: what a line shows), as the app shows them until the device's own copy is read. The
 * map itself is drawn by the browser. Follows the gateway's search copy of the directory, like /.
 */
export function mapPage(bundle: ServerBundle, directory: SearchDirectory, log?: (line: string) => void, layout: PageLayout = 'phone') {
  return liveRender(
    bundle,
    '/map',
    async () => {
      const { seq, sanctuaries } = await directory.listing();
      const first = sanctuaries.slice(0, MAP_SERVED_LIST_ITEMS).map(({ id, name, city, state }) => ({ id, name, city, state }));
      return { seq, data: () => ({ layout, mapList: { total: sanctuaries.length, first } }) };
    },
    log,
  );
}

/** /reviews with the store's newest visible reviews and their count, per change of the reviews (checked at most every few seconds). */
export function reviewsPage(bundle: ServerBundle, couch: CouchClient, { ttlMs = REVIEWS_CHECK_MS, clock = Date.now, log }: { ttlMs?: number; clock?: () => number; log?: (line: string) => void } = {}) {
  let checked: { seq: string; at: number } | undefined;
  return liveRender(
    bundle,
    '/reviews',
    async () => {
      if (!checked || clock() - checked.at >= ttlMs) {
        checked = { seq: String((await couch.call(() => couch.use(DB.reviews).info())).update_seq), at: clock() };
      }
      return { seq: checked.seq, data: async () => ({ reviews: await couch.reviews.summary(COMMUNITY_REVIEWS_SHOWN) }) };
    },
    log,
  );
}

/**
 * A listing's profile as the app renders it with `sanctuary` (the listing as the store has it), so the page's HTML is
 * the app's own and is hydrated, not replaced; undefined when that cannot be done (the listing's facts are served).
 * Renders are kept by what the listing says, the most recent `max` of them, each for `ttlMs`: the profile also shows
 * whether the sanctuary is open now and its upcoming events, which change with the clock.
 */
export function listingPages(
  bundle: ServerBundle,
  { max = LISTING_PAGES_KEPT, ttlMs = LISTING_PAGE_TTL_MS, clock = Date.now, log = console.warn }: { max?: number; ttlMs?: number; clock?: () => number; log?: (line: string) => void } = {},
) {
  const kept = new Map<string, { html: string; at: number }>();
  const rendering = new Map<string, Promise<string | undefined>>();

  async function render(key: string, sanctuary: Sanctuary): Promise<string | undefined> {
    try {
      const html = await bundle.render(`/sanctuary/${encodeURIComponent(sanctuary.id)}`, { sanctuary });
      if (html === null) return undefined;
      kept.set(key, { html, at: clock() });
      for (const oldest of kept.keys()) {
        if (kept.size <= max) break;
        kept.delete(oldest);
      }
      return html;
    } catch (err) {
      log(`[gateway] rendering the profile of ${sanctuary.id} failed, its facts are served: ${(err as Error).message}`);
      return undefined;
    }
  }

  return async (sanctuary: Sanctuary): Promise<string | undefined> => {
    const key = JSON.stringify(sanctuary);
    const hit = kept.get(key);
    if (hit && clock() - hit.at < ttlMs) {
      // Most recently used last: the first entries are the ones to drop.
      kept.delete(key);
      kept.set(key, hit);
      return hit.html;
    }
    kept.delete(key);
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(key, sanctuary).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };
}

/**
 * The build's HTML for a page whose content does not depend on the data (web/prerender-pages.mjs: rendered from the
 * app's own components), or undefined when there is none. Read per request like index.html, so a new build is
 * served at once.
 */
function prerendered(webDist: string, page: PageMatch): string | undefined {
  if (page.kind !== 'static') return undefined;
  // Named as web/prerender-pages.mjs writes them: change both together.
  const file = path.join(webDist, 'prerendered', `${page.path === '/' ? 'index' : page.path.slice(1)}.html`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function headFor(pathname: string, couch: CouchClient, origin: string): Promise<PageHead> {
  const page = matchPage(pathname);
  if (page.kind === 'static') return staticHead(page.path, origin);
  if (page.kind === 'unknown') return notFoundHead(origin, 'page');
  const listing = await couch.sanctuaries.get(page.id).catch(() => undefined);
  // The store could not be asked: the app still opens (it reads its own copy); no facts in the HTML this time.
  if (listing === undefined) return { ...notFoundHead(origin, 'sanctuary'), status: 200, title: 'Sanctuary Seekers', index: false };
  if (!listing) return notFoundHead(origin, 'sanctuary');
  const stats = await couch.reviews.stats(listing._id).catch(() => null);
  const head = sanctuaryHead(listing, origin, stats ? { count: stats.totalReviews, average: stats.averageRating } : null, page.manage);
  // The listing itself goes with its facts: a first visit's app shows it at once (web/src/data/use-sanctuaries.ts)
  // instead of replacing the facts with a placeholder until its own copy of the directory has arrived.
  return { ...head, data: { sanctuary: toSanctuary(listing) } };
}
