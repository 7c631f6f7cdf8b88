// Hardening against a real store: security headers on every kind of response (streamed live feeds included),
// cookie flags, body limits on every route that takes a body, the request deadline (a hung store → 504, a live
// feed outlives it), sign-up and write limits, and error answers that give nothing internal away.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { newFavorite } from '@ss/domain/favorite';
import { createApp } from '../../src/app.ts';
import type { SecuritySettings } from '../../src/accounts.ts';
import { request, type App, type CallOptions } from './harness.ts';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

const SANCTUARY = 'farm-sanctuary-watkins-glen-ny';
const GENEROUS: SecuritySettings = { loginLimits: { windowMs: 60_000, perAccount: 1000, perAddress: 1000, emailProbesPerHour: 1000 } };

/** The harness's request: the session cookie, our Origin on state-changing methods, JSON bodies. */
const call = request;

let counter = 0;
async function register(app: App, headers: Record<string, string> = {}) {
  counter++;
  const email = `hardening.${counter}.${Date.now()}@example.com`;
  const res = await call(app, '/api/auth/register', {
    method: 'POST',
    headers,
    body: { email, password: 'secret1', confirmPassword: 'secret1', firstName: 'Hal', lastName: 'Dening' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('ss_session='))!;
  const user = (await res.json()) as { id: string };
  return { res, setCookie, cookie: setCookie.split(';')[0]!, id: user.id };
}

function listen(app: App): Promise<{ server: ServerType; base: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, base: `http://127.0.0.1:${info.port}` }));
  });
}
const close = (server: ServerType) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A built web app in miniature: the gateway serves it with the SPA fallback. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-hardening-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

/** A data answer (the API, the replication proxies) or a page and what it loads, by the request's label. */
const isData = (label: string) => /^[A-Z]+ \/(api|db)\//.test(label);

function expectSecurityHeaders(res: Response, label: string) {
  const h = res.headers;
  const csp = h.get('content-security-policy') ?? '';
  if (label.startsWith('GET /media/') && res.status === 200) expect(csp, label).toBe("default-src 'none'; sandbox");
  else if (isData(label)) expect(csp, label).toBe("default-src 'none'; frame-ancestors 'none'");
  else {
    expect(csp, label).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp, label).toMatch(/frame-ancestors 'none'/);
    expect(csp, label).toMatch(/object-src 'none'/);
  }
  expect(h.get('x-content-type-options'), label).toBe('nosniff');
  expect(h.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), label).toBe('DENY');
  expect(h.get('cross-origin-resource-policy'), label).toBe('same-origin');
  if (isData(label)) {
    // A page's own policies govern only pages: a data answer goes without them.
    expect(h.get('permissions-policy'), label).toBeNull();
  } else {
    expect(h.get('cross-origin-opener-policy'), label).toBe('same-origin');
    expect(h.get('permissions-policy'), label).toMatch(/geolocation=\(self\)/);
  }
  expect(h.get('strict-transport-security'), label).toBeNull();
  expect(h.get('x-powered-by'), label).toBeNull();
  expect(h.get('server'), label).toBeNull();
}

let fx: StoreFixture;
let webDist: string;
let app: App;

