// The per-request deadline (504 JSON, live feeds exempt, upload time not counted) and the Node server's own
// time limits (slow headers are cut).
import { execFile } from 'node:child_process';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from './errors.ts';
import { DEADLINE_MESSAGE, isLiveFeed, nodeServerOptions, requestDeadline } from './request-deadline.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function appWith(handlerMs: number, receiveMs = 10_000) {
  const app = new Hono();
  app.onError(handleError);
  app.use('*', requestDeadline({ handlerMs, snapshotMs: handlerMs * 4, receiveMs }));
  app.get('/slow', async (c) => {
    await sleep(Number(c.req.query('ms')));
    return c.json({ ok: true });
  });
  app.get('/db/:db/_changes', async (c) => {
    await sleep(Number(c.req.query('ms')));
    return c.json({ results: [] });
  });
  app.get('/db/:db/_snapshot', async (c) => {
    await sleep(Number(c.req.query('ms')));
    return c.json({ ok: true });
  });
  app.post('/upload', async (c) => {
    const bytes = (await c.req.arrayBuffer()).byteLength;
    await sleep(Number(c.req.query('ms')));
    return c.json({ bytes });
  });
  return app;
}

describe('requestDeadline', () => {
  const app = appWith(100);

  it('answers 504 with a JSON error when the work takes too long, and leaves quick work alone', async () => {
    const slow = await app.request('/slow?ms=400');
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ error: DEADLINE_MESSAGE });
    expect((await app.request('/slow?ms=5')).status).toBe(200);
  });

  it('never cuts a live replication feed; a normal _changes read is held to the deadline', async () => {
    for (const feed of ['longpoll', 'continuous', 'eventsource']) {
      expect((await app.request(`/db/sanctuaries/_changes?feed=${feed}&ms=300`)).status).toBe(200);
    }
    expect((await app.request('/db/sanctuaries/_changes?feed=normal&ms=300')).status).toBe(504);
    expect((await app.request('/db/sanctuaries/_changes?ms=300')).status).toBe(504);
  });

  it('gives the shared first-sync snapshot longer', async () => {
    expect((await app.request('/db/sanctuaries/_snapshot?ms=250')).status).toBe(200);
    expect((await app.request('/db/sanctuaries/_snapshot?ms=600')).status).toBe(504);
  });

  it('starts the clock for a large upload once it has arrived', async () => {
    // 200 KB sent slowly over 400 ms (longer than the 100 ms deadline), then quick work: accepted.
    const chunk = new Uint8Array(20 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 10) return controller.close();
        await sleep(40);
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request('/upload?ms=5', { method: 'POST', body, duplex: 'half', headers: { 'content-length': String(10 * chunk.length) } } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 10 * chunk.length });
    // The same upload followed by slow work: refused.
    const big = new Uint8Array(200 * 1024);
    expect((await app.request('/upload?ms=400', { method: 'POST', body: big, headers: { 'content-length': String(big.length) } })).status).toBe(504);
  });

  it('recognises live feeds on replication paths only', () => {
    const ctx = (url: string) => ({ req: { path: new URL(url).pathname, url } }) as Parameters<typeof isLiveFeed>[0];
    expect(isLiveFeed(ctx('http://x/db/me/_changes?feed=continuous'))).toBe(true);
    expect(isLiveFeed(ctx('http://x/db/reviews/_changes/?feed=longpoll&since=3'))).toBe(true);
    expect(isLiveFeed(ctx('http://x/db/reviews/_changes?feed=normal'))).toBe(false);
    expect(isLiveFeed(ctx('http://x/api/_changes?feed=continuous'))).toBe(false);
  });
});

describe('nodeServerOptions', () => {
  it('makes the server drop a client that sends its headers too slowly (408), before any handler runs', async () => {
    let handled = 0;
    const app = new Hono();
    app.get('*', (c) => {
      handled++;
      return c.text('ok');
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: nodeServerOptions({ handlerMs: 0, snapshotMs: 0, headersMs: 300, receiveMs: 600 }, 50) });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        // Never finishes the headers; keeps trickling to look alive.
        const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
        socket.on('close', () => clearInterval(trickle));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(handled).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('keep-alive', () => {
  async function serveBig(keepAliveMs: number) {
    // Compressed, as the first sync's snapshot is: 200 kB of text that compresses to ~150 kB.
    const text = Buffer.from(randomBytes(150_000).toString('base64'));
    const big = new Uint8Array(gzipSync(text));
    const app = new Hono();
    app.get('*', (c) => c.body(big, 200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: nodeServerOptions({ handlerMs: 0, snapshotMs: 0, headersMs: 5000, receiveMs: 10_000, keepAliveMs }) });
    await new Promise((r) => server.once('listening', r));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, size: text.length };
  }

  // Node starts the keep-alive clock when the answer has been handed to the kernel; a client still reading a
  // large answer when it runs out (a busy phone, the load generator) had it cut off ("other side closed").
  // The client is another process whose event loop is busy for a while once the headers have arrived.
  const busyClient = (url: string, busyMs: number) =>
    new Promise<string>((resolve, reject) => {
      const script = `const r = await fetch(${JSON.stringify(url)}); const t = Date.now(); while (Date.now() - t < ${busyMs}) {}
        try { console.log((await r.arrayBuffer()).byteLength); } catch (e) { console.log(e.cause?.message ?? e.message); }`;
      execFile(process.execPath, ['--input-type=module', '-e', script], (err, stdout) => (err ? reject(err) : resolve(stdout.trim())));
    });

  it('does not cut an answer the client is still reading when the idle timeout passes', async () => {
    for (const [keepAliveMs, whole] of [[300, false], [10_000, true]] as const) {
      const { server, url, size } = await serveBig(keepAliveMs);
      try {
        const read = await busyClient(url, 3000);
        expect(read === String(size), `keepAliveMs ${keepAliveMs}: ${read} (of ${size} bytes)`).toBe(whole);
      } finally {
        (server as import('node:http').Server).closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    }
  }, 30_000);

  it('keeps idle connections longer than a load balancer would (60 s) by default', () => {
    expect(nodeServerOptions().keepAliveTimeout).toBeGreaterThan(60_000);
  });
});
