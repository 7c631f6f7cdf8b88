// Accounts, sessions, favourites and /db/me against a real embedded store: every endpoint's rules, cookie flags,
// CSRF, the sign-in rate limit, who may read whose favourites, the push policy, and PouchDB syncing two-way.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, PRIVATE_SECURITY, userDbName } from '@ss/couchdb/definitions';
import { sessionDocId, type SessionDoc } from '@ss/couchdb/sessions';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { listFavoriteDocs } from '@ss/couchdb/user-db';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { newFavorite, type FavoriteDoc } from '@ss/domain/favorite';
import type { User } from '@ss/domain/user';
import { serveForDevices } from './device-server.ts';
import { createApp } from '../../src/app.ts';
import { ORIGIN, request, sessionCookieOf, type App, type CallOptions } from './harness.ts';
import { ACCOUNT_ANSWER_FLOOR_MS } from '../../src/routes/auth.ts';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const GENEROUS = { windowMs: 15 * 60 * 1000, perAccount: 1000, perAddress: 1000, emailProbesPerHour: 1000 };
const SANCTUARY_A = 'farm-sanctuary-watkins-glen-ny';
const SANCTUARY_B = 'animal-place-grass-valley-ca';
/** Favourites must name listings that exist (issue 19): seeded ids, in seed order. */
const SEEDED = readDefaultSeed().map((s) => s._id);
/** A well-formed revision id: 32 hex digits made of one repeated character. */
const hex32 = (c: string) => c.repeat(32);

let fx: StoreFixture;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fx = await startStoreFixture();
  app = createApp({ couch: fx.couch, security: { loginLimits: GENEROUS } });
});
afterAll(() => fx.stop());

type Call = CallOptions;
/** The harness's request; a string body here is JSON text (well formed or not), so it says so. */
const call = (target: App, p: string, options: Call = {}) =>
  request(target, p, typeof options.body === 'string' ? { ...options, headers: { 'content-type': 'application/json', ...options.headers } } : options);

/** The ss_session Set-Cookie header of a response, if any. */
function setCookieOf(res: Response): string | undefined {
  return res.headers.getSetCookie().find((h) => h.startsWith('ss_session='));
}
/** The ss_signed_in Set-Cookie header of a response, if any. */
function hintOf(res: Response): string | undefined {
  return res.headers.getSetCookie().find((h) => h.startsWith('ss_signed_in='));
}
const cookieOf = sessionCookieOf;
const tokenOf = (cookie: string) => cookie.slice('ss_session='.length);

let counter = 0;
function uniqueEmail(name = 'seeker') {
  counter += 1;
  return `${name}.${counter}.${Date.now()}@example.com`;
}

async function register(target: App = app, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const payload = { email, password: 'secret1', confirmPassword: 'secret1', firstName: 'Jo', lastName: 'Seeker', ...overrides };
  const res = await call(target, '/api/auth/register', { method: 'POST', body: payload });
  expect(res.status, await res.clone().text()).toBe(201);
  const user = (await res.json()) as User;
  return { user, cookie: cookieOf(res), email, password: payload.password as string };
}

async function login(target: App, email: string, password: string, extra: Call = {}) {
  return call(target, '/api/auth/login', { method: 'POST', body: { email, password }, ...extra });
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: string }).error;
}