beforeAll(async () => {
  fx = await startStoreFixture();
  webDist = fakeWebDist();
  app = createApp({ couch: fx.couch, webDist, security: { ...GENEROUS, trustedProxies: 1 } });
});
afterAll(async () => {
  await fx.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on every kind of response: API, errors, replication, media, the web app and its fallback, 413, 429', async () => {
    const { cookie } = await register(app, { 'x-forwarded-for': '198.51.100.10' });
    const limited = createApp({ couch: fx.couch, webDist, security: { ...GENEROUS, writeLimits: { api: { perUser: 0 } } } });
    const cases: Array<[string, () => Promise<Response>, number]> = [
      ['GET /api/health', () => call(app, '/api/health'), 200],
      ['GET /api/sanctuaries/:id', () => call(app, `/api/sanctuaries/${SANCTUARY}`), 200],
      ['GET /api/no-such-route', () => call(app, '/api/no-such-route'), 404],
      ['GET /api/auth/user anonymous', () => call(app, '/api/auth/user'), 401],
      ['POST /api/auth/login not JSON', () => call(app, '/api/auth/login', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }), 400],
      ['POST /api/auth/logout cross-site', () => call(app, '/api/auth/logout', { method: 'POST', headers: { origin: 'https://evil.example' } }), 403],
      ['GET /db/sanctuaries', () => call(app, '/db/sanctuaries'), 200],
      ['GET /db/sanctuaries/_changes', () => call(app, '/db/sanctuaries/_changes?limit=1'), 200],
      ['GET /db/sanctuaries/_snapshot', () => call(app, '/db/sanctuaries/_snapshot'), 200],
      ['PUT /db/sanctuaries/x', () => call(app, '/db/sanctuaries/x', { method: 'PUT', body: {} }), 403],
      ['GET /db/me anonymous', () => call(app, '/db/me'), 401],
      ['GET /db/me', () => call(app, '/db/me', { cookie }), 200],
      ['GET /media/missing', () => call(app, '/media/0123456789abcdef0123456789abcdef-0'), 404],
      ['GET /', () => call(app, '/'), 200],
      ['GET /map (SPA fallback)', () => call(app, '/map'), 200],
      ['GET /assets/app.js', () => call(app, '/assets/app.js'), 200],
      ['GET /sw.js', () => call(app, '/sw.js'), 200],
      ['GET /missing.js', () => call(app, '/missing.js'), 404],
      ['POST /api/auth/register 413', () => call(app, '/api/auth/register', { method: 'POST', body: 'x'.repeat(70 * 1024), headers: { 'content-type': 'application/json' } }), 413],
      ['POST /api/sanctuaries/:id/report 429', () => call(limited, `/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie, body: { message: 'wrong phone number' } }), 429],
    ];
    for (const [label, send, status] of cases) {
      const res = await send();
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(res, label);
      await res.arrayBuffer();
    }
  });

  it('are on a streamed live feed, sent with its first bytes', async () => {
    const { server, base } = await listen(app);
    const controller = new AbortController();
    try {
      const res = await fetch(`${base}/db/sanctuaries/_changes?feed=continuous&since=now&heartbeat=200`, { signal: controller.signal });
      expect(res.status).toBe(200);
      expectSecurityHeaders(res, 'GET /db/sanctuaries/_changes continuous feed');
    } finally {
      controller.abort();
      await close(server);
    }
  });

  it('add HSTS only when the request came over https through a trusted proxy', async () => {
    expect((await call(app, '/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
    expect((await call(app, '/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toMatch(/^max-age=/);
    const untrusting = createApp({ couch: fx.couch, security: GENEROUS });
    expect((await call(untrusting, '/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over http; Secure behind an https proxy', async () => {
    const plain = await register(app, { 'x-forwarded-for': '198.51.100.11' });
    const attrs = plain.setCookie.split(';').map((s) => s.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attrs).not.toContain('secure');
    const proxied = await register(app, { 'x-forwarded-for': '198.51.100.11', 'x-forwarded-proto': 'https' });
    const secureAttrs = proxied.setCookie.split(';').map((s) => s.trim().toLowerCase());
    expect(secureAttrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
  });
});

describe('body limits', () => {
  it('answer 413 JSON on every route that takes a body, refusing a declared oversize body unread', async () => {
    const { cookie } = await register(app, { 'x-forwarded-for': '198.51.100.12' });
    const MB = 1024 * 1024;
    // Declared sizes: the gateway must refuse from the header alone (the small stand-in body is never read).
    const declared = (p: string, method: string, size: number) =>
      call(app, p, { method, cookie, body: '{}', headers: { 'content-type': 'application/json', 'content-length': String(size) } });
    const cases: Array<[string, string, number]> = [
      ['/api/auth/register', 'POST', 65 * 1024],
      ['/api/auth/login', 'POST', 65 * 1024],
      ['/api/user/profile', 'PATCH', 65 * 1024],
      ['/api/user/password', 'PATCH', 65 * 1024],
      [`/api/sanctuaries/${SANCTUARY}/report`, 'POST', 65 * 1024],
      [`/api/admin/sanctuaries/${SANCTUARY}/verified`, 'POST', 65 * 1024],
      [`/api/sanctuaries/${SANCTUARY}/reviews`, 'POST', 41 * MB],
      ['/api/reviews/review:0123456789abcdef0123456789abcdef/report', 'POST', 65 * 1024],
      ['/api/admin/submissions/0123456789abcdef0123456789abcdef/reject', 'POST', 65 * 1024],
      ['/db/me/_bulk_docs', 'POST', 41 * MB],
      ['/db/me/favorite%3Ax', 'PUT', 41 * MB],
      ['/db/sanctuaries/_bulk_get', 'POST', 2 * MB],
      ['/db/reviews/_revs_diff', 'POST', 2 * MB],
    ];
    for (const [p, method, size] of cases) {
      const res = await declared(p, method, size);
      expect(res.status, `${method} ${p}`).toBe(413);
      const body = (await res.json()) as { error: string; reason?: string };
      expect(`${body.error} ${body.reason ?? ''}`, `${method} ${p}`).toMatch(/too.large/i);
    }
    // Under the limit the same routes work as before.
    expect((await call(app, `/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie, body: { message: 'The phone number is wrong.' } })).status).toBe(201);
  });

  it('closes the connection of a client still sending an oversize body, over a real socket', async () => {
    const { server, base } = await listen(app);
    const { port } = new URL(base);
    try {
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST /db/sanctuaries/_bulk_get HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n{"docs":[`);
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await close(server);
    }
  });
});

describe('request deadline', () => {
  it('answers 504 JSON when the store hangs, while a live feed stays open past the deadline', async () => {
    const quick = createApp({ couch: fx.couch, security: { ...GENEROUS, requestTimeouts: { handlerMs: 400 } } });
    const { server, base } = await listen(quick);
    const controller = new AbortController();
    try {
      const res = await fetch(`${base}/db/sanctuaries/_changes?feed=continuous&since=now&heartbeat=150`, { signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const opened = Date.now();
      let received = '';
      // Read for three times the deadline: heartbeats keep coming, the stream does not end.
      while (Date.now() - opened < 1200) {
        const { done, value } = await reader.read();
        expect(done).toBe(false);
        received += new TextDecoder().decode(value);
      }
      expect(received).toMatch(/\n/);
      // Still live: a change made now arrives on the same feed.
      const id = `hardening-live-${Date.now()}`;
      const { _rev: _ignored, ...existing } = await fx.couch.nano.db.use<Record<string, unknown>>('sanctuaries').get(SANCTUARY);
      await fx.couch.nano.db.use('sanctuaries').insert({ ...existing, _id: id } as never);
      while (!received.includes(id)) {
        const { done, value } = await reader.read();
        expect(done).toBe(false);
        received += new TextDecoder().decode(value);
      }
      await fx.couch.nano.db.use('sanctuaries').destroy(id, (await fx.couch.nano.db.use('sanctuaries').get(id))._rev);

      // A hung store (stopped, not dead: connections open, nothing answers): 504 within the deadline, not a hang.
      const pid = fx.store.pid()!;
      process.kill(pid, 'SIGSTOP');
      try {
        const started = Date.now();
        const hung = await fetch(`${base}/api/sanctuaries/${SANCTUARY}`);
        expect(hung.status).toBe(504);
        expect(await hung.json()).toEqual({ error: 'The server took too long to answer. Please try again.' });
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    } finally {
      controller.abort();
      await close(server);
    }
    await waitFor(async () => (await call(app, '/api/health')).status === 200);
  });
});

describe('sign-up and write limits', () => {
  it('limits sign-ups per client address behind a trusted proxy; other addresses still sign up', async () => {
    const limited = createApp({ couch: fx.couch, security: { ...GENEROUS, trustedProxies: 1, writeLimits: { registration: { perAddress: 2 } } } });
    const from = { 'x-forwarded-for': '203.0.113.50' };
    await register(limited, from);
    await register(limited, from);
    const refused = await call(limited, '/api/auth/register', {
      method: 'POST',
      headers: from,
      body: { email: `refused.${Date.now()}@example.com`, password: 'secret1', confirmPassword: 'secret1', firstName: 'No', lastName: 'Body' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many accounts were created from your network/);
    await register(limited, { 'x-forwarded-for': '203.0.113.51' });
  });

  it('limits /db/me pushes per user, whatever the address, and leaves other users and reads alone', async () => {
    const limited = createApp({ couch: fx.couch, security: { ...GENEROUS, trustedProxies: 1, writeLimits: { sync: { perUser: 3 } } } });
    const alice = await register(limited, { 'x-forwarded-for': '203.0.113.60' });
    const bob = await register(limited, { 'x-forwarded-for': '203.0.113.60' });
    for (let i = 0; i < 3; i++) {
      const res = await call(limited, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, headers: { 'x-forwarded-for': `203.0.113.${70 + i}` }, body: { docs: [newFavorite(`limit-${i}`, alice.id)] } });
      expect(res.status).toBe(201);
    }
    const refused = await call(limited, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, headers: { 'x-forwarded-for': '203.0.113.99' }, body: { docs: [newFavorite('limit-x', alice.id)] } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: 'too_many_requests', reason: expect.stringMatching(/Please wait \d+ seconds? and try again/) });
    expect((await call(limited, '/db/me/_all_docs', { cookie: alice.cookie })).status).toBe(200);
    expect((await call(limited, '/db/me/_bulk_docs', { method: 'POST', cookie: bob.cookie, body: { docs: [newFavorite('limit-0', bob.id)] } })).status).toBe(201);
  });
});

describe('error answers give nothing internal away', () => {
  const SECRET_PASSWORD = 'Hardening-Secret-Pw-42';

  function expectNothingInternal(body: string, label: string, storeUrl: string, extra: Array<string | RegExp> = []) {
    const port = new URL(storeUrl).port;
    expect(body, label).not.toMatch(/\bat [\w$.<>]+ \(|\bat (file|node):|node:internal/);
    expect(body, label).not.toMatch(/\/work\/|\/home\/|\/tmp\/|node_modules|\.ts:\d+|\.js:\d+/);
    expect(body, label).not.toContain('127.0.0.1');
    expect(body, label).not.toContain('localhost:');
    expect(body, label).not.toMatch(new RegExp(`:${port}\\b`));
    expect(body, label).not.toMatch(/ECONNREFUSED|ETIMEDOUT|EPIPE|fetch failed/);
    for (const secret of extra) {
      if (typeof secret === 'string') expect(body, label).not.toContain(secret);
      else expect(body, label).not.toMatch(secret);
    }
  }

  it('with the store unreachable, every kind of route answers 503 (or its own refusal) in plain words', async () => {
    // A store that is not there, with credentials that must never be echoed.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const storeUrl = `http://127.0.0.1:${deadPort}`;
    const down = createApp({ couch: createCouchClient({ url: storeUrl, username: 'store-admin', password: SECRET_PASSWORD }), webDist, security: GENEROUS });
    const cookie = `ss_session=${'a'.repeat(43)}`;
    const requests: Array<[string, CallOptions]> = [
      ['/api/health', {}],
      ['/api/sanctuaries', {}],
      [`/api/sanctuaries/${SANCTUARY}`, {}],
      [`/api/sanctuaries/${SANCTUARY}/reviews`, {}],
      ['/api/sanctuaries/search?query=Ohio', {}],
      ['/api/community/reviews', {}],
      ['/api/auth/user', { cookie }],
      ['/api/auth/register', { method: 'POST', body: { email: 'down@example.com', password: 'secret1', confirmPassword: 'secret1', firstName: 'D', lastName: 'Own' } }],
      ['/api/auth/login', { method: 'POST', body: { email: 'down@example.com', password: 'secret1' } }],
      ['/api/user/profile', { method: 'PATCH', cookie, body: { firstName: 'X' } }],
      [`/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie, body: { message: 'Wrong number' } }],
      ['/api/admin/submissions', { cookie }],
      ['/db/sanctuaries', {}],
      ['/db/sanctuaries/_changes?since=0', {}],
      ['/db/reviews/_bulk_get', { method: 'POST', body: { docs: [{ id: 'x' }] } }],
      ['/db/sanctuaries/_snapshot', {}],
      ['/db/me/_changes', { cookie }],
      ['/media/0123456789abcdef0123456789abcdef-0', {}],
    ];
    for (const [p, init] of requests) {
      const label = `${init.method ?? 'GET'} ${p}`;
      const res = await call(down, p, init);
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).not.toBe(500);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type') ?? '', label).toMatch(/application\/json/);
      expectNothingInternal(text, label, storeUrl, [SECRET_PASSWORD, 'store-admin']);
    }
  });

  it('malformed input to every kind of route is answered with a 4xx that names nothing internal', async () => {
    const { cookie } = await register(app, { 'x-forwarded-for': '198.51.100.13' });
    const { url, username, password } = fx.store.config;
    const json = { 'content-type': 'application/json' };
    const requests: Array<[string, CallOptions]> = [
      ['/api/auth/register', { method: 'POST', body: '{"email": ', headers: json }],
      ['/api/auth/login', { method: 'POST', body: '[1,2', headers: json }],
      ['/api/user/profile', { method: 'PATCH', cookie, body: 'not json', headers: json }],
      ['/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: 42 } }],
      [`/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie, body: '{{', headers: json }],
      [`/api/admin/sanctuaries/${SANCTUARY}/verified`, { method: 'POST', cookie, body: { isVerified: 'north' } }],
      [`/api/sanctuaries/${SANCTUARY}/reviews`, { method: 'POST', cookie, body: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } }],
      [`/api/sanctuaries/${SANCTUARY}/reviews`, { method: 'POST', cookie, body: '{"rating": 5}', headers: json }],
      ['/api/reviews/%E0%A4%A/helpful', { method: 'POST', cookie }],
      ['/api/reviews/review:zz/report', { method: 'POST', cookie, body: '"', headers: json }],
      ['/api/sanctuaries/%00%ff', {}],
      ['/api/sanctuaries/search?latitude=1e999&longitude=NaN&radius=-0', {}],
      ['/api/favorites/%E0%A4%A', { cookie }],
      ['/db/me/_bulk_docs', { method: 'POST', cookie, body: '{"docs": [', headers: json }],
      ['/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [1, null, 'x', [], { _id: { $gt: 1 } }] } }],
      ['/db/me/favorite%3Ax', { method: 'PUT', cookie, body: '}{', headers: json }],
      ['/db/me/_local/cp', { method: 'PUT', cookie, body: '[', headers: json }],
      ['/db/me/%ZZ', { cookie }],
      ['/db/me/_bulk_get', { method: 'POST', cookie, body: '{"docs": 5}', headers: json }],
      ['/db/me/_revs_diff', { method: 'POST', cookie, body: '{', headers: json }],
      ['/db/sanctuaries/_bulk_get', { method: 'POST', body: '{"docs": [', headers: json }],
      ['/db/sanctuaries/_bulk_get', { method: 'POST', body: { docs: [{ id: { a: 1 } }] } }],
      ['/db/sanctuaries/_revs_diff', { method: 'POST', body: '"x"', headers: json }],
      ['/db/sanctuaries/_all_docs', { method: 'POST', body: '{"keys": 7}', headers: json }],
      ['/db/sanctuaries/_all_docs?keys=%5Bnot-json', {}],
      ['/db/sanctuaries/_changes?since=garbage&limit=-5', {}],
      ['/db/sanctuaries/_changes?feed=bogus&timeout=abc', {}],
      ['/db/sanctuaries/%E0%A4%A', {}],
      ['/db/reviews/_local/%ZZ', {}],
      ['/db/sanctuaries/no-such-doc?rev=not-a-rev&revs=maybe', {}],
      ['/db/submissions/_changes', { cookie }],
      ['/media/%ZZ', {}],
      ['/media/../../etc/passwd', {}],
      ['/%ZZ', {}],
    ];
    for (const [p, init] of requests) {
      const label = `${init.method ?? 'GET'} ${p}`;
      const res = await call(app, p, init);
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).toBeLessThan(500);
      // The store's user name as a word: CouchDB's is "admin", which "Only administrators can do this." may contain.
      expectNothingInternal(text, label, url, [password, new RegExp(`\\b${username}\\b`)]);
    }
  });
});
