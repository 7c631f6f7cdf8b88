// Issue 15's checks on the account surface, as an attacker would probe it: rate limits that a forged
// X-Forwarded-For cannot sidestep when no proxy is trusted, sign-in and password-change answers that do not tell
// a real account from a made-up one (by body or by time), session fixation, and open redirects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.ts';
import { ORIGIN, PASSWORD, startGateway, type Gateway } from '../harness.ts';

let g: Gateway;
beforeAll(async () => {
  g = await startGateway();
}, 60_000);
afterAll(async () => {
  await g?.stop();
});

type App = ReturnType<typeof createApp>;

async function post(app: App, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
const signIn = (app: App, email: string, password: string, headers: Record<string, string> = {}) => post(app, '/api/auth/login', { email, password }, headers);
const sessionToken = (res: Response) => res.headers.getSetCookie().find((h) => h.startsWith('ss_session='))?.split(';')[0]?.slice('ss_session='.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('rate limits and forged client addresses', () => {
  it('with no proxy trusted, a new X-Forwarded-For on every guess does not reset the sign-in limit', async () => {
    const app = createApp({ couch: g.fx.couch, security: { trustedProxies: 0 } });
    const victim = await g.register('xff');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(app, victim.email, `guess-${i}`, { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right password waits now, from any claimed address.
    expect((await signIn(app, victim.email, PASSWORD, { 'x-forwarded-for': '203.0.113.200' })).status).toBe(429);
  });

  it('with one proxy trusted, only the hop that proxy appended counts: addresses the client wrote in front do not', async () => {
    const app = createApp({ couch: g.fx.couch, security: { trustedProxies: 1 } });
    const victim = await g.register('xff-proxy');
    const statuses: number[] = [];
    // The attacker varies the left part; the proxy appends the real address (the same every time) on the right.
    for (let i = 0; i < 7; i++) statuses.push((await signIn(app, victim.email, `guess-${i}`, { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.77` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('answers that do not tell accounts apart', () => {
  it('sign-in with an unknown e-mail and with a wrong password: same status, same body, similar time', async () => {
    const app = createApp({ couch: g.fx.couch, security: { loginLimits: { perAccount: 1000, perAddress: 1000, emailProbesPerHour: 1000 } } });
    const real = await g.register('timing');
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 7; i++) {
      let t = performance.now();
      const a = await signIn(app, real.email, `wrong-${i}`);
      known.push(performance.now() - t);
      t = performance.now();
      const b = await signIn(app, `nobody-${i}-${Date.now()}@example.com`, `wrong-${i}`);
      unknown.push(performance.now() - t);
      expect([a.status, b.status]).toEqual([401, 401]);
      bodies.add(await a.text());
      bodies.add(await b.text());
    }
    expect(bodies.size).toBe(1);
    // An unknown address still pays for a password hash, so the medians are of the same order (a real account's
    // check costs the same scrypt; the bound is loose so a busy machine does not decide it).
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(known)).toBeGreaterThan(median(unknown) / 3);
  });

  it('a wrong current password on password change says only that, for any account', async () => {
    const app = createApp({ couch: g.fx.couch, security: { loginLimits: { perAccount: 1000, perAddress: 1000, emailProbesPerHour: 1000 } } });
    const one = await g.register('pw-a');
    const cookie = await g.session(one.id);
    const res = await app.request('/api/user/password', {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'not-it-1', newPassword: 'newpass12', confirmPassword: 'newpass12' }),
    });
    expect(res.status).toBe(400);
    const body = JSON.stringify(await res.json());
    expect(body).not.toContain(one.email);
    expect(body).not.toContain(one.id);
  });
});

describe('session fixation', () => {
  it('a session token planted before sign-in is never the one signed in, and stays worthless', async () => {
    const account = await g.register('fixation');
    const planted = 'a'.repeat(64);
    const res = await g.call('/api/auth/login', { method: 'POST', body: { email: account.email, password: PASSWORD }, headers: { cookie: `ss_session=${planted}` } });
    expect(res.status).toBe(200);
    const issued = sessionToken(res);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    expect((await g.call('/api/auth/user', { cookie: `ss_session=${planted}` })).status).toBe(401);
    expect((await g.call('/api/auth/user', { cookie: `ss_session=${issued}` })).status).toBe(200);
  });

  it('signing in over a live session of another account replaces it, and the old token still belongs only to its owner', async () => {
    const first = await g.register('fix-first');
    const second = await g.register('fix-second');
    const firstCookie = await g.session(first.id);
    const res = await g.call('/api/auth/login', { method: 'POST', body: { email: second.email, password: PASSWORD }, cookie: firstCookie });
    expect(res.status).toBe(200);
    const issued = sessionToken(res);
    expect(`ss_session=${issued}`).not.toBe(firstCookie);
    const who = (await (await g.call('/api/auth/user', { cookie: `ss_session=${issued}` })).json()) as { id: string };
    expect(who.id).toBe(second.id);
  });
});

describe('open redirects', () => {
  it('no path, however written, redirects off the site', async () => {
    const probes = [
      '//evil.example', '///evil.example', '/%2F%2Fevil.example', '/\\evil.example', '/%5Cevil.example', '/.//evil.example/',
      '/login?redirect=https://evil.example', '/login?next=//evil.example', '/sanctuary/x/..//evil.example', '/media/x?to=https://evil.example',
      '/api/auth/logout?redirect=https://evil.example', '/db/sanctuaries/', '/admin/', '/map/', '/index.html',
    ];
    for (const path of probes) {
      for (const method of ['GET', 'HEAD']) {
        const res = await g.call(path, { method });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        const location = res.headers.get('location');
        if (!location) continue;
        const target = new URL(location, ORIGIN);
        expect(target.origin, `${method} ${path} → ${location}`).toBe(ORIGIN);
        expect(location.startsWith('//') || location.startsWith('/\\'), `${method} ${path} → ${location}`).toBe(false);
      }
    }
  });
});
