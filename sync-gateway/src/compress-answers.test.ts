// compressAnswers: small JSON answers go out as they are, with their length; big ones, and other compressible
// answers, are gzip as before; status, cookies and other headers survive the resizing.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, GZIP_OFF_LOOP_FROM_BYTES, acceptsGzip, compressAnswers } from './compress-answers.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `sanctuary-${i}`, name: 'Farm Sanctuary' })) };
/** Past the size that is gzipped off the event loop. */
const huge = { items: Array.from({ length: 3000 }, (_, i) => ({ id: `sanctuary-${i}`, name: 'Farm Sanctuary', description: `Listing ${i} of many` })) };

function app() {
  const a = new Hono();
  a.use('*', compressAnswers());
  a.get('/small', (c) => {
    setCookie(c, 'ss_session', 'abc', { httpOnly: true });
    setCookie(c, 'ss_signed_in', '1');
    c.header('cache-control', 'no-store');
    return c.json({ error: 'Not signed in' }, 401);
  });
  a.get('/big', (c) => c.json(big));
  a.get('/huge', (c) => c.json(huge, 200, { etag: '"v1"' }));
  a.get('/raw', (c) => c.json(big, 200, { 'cache-control': 'no-transform' }));
  a.get('/problem', (c) => c.body(JSON.stringify({ title: 'x' }), 400, { 'content-type': 'application/problem+json' }));
  a.get('/page', (c) => c.html(`<p>${'Sanctuary '.repeat(300)}</p>`));
  a.get('/empty', (c) => c.body(null, 204));
  return a;
}

const get = (path: string) => app().request(path, { headers: { 'accept-encoding': 'gzip' } });

describe('compressAnswers', () => {
  it('sends a small JSON answer uncompressed, with its length, status, cookies and headers', async () => {
    const res = await get('/small');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-encoding')).toBeNull();
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Not signed in' });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(Number(res.headers.get('content-length'))).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(/^ss_session=abc;.*HttpOnly/), expect.stringMatching(/^ss_signed_in=1/)]);
  });

  it('also sizes other JSON types', async () => {
    const res = await get('/problem');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ title: 'x' });
  });

  it('compresses a JSON answer from the threshold up, for a client that accepts gzip', async () => {
    const res = await get('/big');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('gives a gzip answer its length, and gzips a very big one off the event loop the same way (a strong ETag made weak)', async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(GZIP_OFF_LOOP_FROM_BYTES);
    for (const [path, body] of [['/big', big], ['/huge', huge]] as const) {
      const res = await get(path);
      const raw = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-encoding'), path).toBe('gzip');
      expect(res.headers.get('content-length'), path).toBe(String(raw.byteLength));
      expect(JSON.parse(gunzipSync(raw).toString('utf8')), path).toEqual(body);
    }
    expect((await get('/huge')).headers.get('etag')).toBe('W/"v1"');
  });

  it('leaves a no-transform answer, a HEAD and a client refusing gzip (q=0) uncompressed', async () => {
    expect((await get('/raw')).headers.get('content-encoding')).toBeNull();
    const head = await app().request('/big', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers.get('content-encoding')).toBeNull();
    const refused = await app().request('/big', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await refused.json()).toEqual(big);
  });

  it('reads Accept-Encoding as a browser writes it', () => {
    for (const yes of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', '*', 'identity, *;q=0.5', 'GZIP']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip;q=0.0, *', '*;q=0', 'deflate']) expect(acceptsGzip(no), String(no)).toBe(false);
  });

  it('sends a big JSON answer as it is to a client that does not accept gzip', async () => {
    const res = await app().request('/big');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(big);
  });

  it('leaves other answers to the compress middleware: a page is still gzip, an empty answer untouched', async () => {
    const page = await get('/page');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString('utf8')).toContain('Sanctuary Sanctuary');
    const empty = await get('/empty');
    expect(empty.status).toBe(204);
    expect(empty.headers.get('content-encoding')).toBeNull();
  });
});
