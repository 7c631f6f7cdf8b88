// Sign-up and write limits: which requests spend which budget, per address and per user, 429 with Retry-After.
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { resolveWriteLimits, retryMessage, sessionUserLookup, writeCategory, writeLimits, type WriteLimits } from './write-limits.ts';

const TOKENS: Record<string, string> = { ['a'.repeat(43)]: 'user:alice', ['b'.repeat(43)]: 'user:bob', ['c'.repeat(43)]: 'user:alice' };
const fakeSessions = () => ({ find: vi.fn(async (token: string) => (TOKENS[token] ? ({ userId: TOKENS[token] } as never) : null)) });

function appWith(limits: Partial<{ [K in keyof WriteLimits]: Partial<WriteLimits[K]> }>, trustedProxies = 1) {
  const sessions = fakeSessions();
  const app = new Hono();
  app.use('*', writeLimits(resolveWriteLimits(limits), { trustedProxies, sessions }));
  app.all('*', (c) => c.json({ ok: true }, c.req.method === 'POST' ? 201 : 200));
  return { app, sessions };
}

const send = (app: Hono, path: string, { method = 'POST', from = '203.0.113.1', token }: { method?: string; from?: string; token?: string } = {}) =>
  app.request(path, { method, headers: { 'x-forwarded-for': from, ...(token ? { cookie: `ss_session=${token}` } : {}) } });

describe('writeCategory', () => {
  it('sorts requests into sign-ups, API writes and replication writes; reads and sign-in are none', () => {
    expect(writeCategory('POST', '/api/auth/register')).toBe('registration');
    expect(writeCategory('POST', '/api/auth/login')).toBeNull();
    expect(writeCategory('POST', '/api/auth/logout')).toBeNull();
    expect(writeCategory('POST', '/api/sanctuaries/x/report')).toBe('api');
    expect(writeCategory('POST', '/api/sanctuaries/x/reviews')).toBe('api');
    expect(writeCategory('DELETE', '/api/reviews/r/helpful')).toBe('api');
    expect(writeCategory('PATCH', '/api/user/profile')).toBe('api');
    expect(writeCategory('GET', '/api/sanctuaries')).toBeNull();
    expect(writeCategory('PUT', '/db/me/favorite%3Ax')).toBe('sync');
    expect(writeCategory('POST', '/db/me/_bulk_docs')).toBe('sync');
    // Replication reads that carry a body are not writes.
    expect(writeCategory('POST', '/db/me/_revs_diff')).toBeNull();
    expect(writeCategory('POST', '/db/sanctuaries/_bulk_get')).toBeNull();
    expect(writeCategory('GET', '/db/me/_changes')).toBeNull();
    expect(writeCategory('POST', '/')).toBeNull();
  });
});

