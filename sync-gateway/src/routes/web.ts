// Serves the built web app (web/dist). Every page route answers index.html with that page's own head (title,
// description, canonical URL, Open Graph and Twitter tags) and, for a listing, its facts and JSON-LD
// (page-head.ts), and for the pages whose content does not depend on the data (/, /faq, /about, …) the HTML the build
// rendered from the app's own components (web/prerender-pages.mjs): link previews, search engines and readers
// without JavaScript see the page, and it paints before the app's JavaScript has loaded. An unknown listing
// or path answers 404 with the app (which shows the spec's not-found page). A missing asset (anything with a
// file extension) is a real 404 too, so a broken deploy is visible instead of answering HTML for JS.
// `/sitemap.xml` lists every page and listing; `/robots.txt` points to it.
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { CouchClient } from '@ss/couchdb/client';
import { addMissingSignedInHint } from '../session.ts';
import { matchPage, notFoundHead, renderPage, robotsTxt, sanctuaryHead, sitemapXml, staticHead, type PageHead, type PageMatch } from '../page-head.ts';

const RESERVED = /^\/(api|db|media)(\/|$)/;
/** The sitemap is rebuilt at most this often (it reads every listing). */
const SITEMAP_TTL_MS = 60_000;

export interface WebOptions {
  /** The public origin for canonical URLs and the sitemap (PUBLIC_ORIGIN's first entry); the request's own otherwise. */
  publicOrigin?: string | undefined;
}

export function webRoutes(webDist: string, couch: CouchClient, { publicOrigin }: WebOptions = {}) {
  const app = new Hono();
  const root = path.relative(process.cwd(), webDist) || '.';
  const indexFile = path.join(webDist, 'index.html');
  const originOf = (c: Context) => publicOrigin ?? new URL(c.req.url).origin;

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
  const files = serveStatic({ root });
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
    const app = head.body || new URL(c.req.url).search ? undefined : prerendered(webDist, matchPage(p));
    return c.html(renderPage(fs.readFileSync(indexFile, 'utf8'), app ? { ...head, body: app, prerendered: true } : head), head.status);
  });
  return app;
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
  return sanctuaryHead(listing, origin, stats ? { count: stats.totalReviews, average: stats.averageRating } : null, page.manage);
}
