// What a push to /db/me reads from the store (issue 16): the database's info once for a device's two replications,
// no read for a favourite of a listing the gateway's copy of the directory holds (the store is still asked about
// any other), and a room check that counts what was written since the info was read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { newFavorite } from '@ss/domain/favorite';
import { createApp } from '../../src/app.ts';
import { MAX_USER_DB_DOCS } from '../../src/limits.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { SANCTUARY_A, SANCTUARY_B, request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

const counted = async (kind: string) => (await counter.snapshot()).byKind.get(kind) ?? 0;

beforeAll(async () => {
  g = await startGateway();
  counter = await startStoreCounter(g.fx.store.config);
  b = createApp({ couch: createCouchClient(counter.config), security: { trustedProxies: 1, writeLimits: { sync: { perUser: Infinity, perAddress: Infinity }, syncDocs: { perUser: Infinity, perAddress: Infinity } } } });
  // The gateway follows the public databases, as a running one does; its copy is in once the snapshot answers.
  b.warm();
  for (let tries = 0; (await request(b, '/db/sanctuaries/_snapshot')).status !== 200; tries++) {
    if (tries > 100) throw new Error('The gateway never made its snapshot');
    await new Promise((r) => setTimeout(r, 200));
  }
}, 60_000);
afterAll(async () => {
  await b?.close();
  await counter?.stop();
  await g?.stop();
});