describe('writeLimits', () => {
  it('limits sign-ups per client address, with Retry-After and a clear message, other addresses unaffected', async () => {
    const { app } = appWith({ registration: { windowMs: 60 * 60 * 1000, perAddress: 3 } });
    for (let i = 0; i < 3; i++) expect((await send(app, '/api/auth/register')).status).toBe(201);
    const refused = await send(app, '/api/auth/register');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toEqual({ error: 'Too many accounts were created from your network. Please wait 60 minutes and try again.' });
    expect((await send(app, '/api/auth/register', { from: '203.0.113.2' })).status).toBe(201);
    // Sign-ins are not sign-ups.
    expect((await send(app, '/api/auth/login')).status).toBe(201);
  });

  it('limits API writes per user across addresses, and per address across users', async () => {
    const { app } = appWith({ api: { windowMs: 60_000, perUser: 3, perAddress: 5 } });
    const alice = 'a'.repeat(43);
    const aliceOtherDevice = 'c'.repeat(43);
    expect((await send(app, '/api/reviews/r1/helpful', { token: alice, from: '198.51.100.1' })).status).toBe(201);
    expect((await send(app, '/api/reviews/r1/helpful', { method: 'DELETE', token: alice, from: '198.51.100.2' })).status).toBe(200);
    expect((await send(app, '/api/sanctuaries/s/report', { token: aliceOtherDevice, from: '198.51.100.3' })).status).toBe(201);
    const refused = await send(app, '/api/sanctuaries/s/edits', { token: alice, from: '198.51.100.4' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many changes in a short time\. Please wait \d+ seconds? and try again\.$/);
    // Reads are never limited.
    expect((await send(app, '/api/sanctuaries', { method: 'GET', token: alice })).status).toBe(200);

    // One address, many people: the address budget (5) runs out.
    const shared = '192.0.2.7';
    expect((await send(app, '/api/reviews/r1/helpful', { token: 'b'.repeat(43), from: shared })).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await send(app, '/api/reviews/r1/helpful', { from: shared })).status).toBe(201);
    expect((await send(app, '/api/reviews/r1/helpful', { from: shared })).status).toBe(429);
    expect((await send(app, '/api/reviews/r1/helpful', { from: '192.0.2.8' })).status).toBe(201);
  });

  it('answers replication writes past the limit in CouchDB’s shape, and leaves replication reads alone', async () => {
    const { app } = appWith({ sync: { windowMs: 60_000, perUser: 2, perAddress: 100 } });
    const bob = 'b'.repeat(43);
    expect((await send(app, '/db/me/favorite%3A1', { method: 'PUT', token: bob })).status).toBe(200);
    expect((await send(app, '/db/me/_bulk_docs', { token: bob })).status).toBe(201);
    const refused = await send(app, '/db/me/_local/checkpoint', { method: 'PUT', token: bob });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'too_many_requests', reason: expect.stringMatching(/Too many changes/) });
    expect((await send(app, '/db/me/_revs_diff', { token: bob })).status).toBe(201);
    expect((await send(app, '/db/me/_changes', { method: 'GET', token: bob })).status).toBe(200);
  });

  it('lets a device push a few documents a second, each with its checkpoint, for a minute, under the defaults', async () => {
    const { app } = appWith({});
    const alice = 'a'.repeat(43);
    // 4 documents a second for 60 seconds, each a document write plus a checkpoint write: 480 writes.
    for (let i = 0; i < 240; i++) {
      expect((await send(app, `/db/me/favorite%3A${i}`, { method: 'PUT', token: alice })).status).toBe(200);
      expect((await send(app, '/db/me/_local/cp', { method: 'PUT', token: alice })).status).toBe(200);
    }
  });

  it('counts a window and then starts afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { app } = appWith({ api: { windowMs: 1000, perUser: 1, perAddress: 100 } });
      const bob = 'b'.repeat(43);
      expect((await send(app, '/api/reviews/r/helpful', { token: bob })).status).toBe(201);
      expect((await send(app, '/api/reviews/r/helpful', { token: bob })).status).toBe(429);
      vi.setSystemTime(Date.now() + 1001);
      expect((await send(app, '/api/reviews/r/helpful', { token: bob })).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a limit off with Infinity', async () => {
    const { app } = appWith({ registration: { windowMs: 60_000, perAddress: Infinity } });
    for (let i = 0; i < 100; i++) expect((await send(app, '/api/auth/register')).status).toBe(201);
  });
});

describe('sessionUserLookup', () => {
  it('reads a token’s user once and remembers it, unknown tokens included', async () => {
    const sessions = fakeSessions();
    const lookup = sessionUserLookup(sessions);
    expect(await lookup('a'.repeat(43))).toBe('user:alice');
    expect(await lookup('a'.repeat(43))).toBe('user:alice');
    expect(await lookup('z'.repeat(43))).toBeNull();
    expect(await lookup('z'.repeat(43))).toBeNull();
    expect(await lookup(undefined)).toBeNull();
    expect(sessions.find).toHaveBeenCalledTimes(2);
  });
  it('does not fail the request when the store is unreachable', async () => {
    const lookup = sessionUserLookup({ find: () => Promise.reject(new Error('ECONNREFUSED')) });
    expect(await lookup('a'.repeat(43))).toBeNull();
  });
});

describe('retryMessage', () => {
  it('speaks in minutes for sign-ups and seconds for writes', () => {
    expect(retryMessage('registration', 61)).toMatch(/wait 2 minutes/);
    expect(retryMessage('registration', 30)).toMatch(/wait 1 minute and/);
    expect(retryMessage('sync', 1)).toMatch(/wait 1 second and/);
    expect(retryMessage('api', 42)).toMatch(/wait 42 seconds/);
  });
});
