// The session and account caches (account-cache.ts) of a gateway that follows the store's sessions and users feeds
// (change-watch.ts), beside a second gateway on the same store: a session and an account read once are not read
// again while the feeds are current, and a sign-out, a password change or a role change made through the other
// gateway, or straight in the store, takes effect here within a second. A gateway that does not follow the feeds
// trusts what it read for a second only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { userDocId } from '@ss/domain/user';
import { createApp } from '../../src/app.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { waitFor } from '../../../couchdb/tests/integration/store-fixture.ts';
import { PASSWORD, nextAddress, request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const reads = async (kind: string) => (await counter.snapshot()).byKind.get(kind) ?? 0;
const whoAmI = (app: App, cookie: string) => request(app, '/api/auth/user', { cookie, headers: { 'x-forwarded-for': nextAddress() } });

/** How long after `act` the gateway `app` first refuses `cookie` (polling every 25 ms, at most 5 s). */
async function refusedAfter(app: App, cookie: string, act: () => Promise<unknown>): Promise<number> {
  await act();
  const acted = Date.now();
  while (Date.now() - acted < 5000) {
    if ((await whoAmI(app, cookie)).status === 401) return Date.now() - acted;
    await sleep(25);
  }
  return Infinity;
}

beforeAll(async () => {
  g = await startGateway();
  counter = await startStoreCounter(g.fx.store.config);
  b = createApp({ couch: createCouchClient(counter.config), security: { trustedProxies: 1 } });
  b.warm();
  // Both feeds are open through the counter once their first requests have been counted.
  await waitFor(async () => (await reads('GET sessions/_changes')) > 0 && (await reads('GET users/_changes')) > 0);
  await sleep(300);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await counter?.stop();
  await g?.stop();
});

describe('the session and account caches of a gateway that follows the feeds', () => {
  it('read a session and an account once, not again seconds later', async () => {
    const { id } = await g.register('cached');
    const cookie = await g.session(id);
    // The feeds bring the new session and account a moment after they were made, and any change is forgotten:
    // read them once that has happened, then wait longer than the one second an unwatched entry lives.
    await sleep(500);
    expect((await whoAmI(b, cookie)).status).toBe(200);
    await sleep(1500);
    const [sessionsBefore, usersBefore] = [await reads('GET sessions/<doc>'), await reads('GET users/<doc>')];
    for (let i = 0; i < 5; i++) expect((await whoAmI(b, cookie)).status).toBe(200);
    expect(await reads('GET sessions/<doc>')).toBe(sessionsBefore);
    expect(await reads('GET users/<doc>')).toBe(usersBefore);
  });

  it('refuse a session signed out through the other gateway within a second', async () => {
    const { id } = await g.register('signout');
    const cookie = await g.session(id);
    expect((await whoAmI(b, cookie)).status).toBe(200);
    const ms = await refusedAfter(b, cookie, () => g.call('/api/auth/logout', { method: 'POST', cookie }));
    console.log(`account cache: refused ${ms} ms after`);
    expect(ms).toBeLessThan(1000);
  });

  it('refuse a session ended by a password change on another device within a second', async () => {
    const { id } = await g.register('password');
    const [phone, laptop] = [await g.session(id), await g.session(id)];
    expect((await whoAmI(b, phone)).status).toBe(200);
    const ms = await refusedAfter(b, phone, () =>
      g.call('/api/user/password', { method: 'PATCH', cookie: laptop, body: { currentPassword: PASSWORD, newPassword: 'another-pass-2', confirmPassword: 'another-pass-2' } }),
    );
    console.log(`account cache: refused ${ms} ms after`);
    expect(ms).toBeLessThan(1000);
    expect((await whoAmI(b, laptop)).status).toBe(200);
  });

  it('see a role changed straight in the store within a second', async () => {
    const { id } = await g.register('promoted');
    const cookie = await g.session(id);
    expect(((await (await whoAmI(b, cookie)).json()) as { role: string }).role).toBe('user');
    const users = g.fx.couch.nano.db.use<{ role: string }>(DB.users);
    const doc = await users.get(userDocId(id));
    await users.insert({ ...doc, role: 'sanctuary_owner' });
    const changed = Date.now();
    await waitFor(async () => ((await (await whoAmI(b, cookie)).json()) as { role: string }).role === 'sanctuary_owner');
    expect(Date.now() - changed).toBeLessThan(1000);
  });
});

describe('a gateway that does not follow the feeds', () => {
  it('trusts a session it read for a second only', async () => {
    const unwatched = createApp({ couch: createCouchClient(counter.config), security: { trustedProxies: 1 } });
    const { id } = await g.register('unwatched');
    const cookie = await g.session(id);
    const before = await reads('GET sessions/<doc>');
    expect((await whoAmI(unwatched, cookie)).status).toBe(200);
    expect((await whoAmI(unwatched, cookie)).status).toBe(200);
    expect(await reads('GET sessions/<doc>')).toBe(before + 1);
    await sleep(1100);
    expect((await whoAmI(unwatched, cookie)).status).toBe(200);
    expect(await reads('GET sessions/<doc>')).toBe(before + 2);
  });
});
