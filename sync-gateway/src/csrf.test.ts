// Unit tests for the CSRF origin guard: which requests count as state-changing and which origins are ours.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isStateChanging, originGuard, parseOrigins } from './csrf.ts';

function appWith(publicOrigins: string[] = [], trustedProxies = 0) {
  const app = new Hono();
  app.use('*', originGuard(publicOrigins, trustedProxies));
  app.all('*', (c) => c.json({ ok: true }));
  return app;
}

const send = (app: Hono, method: string, headers: Record<string, string> = {}, url = 'http://gateway.test/api/auth/login') =>
  app.request(url, { method, headers });

describe('originGuard', () => {
  const app = appWith();

  it('lets safe methods through whatever their origin', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect((await send(app, method, { origin: 'https://evil.example' })).status).toBe(200);
  });

  it('refuses state-changing requests without an Origin or Referer, or from elsewhere', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await send(app, method);
      expect(res.status, method).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
      expect((await send(app, method, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await send(app, method, { origin: 'http://gateway.test' })).status).toBe(200);
    }
    expect((await send(app, 'POST', { origin: 'null' })).status).toBe(403);
    expect((await send(app, 'POST', { origin: 'http://gateway.test:8080' })).status).toBe(403);
    expect((await send(app, 'POST', { origin: 'https://gateway.test' })).status).toBe(403);
  });

  it('falls back to the Referer only when there is no Origin', async () => {
    expect((await send(app, 'POST', { referer: 'http://gateway.test/login?x=1' })).status).toBe(200);
    expect((await send(app, 'POST', { referer: 'http://evil.example/gateway.test' })).status).toBe(403);
    expect((await send(app, 'POST', { referer: 'not a url' })).status).toBe(403);
    expect((await send(app, 'POST', { origin: 'https://evil.example', referer: 'http://gateway.test/' })).status).toBe(403);
  });

  it('knows its https origin behind a trusted TLS-terminating proxy', async () => {
    const proxied = appWith([], 1);
    expect((await send(proxied, 'POST', { origin: 'https://gateway.test', 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await send(proxied, 'POST', { origin: 'https://public.test', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.test' })).status).toBe(200);
  });

  it('believes no X-Forwarded-Host or -Proto when no proxy is trusted (issue 19, item 13)', async () => {
    expect((await send(app, 'POST', { origin: 'https://gateway.test', 'x-forwarded-proto': 'https' })).status).toBe(403);
    expect((await send(app, 'POST', { origin: 'https://evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await send(app, 'POST', { origin: 'http://evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
  });

  it('accepts the configured public origins', async () => {
    const configured = appWith(parseOrigins(' https://Sanctuaries.example.org/ , http://localhost:5173,not-a-url'));
    expect((await send(configured, 'POST', { origin: 'https://sanctuaries.example.org' })).status).toBe(200);
    expect((await send(configured, 'POST', { origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await send(configured, 'POST', { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('isStateChanging', () => {
  it('treats the read-only replication POSTs as reads, every other write as a write', () => {
    expect(isStateChanging('POST', '/db/sanctuaries/_bulk_get')).toBe(false);
    expect(isStateChanging('POST', '/db/me/_revs_diff')).toBe(false);
    expect(isStateChanging('POST', '/db/me/_all_docs')).toBe(false);
    expect(isStateChanging('POST', '/db/me/_bulk_docs')).toBe(true);
    expect(isStateChanging('POST', '/api/db/me/_bulk_get/x')).toBe(true);
    expect(isStateChanging('PUT', '/db/me/_local/x')).toBe(true);
    expect(isStateChanging('POST', '/api/auth/logout')).toBe(true);
    expect(isStateChanging('get', '/api/auth/user')).toBe(false);
  });
});