async function signedIn(name: string) {
  const { id } = await g.register(name);
  const cookie = await g.session(id);
  const push = async (docs: object[]) => (await (await request(b, '/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs } })).json()) as Array<{ id: string; ok?: boolean; error?: string; reason?: string }>;
  return { id, cookie, push };
}

describe('a push to /db/me', () => {
  it("answers a device's two replications' first question from one read of the database's info", async () => {
    const user = await signedIn('info');
    const before = await counted('GET userdb-*');
    const [pull, push] = await Promise.all([request(b, '/db/me/', { cookie: user.cookie }), request(b, '/db/me/', { cookie: user.cookie })]);
    expect([pull.status, push.status]).toEqual([200, 200]);
    expect(await pull.json()).toMatchObject({ db_name: userDbName(user.id) });
    expect(await counted('GET userdb-*')).toBe(before + 1);
  });

  it("checks a favourite's listing against the gateway's copy of the directory, and the store for any it does not hold", async () => {
    const user = await signedIn('known');
    const reads = () => counted('POST sanctuaries/_all_docs');
    let before = await reads();
    expect(await user.push([newFavorite(SANCTUARY_A, user.id), newFavorite(SANCTUARY_B, user.id)])).toEqual([
      expect.objectContaining({ id: `favorite:${SANCTUARY_A}`, ok: true }),
      expect.objectContaining({ id: `favorite:${SANCTUARY_B}`, ok: true }),
    ]);
    expect(await reads()).toBe(before);

    // A listing written to the store this instant may not be in the copy yet: the store is asked, and says yes.
    const fresh = `fresh-listing-${Date.now()}`;
    const listing = await g.fx.couch.use(DB.sanctuaries).get(SANCTUARY_A);
    await g.fx.couch.use(DB.sanctuaries).insert({ ...listing, _id: fresh, _rev: undefined } as never);
    before = await reads();
    const [written, missing] = await user.push([newFavorite(fresh, user.id), newFavorite('no-such-listing', user.id)]);
    expect(written).toMatchObject({ id: `favorite:${fresh}`, ok: true });
    expect(missing).toEqual({ id: 'favorite:no-such-listing', error: 'forbidden', reason: 'There is no sanctuary "no-such-listing".' });
    expect(await reads()).toBe(before + 1);
  });

  it('refuses documents past the room of the account, counting those written since the room was read', async () => {
    const user = await signedIn('room');
    const db = g.fx.couch.nano.db.use(userDbName(user.id));
    // Fill the database to one document short of the limit, straight in the store.
    const info = await g.fx.couch.nano.db.get(userDbName(user.id));
    const filler = MAX_USER_DB_DOCS - 1 - (info.doc_count + (info.doc_del_count ?? 0));
    for (let i = 0; i < filler; i += 5000) {
      const docs = Array.from({ length: Math.min(5000, filler - i) }, (_, k) => newFavorite(`filler-${i + k}`, user.id));
      expect((await db.bulk({ docs })).filter((r) => r.error)).toEqual([]);
    }
    const room = 'Your account has no room for more saved data. Remove some favourites and try again.';
    // Two do not fit; one does; then nothing more (the count read before that write is still trusted).
    expect(await user.push([newFavorite(SANCTUARY_A, user.id), newFavorite(SANCTUARY_B, user.id)])).toEqual([
      { id: `favorite:${SANCTUARY_A}`, error: 'forbidden', reason: room },
      { id: `favorite:${SANCTUARY_B}`, error: 'forbidden', reason: room },
    ]);
    const before = await counted('GET userdb-*');
    expect(await user.push([newFavorite(SANCTUARY_A, user.id)])).toEqual([expect.objectContaining({ id: `favorite:${SANCTUARY_A}`, ok: true })]);
    expect(await user.push([newFavorite(SANCTUARY_B, user.id)])).toEqual([{ id: `favorite:${SANCTUARY_B}`, error: 'forbidden', reason: room }]);
    expect(await counted('GET userdb-*')).toBe(before);
    // Removing one is always allowed.
    const stored = await db.get(`favorite:${SANCTUARY_A}`);
    expect(await user.push([{ ...stored, _deleted: true }])).toEqual([expect.objectContaining({ id: `favorite:${SANCTUARY_A}`, ok: true })]);
  }, 60_000);

  it("answers the other device's _revs_diff and _bulk_get of a favourite just replicated as the store would, without it", async () => {
    const user = await signedIn('two-devices');
    const rev = `1-${'a'.repeat(32)}`;
    const favourite = { ...newFavorite(SANCTUARY_A, user.id), _rev: rev, _revisions: { start: 1, ids: ['a'.repeat(32)] } };
    const pushed = await request(b, '/db/me/_bulk_docs', { method: 'POST', cookie: user.cookie, body: { docs: [favourite], new_edits: false } });
    expect(await pushed.json()).toEqual([]);
    const query = async (what: string, body: object) => {
      const res = await request(b, `/db/me/${what}`, { method: 'POST', cookie: user.cookie, body });
      return { status: res.status, body: (await res.json()) as object };
    };
    const store = async (what: string, body: object) =>
      (await (await g.fx.couch.forward(userDbName(user.id), `/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as object;
    const reads = async () => [await counted('POST userdb-*/_revs_diff'), await counted('POST userdb-*/_bulk_get')];
    const before = await reads();

    const diff = { [favourite._id]: [rev] };
    expect(await query('_revs_diff', diff)).toEqual({ status: 200, body: await store('_revs_diff', diff) });
    const get = { docs: [{ id: favourite._id, rev }] };
    expect(await query('_bulk_get?revs=true&latest=true', get)).toEqual({ status: 200, body: await store('_bulk_get?revs=true&latest=true', get) });
    expect(await reads()).toEqual(before);

    // A revision this gateway did not store, or another query, is the store's to answer.
    const unknown = { [favourite._id]: [rev, `2-${'b'.repeat(32)}`] };
    const answered = await query('_revs_diff', unknown);
    expect(answered.body).toMatchObject({ [favourite._id]: { missing: [`2-${'b'.repeat(32)}`] } });
    expect(answered.body).toEqual(await store('_revs_diff', unknown));
    expect((await query('_bulk_get?revs=true', { docs: [{ id: favourite._id }] })).status).toBe(200);
    expect(await reads()).toEqual([before[0]! + 1, before[1]! + 1]);
  });
});
