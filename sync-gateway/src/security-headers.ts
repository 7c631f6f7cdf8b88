// Security headers on every response the gateway sends: the API, the /db/* replication proxies (live feeds
// included: the headers go out with the first byte), /media, the web app, its SPA fallback, 404s and errors.
// Pages and what they load get the page's policy, built on hono's secure-headers middleware; the API's and the
// replication proxies' data answers a short set of their own (DATA_ANSWER_HEADERS). HSTS is added only when the
// request really arrived over https.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The web app's default tile server (web/src/lib/tiles.ts); VITE_TILE_URL overrides both at build/run time. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Two years, the preload list's minimum; sent only over https, so a plain-http deployment is never pinned. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * The CSP source for a tile URL template: its origin, with a `{s}` subdomain placeholder widened to `*.`
 * ("https://{s}.tile.example.org/{z}/{x}/{y}.png" → "https://*.tile.example.org"). Null for anything that
 * is not an absolute http(s) URL (a same-origin template is already covered by 'self').
 */
export function tileSource(template: string | undefined): string | null {
  const value = template?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.replace(/\{s\}/g, 'tile-subdomain'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.host.replace(/^tile-subdomain\./, '*.');
  // A placeholder anywhere else in the host cannot be expressed in CSP; fall back to the whole parent domain.
  if (host.includes('tile-subdomain')) return `${url.protocol}//*.${host.split('.').slice(-2).join('.')}`;
  return `${url.protocol}//${host}`;
}

/**
 * CSP sources for the inline scripts of the built index.html (the three the build puts there, web/vite.config.ts):
 * `'sha256-…'` of each one's exact text, so those run and no other inline script can.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || !code!.trim()) continue;
    // Data blocks (JSON-LD) never run, and CSP does not govern them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The hash sources of `file`'s inline scripts, read again when the file changes: the web routes read index.html per
 * request, so a build replaced under a running gateway is served with the hashes of its own scripts (read once at
 * start, they blocked a changed start-app.js, and the app did not start). The file is looked at (one stat) for
 * every page asked for (`fresh`), and otherwise at most every `checkEveryMs`: every response carries the policy, and
 * a stat each was 2 % of the gateway's CPU with 1,000 devices, nearly all of it replication and API requests. It is
 * read and hashed only when its inode, size or time of change differ.
 */
export function inlineScriptHashesOf(file: string, { checkEveryMs = 1000 } = {}): (fresh?: boolean) => readonly string[] {
  let seen = '';
  let checkedAt = -Infinity;
  let hashes: readonly string[] = [];
  return (fresh = false) => {
    const now = performance.now();
    if (!fresh && now - checkedAt < checkEveryMs) return hashes;
    checkedAt = now;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const key = stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : '';
    if (key === seen) return hashes;
    seen = key;
    try {
      hashes = stat ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [];
    } catch {
      // Replaced between the stat and the read: the next look sees the new file.
      seen = '';
      hashes = [];
    }
    return hashes;
  };
}

/** The Content-Security-Policy directives of the web app, given the map tile template it was built with. */
export function contentSecurityPolicy(tileUrl: string = DEFAULT_TILE_URL, scriptHashes: readonly string[] = []) {
  const tiles = tileSource(tileUrl);
  const external = tiles ? [tiles] : [];
  return {
    defaultSrc: ["'self'"],
    // Only our own bundles, and the inline scripts of web/dist/index.html by their hashes: start-app.js adds one
    // module script, and the service worker is a file (workbox runtime inlined into sw.js, not into the page). No
    // other inline script, no eval.
    scriptSrc: ["'self'", ...scriptHashes],
    // 'unsafe-inline' for styles only, and knowingly: Radix Dialog's scroll lock (react-remove-scroll-bar, via
    // react-style-singleton) appends a <style> element whose text carries the measured scrollbar gap, so it
    // can be neither hashed nor given a nonce without an inline script. Style attributes set through the CSSOM
    // (React's `style` prop, Leaflet's positioning) are not governed by CSP either way. Inline styles cannot
    // run code; script-src stays strict, which is what stops XSS.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles from the configured tile server; photos being picked are previewed from blob: URLs, and
    // Leaflet/marker-cluster and the built CSS use data: images.
    imgSrc: ["'self'", 'data:', 'blob:', ...external],
    fontSrc: ["'self'", 'data:'],
    // The app talks to its own /api and /db; 'Save this area for offline' and the service worker's tile cache
    // fetch tiles from the tile server (a service worker's fetches follow sw.js's own CSP, this one).
    connectSrc: ["'self'", ...external],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

export interface SecurityHeaderOptions {
  /** The map tile URL template the web app was built with (VITE_TILE_URL); OpenStreetMap by default. */
  tileUrl?: string;
  /** How many reverse proxies are trusted (TRUST_PROXY): only then is X-Forwarded-Proto believed for HSTS. */
  trustedProxies: number;
  /**
   * The built index.html's inline scripts, as CSP hash sources (inlineScriptHashes), or a function giving the
   * current ones (inlineScriptHashesOf), asked per request, with `fresh` for a page (a request that accepts HTML).
   */
  scriptHashes?: readonly string[] | ((fresh: boolean) => readonly string[]);
}

/** Context variable holding arrivedOverHttps() for the request. */
export const ARRIVED_OVER_HTTPS = 'arrivedOverHttps';

/** https as the browser saw it: the URL's own scheme, or a trusted TLS-terminating proxy's X-Forwarded-Proto. */
export function arrivedOverHttps(c: Context, trustedProxies: number): boolean {
  // The request's absolute URL; its scheme is what it starts with (no URL parsed per request).
  if (c.req.url.startsWith('https:')) return true;
  if (trustedProxies <= 0) return false;
  // The value the proxy nearest to us wrote (proxies either overwrite the header or append to it).
  const protos = (c.req.header('x-forwarded-proto') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return protos[protos.length - 1] === 'https';
}

/** Paths whose answers are data (JSON, replication feeds), never a page: the API and the replication proxies. */
const DATA_PATHS = ['/api/', '/db/'];

/**
 * The headers of a data answer. A document's policy (script sources, permissions, opener isolation, DNS prefetch...)
 * governs only a page, and fetch() answers are never one; what a data answer needs is not to be sniffed, framed or
 * read by another site, and, opened by hand in a tab, to run and load nothing (OWASP's REST Security Cheat Sheet
 * gives this set). Sending the page's fourteen headers on every answer was about 40 % of the gateway's CPU for a
 * small replication answer (GET /db/ and a database's info: ~150 µs each with them, ~90 µs without), and most of
 * a thousand devices' requests are such answers.
 */
export const DATA_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/**
 * The headers the middleware below gives a data answer, for an answer a route writes to the connection itself (a
 * public longpoll, routes/replication.ts), which the middleware never sees.
 */
export function dataAnswerHeaders(c: Context): Readonly<Record<string, string>> {
  return c.get(ARRIVED_OVER_HTTPS as never) === true ? DATA_ANSWER_HEADERS_HTTPS : DATA_ANSWER_HEADERS_HTTP;
}
const DATA_ANSWER_HEADERS_HTTP: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(DATA_ANSWER_HEADERS));
const DATA_ANSWER_HEADERS_HTTPS: Readonly<Record<string, string>> = Object.freeze({ ...DATA_ANSWER_HEADERS_HTTP, 'Strict-Transport-Security': HSTS_VALUE });

export function securityHeaders({ tileUrl, trustedProxies, scriptHashes = [] }: SecurityHeaderOptions): MiddlewareHandler {
  const headersFor = (hashes: readonly string[]) =>
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(tileUrl || DEFAULT_TILE_URL, hashes),
      // Tiles come from another origin without CORP headers; require-corp would blank the map.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginResourcePolicy: 'same-origin',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      strictTransportSecurity: false,
      // The app asks for the current location ("near me"); nothing else a page could ask for is used.
      permissionsPolicy: {
        geolocation: ['self'],
        camera: [],
        microphone: [],
        payment: [],
        usb: [],
        serial: [],
        midi: [],
        magnetometer: [],
        gyroscope: [],
        accelerometer: [],
        browsingTopics: [],
      },
      removePoweredBy: true,
      // A route that set a stricter policy of its own keeps it: /media photos answer with
      // "default-src 'none'; sandbox".
      overwrite: false,
    });
  const currentHashes = typeof scriptHashes === 'function' ? scriptHashes : () => scriptHashes;
  // The middleware is built again only when the hashes change (a new build), not per request.
  let built: { hashes: readonly string[]; common: MiddlewareHandler } | undefined;
  const common: MiddlewareHandler = (c, next) => {
    // A page (a navigation asks for HTML) gets the hashes of the index.html it is about to be served from.
    const hashes = currentHashes(c.req.header('accept')?.includes('text/html') === true);
    if (built?.hashes !== hashes) built = { hashes, common: headersFor(hashes) };
    return built.common(c, next);
  };
  return async (c, next) => {
    // Read by the cookie writers (session.ts isHttps): one answer to "was this https?" for the whole request.
    const https = arrivedOverHttps(c, trustedProxies);
    c.set(ARRIVED_OVER_HTTPS as never, https as never);
    if (DATA_PATHS.some((prefix) => c.req.path.startsWith(prefix))) {
      await next();
      const headers = c.res.headers;
      // As for pages, a header the route set itself stays (overwrite: false), and the store's Server goes.
      for (const [name, value] of DATA_ANSWER_HEADERS) if (!headers.has(name)) headers.set(name, value);
      headers.delete('server');
      headers.delete('x-powered-by');
    } else {
      await common(c, async () => {
        await next();
        // Server-identifying headers from anything upstream (the store proxy already drops them).
        c.res.headers.delete('server');
      });
    }
    if (https) c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
  };
}
