// clientSignal behind the Node adapter: aborted when the client goes away before its answer, never after an answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSignal } from './client-signal.ts';

const seen: Array<{ path: string; aborted: boolean; reason?: unknown }> = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = new Hono();
  app.get('/wait', async (c) => {
    const signal = clientSignal(c);
    // The same signal however often it is asked for.
    expect(clientSignal(c)).toBe(signal);
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve());
      setTimeout(resolve, 5000).unref();
    });
    seen.push({ path: '/wait', aborted: signal.aborted, reason: signal.reason });
    return c.text('late');
  });
  app.get('/quick', (c) => {
    const signal = clientSignal(c);
    setTimeout(() => seen.push({ path: '/quick', aborted: signal.aborted }), 200);
    return c.text('ok');
  });
  server = createAdaptorServer({ fetch: app.fetch }) as http.Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('clientSignal', () => {
  it('aborts when the client closes the connection while the handler waits', async () => {
    const req = http.get({ port, host: '127.0.0.1', path: '/wait' });
    req.on('error', () => {});
    await new Promise((r) => setTimeout(r, 150));
    req.destroy();
    await expect.poll(() => seen.find((s) => s.path === '/wait'), { timeout: 2000 }).toMatchObject({ path: '/wait', aborted: true });
  });

  it('stays quiet for a request answered in full', async () => {
    const body = await new Promise<string>((resolve, reject) =>
      http.get({ port, host: '127.0.0.1', path: '/quick', agent: false }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(text));
      }).on('error', reject),
    );
    expect(body).toBe('ok');
    await expect.poll(() => seen.find((s) => s.path === '/quick'), { timeout: 2000 }).toEqual({ path: '/quick', aborted: false });
  });
});
