// Pages before JavaScript (issue 13): a listing's HTML carries its name, place and description in the body, its own
// title, Open Graph tags and JSON-LD; unknown listings and paths answer 404; /sitemap.xml lists every listing and
// robots.txt points to it; nothing a listing says can break out of the HTML, the JSON-LD or the meta tags.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB } from '@ss/couchdb/definitions';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { REVIEW_STATS_DOC_TYPE, statsDocId } from '@ss/domain/review';
import { COMMUNITY_REVIEWS_SHOWN, HOME_MAX_RESULT_CARDS } from '@ss/domain/constants';
import type { PageData } from '@ss/domain/page-data';
import type { Sanctuary, SanctuaryDoc } from '@ss/domain/sanctuary';
import { byName } from '@ss/domain/sort';
import { inlineScriptHashes } from '../../src/security-headers.ts';
import { startGateway, type App, type Gateway } from './harness.ts';
import type { StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The app's own description." />
    <title>The app's own title</title>
    <script>window.early = 1;</script>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>
`;

// What the build's pre-rendering (web/prerender-pages.mjs) writes for two pages; tests/e2e/prerendered.spec.ts
// checks the real build's.
const HOME_HTML = '<main><h1>Discover Animal Sanctuaries</h1></main>';
const FAQ_HTML = '<main><h1>Frequently Asked Questions</h1></main>';

// The store and the gateway in-process come from the one integration harness, serving this suite's index.html.
let g: Gateway;
let fx: StoreFixture;
let app: App;
// Stands in for the build's server bundle of the app (web/dist-ssr/prerender.js, beside web/dist), which the gateway
// renders / with: the count and the names of the first cards it is given.
const SERVER_BUNDLE = `
const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export async function renderPage(path, { preview, reviews, sanctuary }) {
  if (sanctuary) {
    if (sanctuary.name.startsWith('Unrenderable')) throw new Error('cannot render');
    return '<main><h1>' + esc(sanctuary.name) + '</h1><p>' + esc(sanctuary.city) + ', ' + esc(sanctuary.state) + '</p><p>' +
      esc(sanctuary.description) + '</p><p>' + esc(sanctuary.phone ?? '') + '</p></main>';
  }
  if (reviews) return '<main><h1>Seekers Community</h1><p>' + reviews.total + ' reviews</p><ul>' +
    reviews.recent.map((r) => '<li>' + esc(r.title) + '</li>').join('') + '</ul></main>';
  return '<main><h1>Discover Animal Sanctuaries</h1><p>' + preview.total + ' sanctuaries</p><ul>' +
    preview.first.map((s) => '<li>' + esc(s.name) + '</li>').join('') + '</ul></main>';
}
`;

const APP_JS = `export const names = [${Array.from({ length: 200 }, (_, i) => `'Farm ${i}'`).join(', ')}];\n`;

let root: string;
let dist: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-pages-'));
  dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr/prerender.js'), SERVER_BUNDLE);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(path.join(dist, 'prerendered/index.html'), HOME_HTML);
  fs.writeFileSync(path.join(dist, 'prerendered/faq.html'), FAQ_HTML);
  // A built file with the build's Brotli and gzip copies (scripts/precompress.mjs), and one without.
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), APP_JS);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(APP_JS));
  fs.writeFileSync(path.join(dist, 'assets/other-def456.js'), APP_JS);
  g = await startGateway({ webDist: dist, security: { publicOrigins: ['https://sanctuaries.example.org'] } });
  ({ fx, app } = g);
}, 60_000);
afterAll(async () => {
  await g?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (p: string) => app.request(p, { headers: { 'x-forwarded-for': '10.1.1.1' } });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));
const pageDataOf = (html: string) => JSON.parse(/<script type="application\/json" id="ss-page-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as PageData;
const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

describe('a listing page before JavaScript', () => {
  it('holds its name, place and description in the body, its own title, Open Graph tags, canonical URL and JSON-LD', async () => {
    const res = await get('/sanctuary/animal-place-grass-valley-ca');
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = headOf(html);
    expect(head).toContain('<title>Animal Place, Grass Valley, CA — Sanctuary Seekers</title>');
    expect(head).not.toContain("The app's own title");
    expect(head).toContain('<meta property="og:title" content="Animal Place, Grass Valley, CA — Sanctuary Seekers" />');
    expect(head).toMatch(/<meta property="og:description" content="Farm-animal sanctuary or rescue in Grass Valley, California[.,]/);
    expect(head).toContain('<link rel="canonical" href="https://sanctuaries.example.org/sanctuary/animal-place-grass-valley-ca" />');
    const body = bodyOf(html);
    // The app's own profile (the stand-in bundle's here), to be hydrated as it is.
    expect(body).toContain('<div id="root" data-prerendered="app"><main><h1>Animal Place</h1>');
    expect(body).toMatch(/<h1[^>]*>Animal Place<\/h1>/);
    expect(body).toContain('Grass Valley, CA');
    expect(body).toMatch(/Farm-animal sanctuary or rescue in Grass Valley, California[.,]/);
    expect(body).toContain('(530) 477-1757');
    // The listing itself, for the app to show at once on a first visit (web/src/data/use-sanctuaries.ts).
    expect(pageDataOf(html).sanctuary).toMatchObject({ id: 'animal-place-grass-valley-ca', name: 'Animal Place', city: 'Grass Valley', state: 'CA' });
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Animal Place',
      address: { addressLocality: 'Grass Valley', addressRegion: 'CA', postalCode: '95949', addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates' },
    });
  });

  it("serves the listing's facts when the app cannot render its profile, and on its manage page", async () => {
    const doc: SanctuaryDoc = { ...readDefaultSeed()[0]!, _id: 'unrenderable-refuge-dayton-oh', name: 'Unrenderable Refuge', city: 'Dayton', state: 'OH', phone: '(937) 555-0142' };
    delete (doc as { _rev?: string })._rev;
    await fx.couch.nano.db.use(DB.sanctuaries).insert(doc as never);
    for (const p of ['/sanctuary/unrenderable-refuge-dayton-oh', '/sanctuary/animal-place-grass-valley-ca/manage']) {
      const body = bodyOf(await (await get(p)).text());
      expect(body, p).toMatch(/<div id="root"><article[^>]*>.*<h1[^>]*>(Unrenderable Refuge|Animal Place)<\/h1>/s);
      expect(body, p).not.toContain('data-prerendered');
    }
    const html = await (await get('/sanctuary/unrenderable-refuge-dayton-oh')).text();
    expect(bodyOf(html)).toContain('(937) 555-0142');
    expect(pageDataOf(html).sanctuary).toMatchObject({ id: 'unrenderable-refuge-dayton-oh', name: 'Unrenderable Refuge' });
  });

  it('carries the aggregate rating from the reviews', async () => {
    const reviews = fx.couch.nano.db.use(DB.reviews);
    await reviews.insert({ _id: statsDocId('farm-sanctuary-watkins-glen-ny'), type: REVIEW_STATS_DOC_TYPE, sanctuaryId: 'farm-sanctuary-watkins-glen-ny', totalReviews: 4, ratingSum: 18, averageRating: 4.5, updatedAt: new Date().toISOString() } as never);
    const ld = jsonLdOf(await (await get('/sanctuary/farm-sanctuary-watkins-glen-ny')).text());
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 4 });
  });

  it('answers 404 for an unknown listing and an unknown path, with the app to show the not-found page', async () => {
    for (const p of ['/sanctuary/no-such-place-zz', '/no-such-page', '/sanctuary/x/y/z']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await get('/faq')).status).toBe(200);
    expect(headOf(await (await get('/faq')).text())).toContain('<title>Frequently asked questions — Sanctuary Seekers</title>');
  });

  it('nothing a listing says breaks out of the HTML, the JSON-LD or the meta tags', async () => {
    const hostile = '</script><script>alert(1)</script><!-- "quoted" \'single\' & <b>bold</b> \u2028';
    const doc: SanctuaryDoc = {
      ...readDefaultSeed()[0]!,
      _id: 'hostile-haven-columbus-oh',
      name: `Hostile ${'"'}Haven</title><script>alert(2)</script>`,
      description: hostile,
      imageUrls: ['javascript:alert(3)'],
      city: 'Columbus',
      state: 'OH',
    };
    delete (doc as { _rev?: string })._rev;
    await fx.couch.nano.db.use(DB.sanctuaries).insert(doc as never);
    const html = await (await get('/sanctuary/hostile-haven-columbus-oh')).text();
    // Exactly the scripts the page had (its module and its inline one) plus the JSON-LD and the listing as the page's
    // data: nothing injected.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- "quoted"');
    // No link or image takes the unsafe address; only the page's data (a JSON block, never run or shown as markup)
    // holds the listing as the store does, as every device's replica does.
    expect(html.replace(/<script type="application\/json" id="ss-page-data">[\s\S]*?<\/script>/, '')).not.toContain('javascript:alert(3)');
    expect(html).not.toContain('<b>bold</b>');
    // The JSON-LD and the page's data still parse and say exactly what the listing says.
    expect(jsonLdOf(html)).toMatchObject({ name: doc.name, description: hostile });
    expect(pageDataOf(html).sanctuary).toMatchObject({ id: doc._id, name: doc.name, description: hostile, imageUrls: doc.imageUrls });
    // Meta attributes are escaped whole.
    expect(headOf(html)).toContain('content="Hostile &quot;Haven&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;, Columbus, OH — Sanctuary Seekers"');
  });
});

describe('pages rendered before JavaScript', () => {
  it("answers / with the app's home page rendered with the store's count and first cards, and the data it used", async () => {
    // First by name, and hostile: nothing it says may break out of the page or its data block.
    const hostile = '0 </script><script>alert(4)</script><!-- \u2028';
    const doc: SanctuaryDoc = { ...readDefaultSeed()[1]!, _id: 'zero-first-columbus-oh', name: hostile, city: 'Columbus', state: 'OH' };
    delete (doc as { _rev?: string })._rev;
    await fx.couch.nano.db.use(DB.sanctuaries).insert(doc as never);
    const names = (await fx.couch.sanctuaries.list()).sort(byName).map((d) => d.name);
    expect(names[0]).toBe(hostile);

    const res = await get('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(headOf(html)).toContain('<title>Sanctuary Seekers — Find animal sanctuaries &amp; rescues near you</title>');
    expect(headOf(html)).toContain('<link rel="canonical" href="https://sanctuaries.example.org/" />');
    expect(headOf(html)).toContain('<meta property="og:title"');
    const esc = (n: string) => n.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const first = names.slice(0, HOME_MAX_RESULT_CARDS);
    expect(bodyOf(html)).toContain(
      `<div id="root" data-prerendered="app"><main><h1>Discover Animal Sanctuaries</h1><p>${names.length} sanctuaries</p><ul>${first.map((n) => `<li>${esc(n)}</li>`).join('')}</ul></main></div><script type="application/json" id="ss-page-data">`,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- ');
    const data = JSON.parse(/<script type="application\/json" id="ss-page-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { preview: { total: number; first: Sanctuary[] } };
    expect(data.preview.total).toBe(names.length);
    expect(data.preview.first.map((s) => s.name)).toEqual(first);
    expect(data.preview.first[0]).toMatchObject({ id: 'zero-first-columbus-oh', city: 'Columbus', state: 'OH' });
    await fx.couch.nano.db.use(DB.sanctuaries).destroy('zero-first-columbus-oh', (await fx.couch.nano.db.use(DB.sanctuaries).get('zero-first-columbus-oh'))._rev);
  });

  it('answers /reviews rendered with the count of visible reviews and the newest of them, hidden ones left out', async () => {
    const reviews = fx.couch.nano.db.use(DB.reviews);
    const review = (n: number, hidden = false) => ({
      _id: `review:pages-${n}`, type: 'review', schemaVersion: 1, sanctuaryId: 'animal-place-grass-valley-ca', sanctuaryName: 'Animal Place',
      sanctuaryCity: 'Grass Valley', sanctuaryState: 'CA', username: 'Page Reader', rating: 4, title: `Review number ${n}`,
      comment: 'Friendly goats.', visitDate: '', createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T12:00:00.000Z`, photos: [], ...(hidden ? { hidden: true } : {}),
    });
    await reviews.bulk({ docs: [...Array.from({ length: 12 }, (_, i) => review(i + 1)), review(13, true)] as never[] });
    const html = await (await get('/reviews')).text();
    const newest = Array.from({ length: COMMUNITY_REVIEWS_SHOWN }, (_, i) => `<li>Review number ${12 - i}</li>`).join('');
    expect(bodyOf(html)).toContain(`<div id="root" data-prerendered="app"><main><h1>Seekers Community</h1><p>12 reviews</p><ul>${newest}</ul></main></div>`);
    expect(html).not.toContain('Review number 13');
    const data = JSON.parse(/<script type="application\/json" id="ss-page-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { reviews: { total: number; recent: Array<{ title: string }> } };
    expect(data.reviews.total).toBe(12);
    expect(data.reviews.recent.map((r) => r.title)).toEqual(Array.from({ length: COMMUNITY_REVIEWS_SHOWN }, (_, i) => `Review number ${12 - i}`));
  });

  it("answers /faq with its own head and the build's HTML in #root; pages without one keep the bare shell", async () => {
    expect(bodyOf(await (await get('/faq')).text())).toContain(`<div id="root" data-prerendered="app">${FAQ_HTML}</div>`);
    expect(bodyOf(await (await get('/terms')).text())).toContain('<div id="root"></div>');
    // Rendered without a query, so a page with one (a search) is left to the app.
    expect(bodyOf(await (await get('/?q=44101')).text())).toContain('<div id="root"></div>');
    // The bare index.html stays the service worker's app shell; the fragments are not files to fetch.
    expect(await (await get('/index.html')).text()).toBe(INDEX);
    expect((await get('/prerendered/index.html')).status).toBe(404);
  });
});

