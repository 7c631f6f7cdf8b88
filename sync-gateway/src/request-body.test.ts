// requestText behind the Node adapter: the body read from Node's request without a fetch Request being made (the
// adapter's lightweight request keeps the one it makes under a symbol), the same text for later reads through Hono,
// the body limits still applied (declared length and chunked), and the usual path when a middleware made a Request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitOnBodies } from './body-limits.ts';
import { requestJson, requestText } from './request-body.ts';

let server: http.Server;
let port: number;

/** Whether the adapter made a full fetch Request for this request (what requestText avoids). */
const madeFetchRequest = (c: Context) =>
  Object.getOwnPropertySymbols(c.req.raw).some((s) => s.description === 'requestCache' && (c.req.raw as unknown as Record<symbol, unknown>)[s] !== undefined);

beforeAll(async () => {
  const app = new Hono();
  app.use('*', bodyLimitOnBodies({ maxSize: 1000, onError: (c) => c.json({ error: 'too_large' }, 413) }));
  app.post('/text', async (c) => {
    const text = await requestText(c);
    const again = await requestText(c);
    // Hono's own readers get the same body afterwards (user-commands.ts reads the push's body again).
    const parsed = await c.req.json();
    return c.json({ text, same: again === text, parsed, fetchRequest: madeFetchRequest(c) });
  });
  app.post('/json', async (c) => c.json({ body: (await requestJson(c)) ?? 'not json', fetchRequest: madeFetchRequest(c) }));
  app.post('/replaced', async (c) => {
    // As request-deadline.ts does for a large upload: the request is replaced by a real one before the handler.
    c.req.raw = new Request(c.req.raw, { body: c.req.raw.body, duplex: 'half' } as RequestInit);
    return c.json({ text: await requestText(c) });
  });
  server = createAdaptorServer({ fetch: app.fetch }) as http.Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST with the body in chunks; `chunked` sends no content-length. */
function post(path: string, chunks: string[], { chunked = false } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((n, s) => n + Buffer.byteLength(s), 0);
    const req = http.request({ port, host: '127.0.0.1', path, method: 'POST', agent: false, headers: chunked ? {} : { 'content-length': String(length) } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    (async () => {
      for (const chunk of chunks) {
        req.write(chunk);
        await new Promise((r) => setTimeout(r, 10));
      }
      req.end();
    })().catch(reject);
  });
}

describe('requestText', () => {
  it('reads a body with a declared length from Node, in pieces, without a fetch Request', async () => {
    const res = await post('/text', ['{"docs":', '[{"id":"a"},', '{"id":"é"}]}']);
    expect(res).toEqual({ status: 200, body: { text: '{"docs":[{"id":"a"},{"id":"é"}]}', same: true, parsed: { docs: [{ id: 'a' }, { id: 'é' }] }, fetchRequest: false } });
  });

  it('reads a chunked body too (counted against the limit by Hono on the way)', async () => {
    const res = await post('/text', ['{"a":', '1}'], { chunked: true });
    expect(res.body).toMatchObject({ text: '{"a":1}', parsed: { a: 1 } });
  });

  it('refuses a body over the limit: declared, before reading it; chunked, as it passes the limit', async () => {
    expect(await post('/text', ['x'.repeat(1001)])).toEqual({ status: 413, body: { error: 'too_large' } });
    expect(await post('/text', ['x'.repeat(600), 'x'.repeat(600)], { chunked: true })).toEqual({ status: 413, body: { error: 'too_large' } });
    expect((await post('/text', ['{"n":"' + 'x'.repeat(990) + '"}'])).status).toBe(200);
  });

  it('requestJson: undefined for a body that is not JSON', async () => {
    expect((await post('/json', ['{"a":[1,2]}'])).body).toEqual({ body: { a: [1, 2] }, fetchRequest: false });
    expect((await post('/json', ['{not json'])).body).toEqual({ body: 'not json', fetchRequest: false });
  });

  it('reads through the Request when a middleware replaced it', async () => {
    expect(await post('/replaced', ['hello'])).toEqual({ status: 200, body: { text: 'hello' } });
  });
});