describe('registration', () => {
  const valid = { email: 'reg@example.com', password: 'secret1', confirmPassword: 'secret1', firstName: 'Jo', lastName: 'Seeker' };

  it.each([
    ['email', 'Please enter your email address.'],
    ['password', 'Please enter your password.'],
    ['confirmPassword', 'Please confirm your password.'],
    ['firstName', 'Please enter your first name.'],
    ['lastName', 'Please enter your last name.'],
  ])('refuses a missing %s with 400 and a readable message', async (field, message) => {
    const payload: Record<string, unknown> = { ...valid };
    delete payload[field];
    const res = await call(app, '/api/auth/register', { method: 'POST', body: payload });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(setCookieOf(res)).toBeUndefined();
  });

  it('refuses short passwords, mismatches, malformed e-mails and bodies that are not JSON', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, password: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters long.'],
      [{ ...valid, confirmPassword: 'secret2' }, 'Please make sure your passwords match.'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['{not json', 'The request body must be JSON.'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, '/api/auth/register', { method: 'POST', body });
      expect(res.status, message).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    }
    const huge = await call(app, '/api/auth/register', { method: 'POST', body: { ...valid, firstName: 'x'.repeat(20_000) } });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'Request body too large' });
  });

  it('creates the account, signs it in, and gives it a private database of its own', async () => {
    const email = uniqueEmail('New.Person');
    const { user, cookie } = await register(app, { email, firstName: ' Ada ', role: 'admin', isVerified: true });
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), firstName: 'Ada', lastName: 'Seeker', email, username: null, profileImageUrl: null, role: 'user', isVerified: false });
    const me = await call(app, '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);

    const dbName = userDbName(user.id);
    expect(await fx.couch.nano.db.list()).toContain(dbName);
    expect(await fx.couch.nano.request({ db: dbName, path: '_security' })).toEqual(PRIVATE_SECURITY);
    // No design document: the gateway checks what goes in (couchdb/src/definitions.ts says why none runs in the store).
    expect((await fx.couch.nano.db.use(dbName).list({ startkey: '_design/', endkey: '_design0' })).rows).toEqual([]);

    const stored = (await fx.couch.nano.request({ db: DB.users, path: `user:${user.id}` })) as { passwordHash: string };
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('secret1');
  });

  it('refuses a second account with the same e-mail in any case, with 409', async () => {
    const email = uniqueEmail('Dup');
    await register(app, { email });
    for (const variant of [email, email.toUpperCase(), `  ${email.toLowerCase()} `]) {
      const res = await call(app, '/api/auth/register', { method: 'POST', body: { ...valid, email: variant } });
      expect(res.status, variant).toBe(409);
      expect(await res.json()).toEqual({ error: 'An account with this email already exists.' });
    }
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail succeed', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [email, email.toUpperCase(), email].map((e) => call(app, '/api/auth/register', { method: 'POST', body: { ...valid, email: e } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('sign-in', () => {
  let account: { email: string; password: string; cookie: string; user: User };
  beforeAll(async () => {
    account = await register(app);
  });

  it('signs in case-insensitively with a fresh session each time', async () => {
    const res = await login(app, account.email.toUpperCase(), account.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(account.user);
    const cookie = cookieOf(res);
    expect(cookie).not.toBe(account.cookie);
    expect((await call(app, '/api/auth/user', { cookie })).status).toBe(200);
    // Another device's session is untouched.
    expect((await call(app, '/api/auth/user', { cookie: account.cookie })).status).toBe(200);
  });

  it('replaces the session this browser had: the old cookie stops working', async () => {
    const first = cookieOf(await login(app, account.email, account.password));
    const second = await login(app, account.email, account.password, { cookie: first });
    expect(second.status).toBe(200);
    expect(cookieOf(second)).not.toBe(first);
    expect((await call(app, '/api/auth/user', { cookie: first })).status).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrongPassword = await login(app, account.email, 'not-the-password');
    const unknownEmail = await login(app, uniqueEmail('nobody'), account.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const a = await wrongPassword.text();
    expect(a).toBe(await unknownEmail.text());
    expect(JSON.parse(a)).toEqual({ error: 'Invalid email or password' });
    expect(setCookieOf(wrongPassword)).toBeUndefined();
    expect(setCookieOf(unknownEmail)).toBeUndefined();
    expect([...wrongPassword.headers.keys()].sort()).toEqual([...unknownEmail.headers.keys()].sort());
  });

  it('requires both fields', async () => {
    const missing = await call(app, '/api/auth/login', { method: 'POST', body: { email: account.email } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Please enter your password.' });
    const empty = await call(app, '/api/auth/login', { method: 'POST', body: {} });
    expect(await empty.json()).toEqual({ error: 'Please enter your email address.' });
  });
});

describe('sessions and cookies', () => {
  it('GET /api/auth/user is 401 without a session, and a bogus cookie is cleared', async () => {
    const none = await call(app, '/api/auth/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: 'Unauthorized' });
    const bogus = await call(app, '/api/auth/user', { cookie: 'ss_session=forged-token' });
    expect(bogus.status).toBe(401);
    expect(setCookieOf(bogus)).toMatch(/^ss_session=;.*Max-Age=0/);
    expect(hintOf(bogus)).toMatch(/^ss_signed_in=;.*Max-Age=0/);
  });

  it('pairs the session with a script-readable signed-in hint that holds nothing secret, and clears both', async () => {
    const { email, password } = await register(app);
    const res = await login(app, email, password);
    const hint = hintOf(res)!.split(';').map((a) => a.trim().toLowerCase());
    expect(hint[0]).toBe('ss_signed_in=1');
    expect(hint).toEqual(expect.arrayContaining(['samesite=lax', 'path=/', `max-age=${30 * 24 * 3600}`]));
    expect(hint).not.toContain('httponly');
    // The hint alone signs nobody in.
    expect((await call(app, '/api/auth/user', { cookie: 'ss_signed_in=1' })).status).toBe(401);
    const out = await call(app, '/api/auth/logout', { method: 'POST', cookie: cookieOf(res) });
    expect(hintOf(out)).toMatch(/^ss_signed_in=;.*Max-Age=0/);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, Path=/, for 30 days, and not Secure over http', async () => {
    const { email, password } = await register(app);
    const header = setCookieOf(await login(app, email, password))!;
    const attrs = header.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${30 * 24 * 3600}`]));
    expect(attrs).not.toContain('secure');
  });

  it('marks the cookie Secure over https, directly or behind a TLS-terminating proxy', async () => {
    const { email, password } = await register(app);
    const direct = await login(app, email, password, { url: 'https://localhost/api/auth/login', origin: 'https://localhost' });
    expect(direct.status).toBe(200);
    expect(setCookieOf(direct)!.toLowerCase().split(';').map((a) => a.trim())).toContain('secure');
    // Behind a trusted proxy (TRUST_PROXY=1) its X-Forwarded-Proto says how the browser came.
    const behindProxy = createApp({ couch: fx.couch, security: { loginLimits: GENEROUS, trustedProxies: 1 } });
    const proxied = await login(behindProxy, email, password, { origin: 'https://localhost', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' } });
    expect(proxied.status).toBe(200);
    expect(setCookieOf(proxied)!.toLowerCase().split(';').map((a) => a.trim())).toContain('secure');
    // With no proxy trusted, the header is anyone's: not believed for the origin check nor for the cookie.
    const spoofed = await login(app, email, password, { origin: 'https://localhost', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.status).toBe(403);
    const plain = await login(app, email, password, { headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.status).toBe(200);
    expect(setCookieOf(plain)!.toLowerCase().split(';').map((a) => a.trim())).not.toContain('secure');
  });

  it('logout ends the session for good and clears the cookie', async () => {
    const { cookie } = await register(app);
    const out = await call(app, '/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(setCookieOf(out)).toMatch(/^ss_session=;.*Max-Age=0/);
    await expect(fx.couch.nano.db.use(DB.sessions).get(sessionDocId(tokenOf(cookie)))).rejects.toMatchObject({ statusCode: 404 });
    // A copy of the cookie kept somewhere is worthless now.
    expect((await call(app, '/api/auth/user', { cookie })).status).toBe(401);
    expect((await call(app, '/db/me', { cookie })).status).toBe(401);
    // Signing out twice is harmless.
    expect((await call(app, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
  });

  it('refuses an expired session and removes it', async () => {
    const { cookie } = await register(app);
    const sessions = fx.couch.nano.db.use<SessionDoc>(DB.sessions);
    const doc = await sessions.get(sessionDocId(tokenOf(cookie)));
    await sessions.insert({ ...doc, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await call(app, '/api/auth/user', { cookie });
    expect(res.status).toBe(401);
    expect(setCookieOf(res)).toMatch(/Max-Age=0/);
    await expect(sessions.get(doc._id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('stores only a hash of the token, and slides the expiry of a session in use', async () => {
    const { cookie } = await register(app);
    const token = tokenOf(cookie);
    const all = await fx.couch.nano.db.use(DB.sessions).list();
    expect(all.rows.some((r) => r.id.includes(token))).toBe(false);

    const sessions = fx.couch.nano.db.use<SessionDoc>(DB.sessions);
    const doc = await sessions.get(sessionDocId(token));
    await sessions.insert({ ...doc, expiresAt: new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString() });
    const res = await call(app, '/api/auth/user', { cookie });
    expect(res.status).toBe(200);
    expect(setCookieOf(res)).toMatch(/Max-Age=259\d{4}/);
    const refreshed = await sessions.get(doc._id);
    expect(Date.parse(refreshed.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe('CSRF', () => {
  it('refuses state-changing calls with no Origin, a foreign one, or "null"', async () => {
    const { email, password, cookie } = await register(app);
    for (const origin of [null, 'https://evil.example', 'null', 'http://localhost.evil.example']) {
      const res = await login(app, email, password, { origin });
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
      expect(setCookieOf(res)).toBeUndefined();
    }
    const patch = await call(app, '/api/user/profile', { method: 'PATCH', cookie, origin: 'https://evil.example', body: { firstName: 'Hacked' } });
    expect(patch.status).toBe(403);
    expect(((await (await call(app, '/api/auth/user', { cookie })).json()) as User).firstName).toBe('Jo');
    const logout = await call(app, '/api/auth/logout', { method: 'POST', cookie, origin: null });
    expect(logout.status).toBe(403);
    expect((await call(app, '/api/auth/user', { cookie })).status).toBe(200);
    const push = await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie, origin: 'https://evil.example', body: { docs: [] } });
    expect(push.status).toBe(403);
  });

  it('accepts a same-origin Referer when there is no Origin, and configured public origins', async () => {
    const { email, password } = await register(app);
    expect((await login(app, email, password, { origin: null, headers: { referer: `${ORIGIN}/login` } })).status).toBe(200);
    expect((await login(app, email, password, { origin: null, headers: { referer: 'https://evil.example/login' } })).status).toBe(403);
    const behindDomain = createApp({ couch: fx.couch, security: { publicOrigins: ['https://sanctuaries.example.org'], loginLimits: GENEROUS } });
    expect((await login(behindDomain, email, password, { origin: 'https://sanctuaries.example.org' })).status).toBe(200);
    expect((await login(behindDomain, email, password, { origin: 'https://other.example.org' })).status).toBe(403);
  });

  it('leaves reads alone, including the read-only POST queries replication makes', async () => {
    expect((await call(app, '/api/sanctuaries', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    const bulkGet = await call(app, '/db/sanctuaries/_bulk_get', { method: 'POST', origin: null, body: { docs: [{ id: SANCTUARY_A }] } });
    expect(bulkGet.status).toBe(200);
  });
});

describe('profile and password', () => {
  it('requires a session', async () => {
    for (const p of ['/api/user/profile', '/api/user/password']) {
      const res = await call(app, p, { method: 'PATCH', body: {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized' });
    }
  });

  it('updates the profile fields, never the role', async () => {
    const { cookie } = await register(app);
    const res = await call(app, '/api/user/profile', { method: 'PATCH', cookie, body: { firstName: 'Ada', lastName: 'Lovelace', username: 'ada', role: 'admin', isVerified: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada', role: 'user', isVerified: false });
    expect(await (await call(app, '/api/auth/user', { cookie })).json()).toMatchObject({ firstName: 'Ada', username: 'ada', role: 'user' });
    const bad = await call(app, '/api/user/profile', { method: 'PATCH', cookie, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Please enter a valid email address.' });
  });

  it('keeps e-mails unique on change, and frees the old address', async () => {
    const taken = await register(app);
    const mover = await register(app);
    const clash = await call(app, '/api/user/profile', { method: 'PATCH', cookie: mover.cookie, body: { email: taken.email.toUpperCase() } });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ error: 'An account with this email already exists.' });

    const newEmail = uniqueEmail('Moved');
    const moved = await call(app, '/api/user/profile', { method: 'PATCH', cookie: mover.cookie, body: { email: newEmail } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ email: newEmail });
    expect((await login(app, newEmail.toLowerCase(), mover.password)).status).toBe(200);
    expect((await login(app, mover.email, mover.password)).status).toBe(401);
    // The old address can be used by someone else now; the new one cannot.
    await register(app, { email: mover.email });
    const again = await call(app, '/api/auth/register', { method: 'POST', body: { email: newEmail, password: 'secret1', confirmPassword: 'secret1', firstName: 'X', lastName: 'Y' } });
    expect(again.status).toBe(409);
  });

  it('changes the password: current one required, rules checked, other sessions ended, this one kept', async () => {
    const { email, password, cookie } = await register(app);
    const otherDevice = cookieOf(await login(app, email, password));

    const wrong = await call(app, '/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: 'nope', newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'Current password is incorrect' });
    const mismatch = await call(app, '/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: password, newPassword: 'newpass1', confirmPassword: 'newpass2' } });
    expect(await mismatch.json()).toEqual({ error: 'New password and confirm password do not match.' });
    const short = await call(app, '/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: password, newPassword: 'abc', confirmPassword: 'abc' } });
    expect(await short.json()).toEqual({ error: 'Password must be at least 6 characters long.' });
    const missing = await call(app, '/api/user/password', { method: 'PATCH', cookie, body: { newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect(await missing.json()).toEqual({ error: 'Please enter your current password.' });

    const ok = await call(app, '/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: password, newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, otherSessionsEnded: 1 });
    expect((await call(app, '/api/auth/user', { cookie })).status).toBe(200);
    expect((await call(app, '/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    expect((await login(app, email, password)).status).toBe(401);
    expect((await login(app, email, 'newpass1')).status).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for one account from one address, that address waits (429, Retry-After), even with the right password; the owner elsewhere does not (issue 19)', async () => {
    const limited = createApp({ couch: fx.couch, security: { trustedProxies: 1 } });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const { email, password } = await register(limited);
    for (let i = 0; i < 5; i++) expect((await login(limited, email, `wrong-${i}`, from('198.51.100.20'))).status).toBe(401);
    for (const attempt of [password, 'wrong-again']) {
      const res = await login(limited, email.toUpperCase(), attempt, from('198.51.100.20'));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(await errorOf(res)).toBe('Too many failed attempts. Please wait 15 minutes and try again.');
      expect(setCookieOf(res)).toBeUndefined();
    }
    // Someone else's guesses do not lock the owner out: from their own address the right password works.
    expect((await login(limited, email, password, from('203.0.113.44'))).status).toBe(200);
    // Another account from the attacker's address is not locked out by this one either.
    const other = await register(limited);
    expect((await login(limited, other.email, other.password, from('198.51.100.20'))).status).toBe(200);
  });

  it('limits unknown e-mails exactly like real ones', async () => {
    const limited = createApp({ couch: fx.couch, security: { loginLimits: { windowMs: 60_000, perAccount: 2, perAddress: 100 } } });
    const ghost = uniqueEmail('ghost');
    expect((await login(limited, ghost, 'x')).status).toBe(401);
    expect((await login(limited, ghost, 'x')).status).toBe(401);
    expect((await login(limited, ghost, 'x')).status).toBe(429);
  });

  it('limits failures per client address across accounts', async () => {
    const limited = createApp({ couch: fx.couch, security: { trustedProxies: 1, loginLimits: { windowMs: 60_000, perAccount: 100, perAddress: 3 } } });
    const { email, password } = await register(limited);
    const from = (address: string) => ({ headers: { 'x-forwarded-for': `10.0.0.9, ${address}` } });
    for (let i = 0; i < 3; i++) expect((await login(limited, uniqueEmail('spray'), 'x', from('198.51.100.7'))).status).toBe(401);
    expect((await login(limited, email, password, from('198.51.100.7'))).status).toBe(429);
    expect((await login(limited, email, password, from('203.0.113.5'))).status).toBe(200);
  });

  it('a successful sign-in clears the account’s failures; successes never count', async () => {
    const limited = createApp({ couch: fx.couch, security: { loginLimits: { windowMs: 60_000, perAccount: 2, perAddress: 100 } } });
    const { email, password } = await register(limited);
    for (let round = 0; round < 3; round++) {
      expect((await login(limited, email, 'wrong')).status).toBe(401);
      expect((await login(limited, email, password)).status).toBe(200);
      expect((await login(limited, email, password)).status).toBe(200);
    }
  });

  it('limits wrong current passwords on password change too', async () => {
    const limited = createApp({ couch: fx.couch, security: { loginLimits: { windowMs: 60_000, perAccount: 2, perAddress: 100 } } });
    const { cookie, password } = await register(limited);
    const change = (current: string) => call(limited, '/api/user/password', { method: 'PATCH', cookie, body: { currentPassword: current, newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect((await change('bad')).status).toBe(400);
    expect((await change('bad')).status).toBe(400);
    expect((await change(password)).status).toBe(429);
  });
});

describe('enumeration and impersonation (issue 19, items 10 and 12)', () => {
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const signUp = (target: App, email: string, extra: Call = {}, names = { firstName: 'Jo', lastName: 'Seeker' }) =>
    call(target, '/api/auth/register', { method: 'POST', body: { email, password: 'secret1', confirmPassword: 'secret1', ...names }, ...extra });

  it('an address in use answers no sooner than a new account would, and an address probing for them is slowed', async () => {
    const limited = createApp({ couch: fx.couch, security: { trustedProxies: 1 } });
    const taken = uniqueEmail('taken');
    let t = Date.now();
    expect((await signUp(limited, taken, from('198.51.100.30'))).status).toBe(201);
    const fresh = Date.now() - t;
    const durations: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = Date.now();
      const res = await signUp(limited, taken.toUpperCase(), from('198.51.100.31'));
      durations.push(Date.now() - t);
      expect(res.status).toBe(409);
    }
    // Both kinds of answer wait for the same floor, so the time taken does not tell them apart.
    expect(Math.min(fresh, ...durations)).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_FLOOR_MS - 5);
    const blocked = await signUp(limited, uniqueEmail('next'), from('198.51.100.31'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other addresses sign up as usual.
    expect((await signUp(limited, uniqueEmail('elsewhere'), from('203.0.113.31'))).status).toBe(201);
  });

  it('limits e-mail changes per user, taken or not', async () => {
    const limited = createApp({ couch: fx.couch });
    const { cookie } = await register(limited);
    const other = await register(limited);
    for (let i = 0; i < 5; i++) {
      const res = await call(limited, '/api/user/profile', { method: 'PATCH', cookie, body: { email: i % 2 ? other.email : uniqueEmail('change') } });
      expect(res.status, `attempt ${i}`).toBe(i % 2 ? 409 : 200);
    }
    const sixth = await call(limited, '/api/user/profile', { method: 'PATCH', cookie, body: { email: uniqueEmail('change') } });
    expect(sixth.status).toBe(429);
    // Other profile changes are not limited by this.
    expect((await call(limited, '/api/user/profile', { method: 'PATCH', cookie, body: { firstName: 'Jay' } })).status).toBe(200);
  });

  it('keeps usernames unique whatever their case, plain, and not staff-like', async () => {
    const a = await register(app);
    const b = await register(app);
    const name = `River${Date.now().toString(36)}`;
    const set = (cookie: string, username: string) => call(app, '/api/user/profile', { method: 'PATCH', cookie, body: { username } });
    expect((await set(a.cookie, name)).status).toBe(200);
    const clash = await set(b.cookie, name.toUpperCase());
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toBe('This username is taken. Please choose another.');
    for (const bad of ['admin', 'Sanctuary_Seekers', 'adm1n', 'the.moderator', 'support-team', 'аlice', 'ali\u202Ece', 'x']) {
      const res = await set(b.cookie, bad);
      expect(res.status, bad).toBe(400);
    }
    // Given up, the name is free again.
    expect((await set(a.cookie, '')).status).toBe(200);
    expect((await set(b.cookie, name.toLowerCase())).status).toBe(200);
  });

  it('refuses look-alike, bidi-override and staff-like names, and normalises the rest', async () => {
    const bad: Array<[string, string]> = [
      ['Sanctuary Seekers Admin ✔️', 'Seeker'],
      ['Sanctuary', 'Seekers'],
      ['Admin', 'Team'],
      ['\u0430lice', 'Smith'], // Cyrillic а in a Latin name
      ['Jo\u202Ehn', 'Smith'],
      ['Jo<script>', 'Smith'],
    ];
    for (const [firstName, lastName] of bad) {
      const res = await signUp(app, uniqueEmail('spoof'), {}, { firstName, lastName });
      expect(res.status, firstName).toBe(400);
    }
    const ok = await signUp(app, uniqueEmail('fullwidth'), {}, { firstName: '\uFF2A\uFF4F', lastName: "O’Neil-Ruíz" });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ firstName: 'Jo', lastName: "O’Neil-Ruíz" });
    const cyrillic = await signUp(app, uniqueEmail('cyrillic'), {}, { firstName: 'Алиса', lastName: 'Иванова' });
    expect(cyrillic.status).toBe(201);
  });
});

describe('favourites API and administrators', () => {
  let alice: Awaited<ReturnType<typeof register>>;
  let bob: Awaited<ReturnType<typeof register>>;
  let adminCookie: string;

  beforeAll(async () => {
    alice = await register(app);
    bob = await register(app);
    const adminEmail = uniqueEmail('boss');
    const created = await createOrPromoteAdmin(fx.couch, createUsers(fx.couch), { email: adminEmail, password: 'admin-pass-1' });
    expect(created).toMatchObject({ created: true, user: { role: 'admin' } });
    adminCookie = cookieOf(await login(app, adminEmail, 'admin-pass-1'));
    const older = newFavorite(SANCTUARY_A, alice.user.id, new Date('2026-01-01T00:00:00Z'));
    const newer = newFavorite(SANCTUARY_B, alice.user.id, new Date('2026-02-01T00:00:00Z'));
    const res = await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: { docs: [older, newer] } });
    expect(res.status).toBe(201);
  });

  it("returns the user's favourites as spec-shaped sanctuaries, newest first", async () => {
    const res = await call(app, `/api/favorites/${alice.user.id}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list.map((s) => s.id)).toEqual([SANCTUARY_B, SANCTUARY_A]);
    expect(list[0]).toMatchObject({ name: 'Animal Place', city: 'Grass Valley', state: 'CA' });
    expect(list[0]).not.toHaveProperty('_id');
    expect(await (await call(app, `/api/favorites/${bob.user.id}`, { cookie: bob.cookie })).json()).toEqual([]);
  });

  it("refuses another user's favourites (403) and anonymous callers (401); an admin may read them", async () => {
    const other = await call(app, `/api/favorites/${alice.user.id}`, { cookie: bob.cookie });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: 'You can only see your own favorites.' });
    const anonymous = await call(app, `/api/favorites/${alice.user.id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Unauthorized' });
    const byAdmin = await call(app, `/api/favorites/${alice.user.id}`, { cookie: adminCookie });
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as Array<{ id: string }>).map((s) => s.id)).toEqual([SANCTUARY_B, SANCTUARY_A]);
    expect((await call(app, `/api/favorites/${'0'.repeat(32)}`, { cookie: adminCookie })).status).toBe(404);
    expect((await call(app, '/api/favorites/..%2Fusers', { cookie: adminCookie })).status).toBe(404);
  });

  it('create-admin promotes an existing account, keeping its password unless asked to replace it', async () => {
    const carol = await register(app);
    const users = createUsers(fx.couch);
    const promoted = await createOrPromoteAdmin(fx.couch, users, { email: carol.email.toUpperCase(), password: 'ignored-pass' });
    expect(promoted).toMatchObject({ created: false, promoted: true, passwordReset: false, user: { role: 'admin' } });
    expect((await login(app, carol.email, carol.password)).status).toBe(200);
    expect((await login(app, carol.email, 'ignored-pass')).status).toBe(401);
    const reset = await createOrPromoteAdmin(fx.couch, users, { email: carol.email, password: 'replaced-pass', resetPassword: true });
    expect(reset).toMatchObject({ promoted: false, passwordReset: true });
    expect((await login(app, carol.email, 'replaced-pass')).status).toBe(200);
    expect(await (await call(app, '/api/auth/user', { cookie: carol.cookie })).json()).toMatchObject({ role: 'admin' });
  });

  it('npm run create-admin works against the running store, with no default password', async () => {
    const run = promisify(execFile);
    const email = uniqueEmail('cli-admin');
    const env = { ...process.env, DATA_DIR: fx.dataDir, COUCHDB_URL: '' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', email, '--password', 'cli-pass-1'], { cwd: ROOT, env });
    expect(stdout).toContain(`Created administrator: ${email} (in the running store of`);
    expect(stdout).not.toContain('cli-pass-1');
    const res = await login(app, email, 'cli-pass-1');
    expect(await res.json()).toMatchObject({ role: 'admin' });
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', uniqueEmail('x')], { cwd: ROOT, env })).rejects.toMatchObject({ code: 2 });
  });
});

describe('/db/me', () => {
  let alice: Awaited<ReturnType<typeof register>>;
  let bob: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    alice = await register(app);
    bob = await register(app);
  });
  const aliceDb = () => fx.couch.nano.db.use<FavoriteDoc>(userDbName(alice.user.id));

  it('is 401 without a session, and is the signed-in user’s own database', async () => {
    const anonymous = await call(app, '/db/me');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty('error', 'unauthorized');
    const info = (await (await call(app, '/db/me/', { cookie: alice.cookie })).json()) as { db_name: string };
    expect(info.db_name).toBe(userDbName(alice.user.id));
  });

  it('accepts valid favourites and answers per document, refusing others’ documents and disallowed types', async () => {
    const mine = newFavorite('sasha-farm-manchester-mi', alice.user.id);
    const docs = [
      mine,
      newFavorite(SEEDED[1]!, bob.user.id),
      { _id: 'user:x', type: 'user', role: 'admin', ownerId: alice.user.id },
      { ...newFavorite('z', alice.user.id), _id: 'review-command:1', type: 'review-command' },
      { _id: '_design/evil', validate_doc_update: 'function () {}' },
      { ...newFavorite('broken', alice.user.id), createdAt: 'yesterday' },
    ];
    const res = await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: { docs } });
    expect(res.status).toBe(201);
    const results = (await res.json()) as Array<{ id: string; ok?: boolean; rev?: string; error?: string; reason?: string }>;
    expect(results).toHaveLength(docs.length);
    expect(results[0]).toMatchObject({ id: mine._id, ok: true, rev: expect.stringMatching(/^1-/) });
    expect(results.slice(1).map((r) => [r.id, r.error])).toEqual([
      [`favorite:${SEEDED[1]}`, 'forbidden'],
      ['user:x', 'forbidden'],
      ['review-command:1', 'forbidden'],
      ['_design/evil', 'forbidden'],
      ['favorite:broken', 'forbidden'],
    ]);
    expect(results[1]!.reason).toBe('This document belongs to another account.');
    expect(results[2]!.reason).toBe('Documents of type "user" cannot be saved here.');
    expect(results[3]!.reason).toBe('The id of a review command is "review-command:" + 32 lowercase hex characters.');

    const stored = (await aliceDb().list()).rows.map((r) => r.id);
    expect(stored).toContain(mine._id);
    expect(stored).not.toContain(`favorite:${SEEDED[1]}`);
    expect(stored).not.toContain('user:x');
    expect(stored).not.toContain('review-command:1');
    expect(stored).not.toContain('favorite:broken');
    expect(stored.filter((id) => id.startsWith('_design/'))).toEqual([]);
  });

  it('keeps the order of the request when the store answers out of order, and reports store conflicts', async () => {
    const docs = Array.from({ length: 12 }, (_, i) => newFavorite(SEEDED[10 + i]!, alice.user.id));
    const body = { docs: [...docs.slice(0, 6), newFavorite(SEEDED[9]!, bob.user.id), ...docs.slice(6)] };
    const first = (await (await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body })).json()) as Array<{ id: string; ok?: boolean; error?: string }>;
    expect(first.map((r) => r.id)).toEqual(body.docs.map((d) => d._id));
    expect(first.filter((r) => r.ok)).toHaveLength(12);
    // Writing the same new documents again conflicts in the store: those errors come back per document too.
    const again = (await (await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body })).json()) as Array<{ id: string; error?: string }>;
    expect(again.map((r) => r.id)).toEqual(body.docs.map((d) => d._id));
    expect(again.map((r) => r.error)).toEqual(body.docs.map((d) => (d.ownerId === bob.user.id ? 'forbidden' : 'conflict')));
  });

  it('with new_edits=false (replication) lists only the refusals and keeps the given revisions', async () => {
    const fav = { ...newFavorite(SEEDED[30]!, alice.user.id), _rev: `1-${hex32('a')}`, _revisions: { start: 1, ids: [hex32('a')] } };
    const theirs = { ...newFavorite(SEEDED[31]!, bob.user.id), _rev: `1-${hex32('d')}`, _revisions: { start: 1, ids: [hex32('d')] } };
    const res = await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: { docs: [fav, theirs], new_edits: false } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ id: theirs._id, error: 'forbidden', reason: 'This document belongs to another account.' }]);
    expect((await aliceDb().get(fav._id))._rev).toBe(`1-${hex32('a')}`);
  });

  it('takes single documents by PUT, checks them the same way, and lets the user delete favourites', async () => {
    const fav = newFavorite(SEEDED[32]!, alice.user.id);
    const put = await call(app, `/db/me/${encodeURIComponent(fav._id)}`, { method: 'PUT', cookie: alice.cookie, body: fav });
    expect(put.status).toBe(201);
    const { rev } = (await put.json()) as { rev: string };
    const foreign = await call(app, `/db/me/${encodeURIComponent(`favorite:${SEEDED[33]}`)}`, { method: 'PUT', cookie: alice.cookie, body: newFavorite(SEEDED[33]!, bob.user.id) });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'forbidden', reason: 'This document belongs to another account.' });
    const mismatch = await call(app, '/db/me/favorite%3Aelsewhere', { method: 'PUT', cookie: alice.cookie, body: fav });
    expect(mismatch.status).toBe(400);
    const removed = await call(app, `/db/me/${encodeURIComponent(fav._id)}`, { method: 'PUT', cookie: alice.cookie, body: { _id: fav._id, _rev: rev, _deleted: true } });
    // A deletion is a success either way: the embedded store answers 201, CouchDB 200.
    expect([200, 201]).toContain(removed.status);
    await expect(aliceDb().get(fav._id)).rejects.toMatchObject({ statusCode: 404 });
    const stub = await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: { docs: [{ _id: 'user:whatever', _rev: `1-${hex32('a')}`, _deleted: true }] } });
    expect(((await stub.json()) as Array<{ error: string }>)[0]!.error).toBe('forbidden');
  });

  it("stays inside the user's own database", async () => {
    await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: { docs: [newFavorite(SEEDED[34]!, alice.user.id)] } });
    expect((await call(app, `/db/me/${encodeURIComponent(`favorite:${SEEDED[34]}`)}`, { cookie: bob.cookie })).status).toBe(404);
    const bobsChanges = (await (await call(app, '/db/me/_changes?since=0', { cookie: bob.cookie })).json()) as { results: Array<{ id: string }> };
    expect(bobsChanges.results.map((r) => r.id)).not.toContain(`favorite:${SEEDED[34]}`);
    expect((await call(app, `/db/${userDbName(alice.user.id)}/_all_docs`, { cookie: bob.cookie })).status).toBe(404);
    expect((await call(app, `/db/${userDbName(alice.user.id)}/_bulk_docs`, { method: 'POST', cookie: bob.cookie, body: { docs: [] } })).status).toBe(403);
  });

  it('refuses what replication does not need, and oversized bodies', async () => {
    const refusals: Array<[string, string, number]> = [
      ['GET', '/db/me/_design/userdb', 403],
      ['PUT', '/db/me/_design/userdb', 403],
      ['DELETE', '/db/me', 403],
      ['PUT', '/db/me', 403],
      ['POST', '/db/me', 403],
      ['GET', '/db/me/_changes?filter=x/y', 403],
      ['GET', '/db/me/_changes?since=0&bogus=1', 400],
      ['DELETE', '/db/me/favorite%3Ax?rev=1-a', 403],
      ['GET', '/db/me/favorite%3Ax/attachment.jpg', 403],
      ['POST', '/db/me/_purge', 403],
      ['GET', '/db/me/_security', 403],
    ];
    for (const [method, p, status] of refusals) {
      const res = await call(app, p, { method, cookie: alice.cookie, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
      expect(res.status, `${method} ${p}`).toBe(status);
      expect(await res.json(), `${method} ${p}`).toHaveProperty('error');
    }
    const huge = JSON.stringify({ docs: [{ _id: 'favorite:x', padding: 'x'.repeat(41 * 1024 * 1024) }] });
    expect((await call(app, '/db/me/_bulk_docs', { method: 'POST', cookie: alice.cookie, body: huge })).status).toBe(413);
    const bigCheckpoint = await call(app, '/db/me/_local/checkpoint', { method: 'PUT', cookie: alice.cookie, body: { history: 'x'.repeat(70 * 1024) } });
    expect(bigCheckpoint.status).toBe(413);
  });

  it('keeps replication checkpoints', async () => {
    const put = await call(app, '/db/me/_local/abc123', { method: 'PUT', cookie: alice.cookie, body: { last_seq: 5 } });
    expect(put.status).toBe(201);
    expect(await (await call(app, '/db/me/_local/abc123', { cookie: alice.cookie })).json()).toMatchObject({ last_seq: 5 });
  });
});

describe('PouchDB syncing two-way through /db/me', () => {
  const devices = serveForDevices(() => app, 'me-client');

  type Doc = { _id: string; _rev?: string; [k: string]: unknown };
  interface Db {
    put(doc: Doc): Promise<{ rev: string }>;
    get(id: string): Promise<Doc>;
    remove(doc: Doc): Promise<unknown>;
    allDocs(): Promise<{ rows: Array<{ id: string }> }>;
  }
  interface SyncResult { push: { docs_written: number; doc_write_failures: number; errors: Array<{ name?: string; reason?: string }> }; pull: { docs_written: number } }
  interface PouchCtor {
    new (name: string, options?: object): Db;
    defaults(options: object): PouchCtor;
    fetch(url: string, opts: { headers: Headers }): Promise<Response>;
    sync(a: Db, b: Db): Promise<SyncResult> & { on(event: string, fn: (e: unknown) => void): unknown };
  }
  const Pouch = PouchDB as unknown as PouchCtor;

  /** A remote PouchDB that talks to /db/me as the browser would: with the session cookie and our Origin. */
  function remoteFor(cookie: string): Db {
    return new Pouch(`${devices.base}/db/me`, {
      fetch: (url: string, opts: { headers: Headers }) => {
        opts.headers.set('Cookie', cookie);
        opts.headers.set('Origin', devices.base);
        return Pouch.fetch(url, opts);
      },
    });
  }

  it('pushes and pulls favourites between two devices, refusing what the policy forbids', async () => {
    const { user, email, password, cookie } = await register(app);
    const stranger = await register(app);
    const Local = Pouch.defaults({ prefix: devices.prefix });
    const phone = new Local('phone');
    const laptop = new Local('laptop');

    await phone.put(newFavorite(SANCTUARY_A, user.id));
    await phone.put(newFavorite(SEEDED[35]!, stranger.user.id));
    const denied: unknown[] = [];
    const firstSync = Pouch.sync(phone, remoteFor(cookie));
    firstSync.on('denied', (e) => denied.push(e));
    const pushed = await firstSync;
    expect(pushed.push.docs_written).toBe(1);
    expect(pushed.push.doc_write_failures).toBe(1);
    expect(pushed.push.errors[0]).toMatchObject({ name: 'forbidden', reason: 'This document belongs to another account.' });
    expect(denied).toHaveLength(1);
    expect((await listFavoriteDocs(fx.couch, user.id)).map((f) => f.sanctuaryId)).toEqual([SANCTUARY_A]);

    // The second device signs in separately and gets the favourite, then adds one of its own.
    const laptopCookie = cookieOf(await login(app, email, password));
    await Pouch.sync(laptop, remoteFor(laptopCookie));
    expect((await laptop.get(`favorite:${SANCTUARY_A}`)).ownerId).toBe(user.id);
    await laptop.put(newFavorite(SANCTUARY_B, user.id));
    await Pouch.sync(laptop, remoteFor(laptopCookie));

    // Back on the phone: the new favourite arrives, and removing one syncs as a deletion.
    await Pouch.sync(phone, remoteFor(cookie));
    const fromLaptop = await phone.get(`favorite:${SANCTUARY_B}`);
    await phone.remove(fromLaptop);
    await Pouch.sync(phone, remoteFor(cookie));
    await waitFor(async () => (await listFavoriteDocs(fx.couch, user.id)).length === 1);
    const api = await call(app, `/api/favorites/${user.id}`, { cookie });
    expect(((await api.json()) as Array<{ id: string }>).map((s) => s.id)).toEqual([SANCTUARY_A]);

    // Signed out, the device can no longer sync.
    await call(app, '/api/auth/logout', { method: 'POST', cookie });
    await expect(Pouch.sync(phone, remoteFor(cookie))).rejects.toMatchObject({ status: 401 });
  });
});
