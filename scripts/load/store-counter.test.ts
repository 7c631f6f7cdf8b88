import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startStoreCounter, storeRequestKind } from './store-counter.ts';

describe('store request kinds', () => {
  it.each([
    ['GET', '/sanctuaries/_changes?feed=continuous&since=now', 'GET sanctuaries/_changes'],
    ['POST', '/reviews/_bulk_get?revs=true', 'POST reviews/_bulk_get'],
    ['GET', '/userdb-6a6f/_local/abc', 'GET userdb-*/_local'],
    ['POST', '/userdb-6a6f/_bulk_docs', 'POST userdb-*/_bulk_docs'],
    ['GET', '/users/user%3Aabc', 'GET users/<doc>'],
    ['GET', '/sanctuaries/_design/sanctuaries/_view/by_state?key=1', 'GET sanctuaries/_view'],
    ['GET', '/_session', 'GET /_session'],
    ['GET', '/', 'GET /'],
    ['HEAD', '/media', 'HEAD media'],
  ])('%s %s is %s', (method, url, kind) => {
    expect(storeRequestKind(method, url)).toBe(kind);
  });

  it('passes requests and streamed answers through, counting them', async () => {
    const upstream = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(`${req.method} ${req.url}\n`);
      setTimeout(() => res.end('done'), 20);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const counter = await startStoreCounter({ url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, username: 'a', password: 'b' });
    try {
      expect(await (await fetch(`${counter.config.url}/sanctuaries/_changes?since=0`)).text()).toBe('GET /sanctuaries/_changes?since=0\ndone');
      expect(await (await fetch(`${counter.config.url}/reviews/_bulk_get`, { method: 'POST', body: '{}' })).text()).toContain('POST /reviews/_bulk_get');
      const seen = await counter.snapshot();
      expect(seen.total).toBe(2);
      expect(Object.fromEntries(seen.byKind)).toEqual({ 'GET sanctuaries/_changes': 1, 'POST reviews/_bulk_get': 1 });
      // Each answer's time to its headers, by kind (these two answered their headers at once, before the body's 20 ms).
      expect(seen.answers.map(([kind]) => kind)).toEqual(['GET sanctuaries/_changes', 'POST reviews/_bulk_get']);
      for (const [, sentAt, ms] of seen.answers) {
        expect(sentAt).toBeGreaterThan(Date.now() - 60_000);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(1000);
      }
      // A live feed is answered when something happens: not timed.
      await (await fetch(`${counter.config.url}/reviews/_changes?feed=longpoll&since=now`)).text();
      expect((await counter.snapshot()).answers).toHaveLength(2);
    } finally {
      await counter.stop();
      upstream.close();
    }
  });
});
