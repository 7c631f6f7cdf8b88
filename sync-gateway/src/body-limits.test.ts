// Request body limits: which limit each route gets, 413 JSON for a declared or a streamed oversize body, and a
// streamed one refused without reading it all.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS, requestBodyLimits } from './body-limits.ts';

const LIMITS = { upload: 3000, replication: 2000, json: 1000 };

function appWith() {
  const app = new Hono();
  app.use('*', requestBodyLimits(LIMITS));
  app.all('*', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  return app;
}

const post = (app: Hono, path: string, size: number, method = 'POST') => app.request(path, { method, body: new Uint8Array(size), headers: { 'content-length': String(size) } });

describe('requestBodyLimits', () => {
  const app = appWith();

  it.each([
    ['/api/auth/register', 'POST', 1000],
    ['/api/user/profile', 'PATCH', 1000],
    ['/api/sanctuaries/s1/report', 'POST', 1000],
    ['/api/sanctuaries/s1/reviews', 'POST', 3000],
    ['/db/me/_bulk_docs', 'POST', 3000],
    ['/db/me/favorite%3Ax', 'PUT', 3000],
    ['/db/sanctuaries/_bulk_get', 'POST', 2000],
    ['/db/submissions/_revs_diff', 'POST', 2000],
    ['/anything/else', 'POST', 1000],
  ])('%s (%s) takes up to %i bytes and answers 413 JSON past it', async (path, method, limit) => {
    const ok = await post(app, path, limit, method);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ bytes: limit });
    const refused = await post(app, path, limit + 1, method);
    expect(refused.status).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await refused.json()) as Record<string, string>;
    if (path.startsWith('/db/')) expect(body).toEqual({ error: 'too_large', reason: expect.stringMatching(/Request body too large/) });
    else expect(body).toEqual({ error: expect.stringMatching(/^Request body too large \(at most \d+ KB\)\.$/) });
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(256));
      },
    });
    const res = await app.request('/api/auth/register', { method: 'POST', body: endless, duplex: 'half', headers: { 'transfer-encoding': 'chunked' } } as RequestInit);
    expect(res.status).toBe(413);
    // 1000 bytes is 4 chunks of 256; a few more may be queued ahead, never the endless rest.
    expect(pulled).toBeLessThan(10);
  });

  it('defaults: a review with five 5 MB photos in base64 fits an upload, and JSON forms get 64 KB', () => {
    expect(DEFAULT_BODY_LIMITS.upload).toBeGreaterThan(Math.ceil((5 * 5 * 1024 * 1024 * 4) / 3));
    expect(DEFAULT_BODY_LIMITS.json).toBe(64 * 1024);
    expect(DEFAULT_BODY_LIMITS.replication).toBe(1024 * 1024);
  });
});