describe("the web app's files", () => {
  const asset = (p: string, encoding?: string) => app.request(p, { headers: { 'x-forwarded-for': '10.1.1.1', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it("sends the build's Brotli copy to a browser that takes it, else its gzip copy, else the file, each cached for good", async () => {
    const br = await asset('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBe(fs.statSync(path.join(dist, 'assets/app-abc123.js.br')).size);
    expect(brotliDecompressSync(brBytes).toString()).toBe(APP_JS);

    const gz = await asset('/assets/app-abc123.js', 'gzip, deflate');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);

    const plain = await asset('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(APP_JS);
  });

  it('gzips a file the build left without copies as it sends it', async () => {
    const res = await asset('/assets/other-def456.js', 'gzip, deflate, br, zstd');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(APP_JS);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists every page and every listing with its last change; robots.txt points to it', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    for (const s of readDefaultSeed()) expect(xml, s._id).toContain(`<loc>https://sanctuaries.example.org/sanctuary/${s._id}</loc><lastmod>${s.updatedAt.slice(0, 10)}</lastmod>`);
    for (const p of ['/', '/map', '/reviews', '/faq', '/about', '/terms', '/privacy']) expect(xml).toContain(`<loc>https://sanctuaries.example.org${p}</loc>`);
    expect(xml).not.toContain('/admin');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://sanctuaries.example.org/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
  });
});

describe('the page\'s inline scripts', () => {
  it('are allowed by hash in the CSP of every page that carries them, and only they', async () => {
    const [hash] = inlineScriptHashes(INDEX);
    expect(hash).toMatch(/^'sha256-/);
    for (const page of ['/', '/faq', '/sanctuary/animal-place-grass-valley-ca', '/map?q=Ohio']) {
      const res = await get(page);
      const html = await res.text();
      expect(html).toContain('<script>window.early = 1;</script>');
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')![1]!.split(' ');
      expect(scriptSrc).toEqual(["'self'", hash]);
    }
  });
});
