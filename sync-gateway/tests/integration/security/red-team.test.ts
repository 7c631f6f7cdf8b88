// Regression tests for the red-team findings of issue 19, each as the attacker ran it (the generated variants are
// in hostile-replication.test.ts and api-fuzz.test.ts). Against a real store: the embedded one by default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { newUserCommandSweepState, sweepUserCommands } from '@ss/couchdb/user-command-sweep';
import { CHECKPOINT_INDEX_ID } from '@ss/couchdb/user-db';
import { newFavorite } from '@ss/domain/favorite';
import { newReviewCommand, randomHex } from '@ss/domain/review-command';
import { newSubmissionCommand, type SubmissionCommandDoc } from '@ss/domain/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.ts';
import { APPLICATION, ORIGIN, SANCTUARY_A, SANCTUARY_B, nextAddress, startGateway, type Account, type Gateway } from '../harness.ts';

let g: Gateway;
let restartsBefore = 0;
beforeAll(async () => {
  g = await startGateway();
  restartsBefore = g.fx.store.restarts();
}, 60_000);
afterAll(async () => {
  // None of the attacks below may have taken the store down, even for a moment.
  expect(g.fx.store.restarts() - restartsBefore, 'store restarts during the red-team regressions').toBe(0);
  await g?.stop();
});

const hex32 = (c: string) => c.repeat(32);
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const userDb = (account: Account) => g.fx.couch.nano.db.use<Record<string, unknown>>(userDbName(account.id));

/** The store is up and serving, and has not restarted since the suite began. */
async function storeStillUp() {
  await new Promise((r) => setTimeout(r, 300));
  expect(g.fx.store.restarts() - restartsBefore).toBe(0);
  expect((await g.call('/api/sanctuaries')).status).toBe(200);
}

describe('1. _local writes cannot write anything but that checkpoint, and the store runs no client code', () => {
  it('refuses the design document the attacker sent through PUT /db/me/_local/<x>, and every other _ field', async () => {
    const attacker = await g.register('pwn');
    const cookie = await g.session(attacker.id);
    // Where the attacker's function would write, were it ever run.
    const pwned = path.join(os.tmpdir(), `ss-red-team-pwned-${randomHex()}`);
    const payloads: Array<Record<string, unknown>> = [
      { _id: '_design/pwn', validate_doc_update: `function(){ module.require('fs').writeFileSync(${JSON.stringify(pwned)}, 'x') }` },
      { _id: `favorite:${SANCTUARY_A}`, type: 'favorite', ownerId: attacker.id },
      { _id: 'review-command:' + randomHex(), status: 'published' },
      { _deleted: true },
      { _attachments: { 'x.js': { content_type: 'text/javascript', data: 'eA==' } } },
      { _revisions: { start: 1, ids: [hex32('a')] } },
      { _rev: `1-${hex32('a')}` },
      { _conflicts: [] },
    ];
    for (const body of payloads) {
      const res = await g.call('/db/me/_local/x', { method: 'PUT', cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const ids = (await userDb(attacker).list()).rows.map((r) => r.id);
    expect(ids).toEqual([]);
    expect(fs.existsSync(pwned)).toBe(false);
    // A checkpoint is still a checkpoint: written at its URL, read back as itself.
    expect((await g.call('/db/me/_local/x', { method: 'PUT', cookie, body: { _id: '_local/x', last_seq: 4, history: [{ last_seq: 4 }] } })).status).toBe(201);
    expect(await json(await g.call('/db/me/_local/x', { cookie }))).toMatchObject({ _id: '_local/x', last_seq: 4 });
    await storeStillUp();
  });

  it('the store itself writes no design document but its own, and runs no other code', async () => {
    const victim = await g.register('ddoc');
    const insert = (doc: object) => userDb(victim).insert(doc as never).then(() => 'stored', (err: { statusCode?: number }) => err.statusCode);
    if (g.fx.embedded) {
      expect(await insert({ _id: '_design/pwn', validate_doc_update: 'function(){ throw({forbidden: "owned"}) }' })).toBe(403);
      expect(await g.fx.couch.call(() => g.fx.couch.nano.db.use(DB.sanctuaries).bulk({ docs: [{ _id: '_design/x', views: { v: { map: 'function(d){emit(1)}' } } }] } as never)).catch((e: { statusCode?: number }) => e.statusCode)).toBe(403);
    }
    // Whatever the store: writes to the user's database still work, so nothing foreign is validating them.
    expect(await insert(newFavorite(SANCTUARY_B, victim.id))).toBe('stored');
  });

  it('keeps at most 32 checkpoints per user: the oldest go (item 13)', async () => {
    const user = await g.register('checkpoints');
    const cookie = await g.session(user.id);
    for (let i = 0; i < 40; i++) expect((await g.call(`/db/me/_local/cp-${i}`, { method: 'PUT', cookie, body: { last_seq: i } })).status).toBe(201);
    expect((await g.call('/db/me/_local/cp-0', { cookie })).status).toBe(404);
    expect((await g.call('/db/me/_local/cp-7', { cookie })).status).toBe(404);
    expect((await g.call('/db/me/_local/cp-8', { cookie })).status).toBe(200);
    expect((await g.call('/db/me/_local/cp-39', { cookie })).status).toBe(200);
    // The same in the store, once the gateway has written what it keeps there.
    await g.app.checkpoints.flush();
    const stored = async (name: string) => (await g.fx.couch.forward(userDbName(user.id), `/_local/${name}`, { method: 'GET' })).status;
    expect([await stored('cp-0'), await stored('cp-7'), await stored('cp-8'), await stored('cp-39')]).toEqual([404, 404, 200, 200]);
    const index = (await userDb(user).get(CHECKPOINT_INDEX_ID)) as unknown as { names: string[] };
    expect(index.names).toHaveLength(32);
    // The index is the gateway's own: no device may write it.
    expect((await g.call(`/db/me/${CHECKPOINT_INDEX_ID}`, { method: 'PUT', cookie, body: { names: [] } })).status).toBe(400);
  });
});

describe('2. latest=true on an unknown revision answers, and the store stays up', () => {
  it('on every proxy, by document GET, open_revs and _bulk_get', async () => {
    const user = await g.register('latest');
    const cookie = await g.session(user.id);
    await g.call(`/db/me/${encodeURIComponent(`favorite:${SANCTUARY_A}`)}`, { method: 'PUT', cookie, body: newFavorite(SANCTUARY_A, user.id) });
    const admin = await g.admin();
    const adminCookie = await g.session(admin.id);
    const { reviewId } = await g.review(user.id);
    const proxies: Array<[string, string, string | undefined]> = [
      ['/db/sanctuaries', SANCTUARY_A, undefined],
      ['/db/reviews', reviewId, undefined],
      ['/db/me', `favorite:${SANCTUARY_A}`, cookie],
      ['/db/submissions', `hidden-review:${reviewId}`, adminCookie],
    ];
    for (const [prefix, id, asWho] of proxies) {
      const doc = `${prefix}/${encodeURIComponent(id)}`;
      for (const query of ['?rev=1-x&latest=true', `?rev=1-${hex32('e')}&latest=true`, `?open_revs=${encodeURIComponent('["1-x"]')}&latest=true`, `?open_revs=${encodeURIComponent(`["9-${hex32('f')}"]`)}&latest=true&revs=true`]) {
        const res = await g.call(`${doc}${query}`, { cookie: asWho });
        expect(res.status, `${doc}${query}`).toBeLessThan(500);
      }
      const bulk = await g.call(`${prefix}/_bulk_get?latest=true&revs=true`, { method: 'POST', cookie: asWho, body: { docs: [{ id, rev: `3-${hex32('c')}` }, { id: 'no-such-doc', rev: '1-x' }] } });
      expect(bulk.status, `${prefix}/_bulk_get`).toBeLessThan(500);
    }
    await storeStillUp();
  });
});

describe('3. a poisoned revision history is refused, whatever the document type', () => {
  it('refuses empty and inconsistent histories; reads of the database, the favourites API and the sweep carry on', async () => {
    const user = await g.register('poison');
    const cookie = await g.session(user.id);
    const fav = newFavorite(SANCTUARY_A, user.id);
    const cmd = newReviewCommand({ ownerId: user.id, sanctuaryId: SANCTUARY_B, rating: 5, title: '', comment: 'x', visitDate: '' });
    const sub = newSubmissionCommand(user.id, APPLICATION);
    const histories = [
      { _rev: `1-${hex32('a')}`, _revisions: { start: 1, ids: [] } },
      { _rev: `2-${hex32('a')}`, _revisions: { start: 2, ids: [hex32('b')] } },
      { _rev: `1-${hex32('a')}`, _revisions: { start: 3, ids: [hex32('a')] } },
      { _rev: `1-${hex32('a')}`, _revisions: { start: 1, ids: [hex32('a'), hex32('b')] } },
      { _rev: `1-${hex32('a')}`, _revisions: { start: 1, ids: ['a'] } },
      { _rev: `1-${hex32('a')}` },
      { _rev: '1-a', _revisions: { start: 1, ids: ['a'] } },
    ];
    for (const doc of [fav, cmd, sub]) {
      for (const h of histories) {
        const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [{ ...doc, ...h }], new_edits: false } });
        expect(res.status).toBe(201);
        expect(await res.json(), JSON.stringify(h)).toEqual([expect.objectContaining({ error: 'forbidden' })]);
        const put = await g.call(`/db/me/${encodeURIComponent(doc._id)}?new_edits=false`, { method: 'PUT', cookie, body: { ...doc, ...h } });
        expect(put.status, JSON.stringify(h)).toBe(403);
      }
    }
    expect((await g.call('/db/me/_changes?style=all_docs&since=0', { cookie })).status).toBe(200);
    expect((await g.call('/db/me/_all_docs?include_docs=true', { cookie })).status).toBe(200);
    expect((await g.call(`/api/favorites/${user.id}`, { cookie })).status).toBe(200);
    await expect(sweepUserCommands(g.fx.couch, newUserCommandSweepState(), { gazetteer: () => null, olderThanMs: 0, log: () => {} })).resolves.toBeDefined();
    if (g.fx.embedded) {
      // The store itself refuses such a history from anyone (the gateway's check is the first line, not the only).
      const direct = await userDb(user).bulk({ docs: [{ ...fav, ...histories[0] }], new_edits: false } as never).catch((e: { statusCode?: number }) => e.statusCode);
      expect(direct).toBe(400);
    }
    await storeStillUp();
  });
});

describe('4. one push cannot flood a user database or the store', () => {
  it('refuses 100,000 favourites in one 20 MB push at once, writing nothing', async () => {
    const user = await g.register('flood');
    const cookie = await g.session(user.id);
    const docs = Array.from({ length: 100_000 }, (_, i) => newFavorite(`flood-${i}`, user.id));
    const body = JSON.stringify({ docs });
    expect(body.length).toBeGreaterThan(15 * 1024 * 1024);
    const started = Date.now();
    const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ reason: 'At most 100 documents can be sent in one request.' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await userDb(user).list()).rows.filter((r) => !r.id.startsWith('_design/'))).toEqual([]);
    expect((await g.call('/api/sanctuaries')).status).toBe(200);
  });

  it('refuses favourites of listings that do not exist', async () => {
    const user = await g.register('ghostfav');
    const cookie = await g.session(user.id);
    const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [newFavorite('no-such-listing', user.id), newFavorite(SANCTUARY_A, user.id)] } });
    expect(await res.json()).toEqual([
      { id: 'favorite:no-such-listing', error: 'forbidden', reason: 'There is no sanctuary "no-such-listing".' },
      expect.objectContaining({ id: `favorite:${SANCTUARY_A}`, ok: true }),
    ]);
  });

  it('counts documents, not requests, against the per-user budget', async () => {
    // A gateway with the default document budget (600 per user a minute), requests unlimited.
    const app = createApp({ couch: g.fx.couch, security: { trustedProxies: 1, writeLimits: { sync: { perUser: Infinity, perAddress: Infinity } } } });
    const user = await g.register('budget');
    const cookie = await g.session(user.id);
    const listings = (await g.fx.couch.sanctuaries.list()).map((s) => s._id);
    const push = (docs: unknown[]) =>
      app.request('/db/me/_bulk_docs', { method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ docs }) });
    // Deletions of favourites never stored are documents too: 6 requests of 100 spend the budget.
    for (let i = 0; i < 6; i++) {
      const stubs = Array.from({ length: 100 }, (_, k) => ({ _id: `favorite:${listings[k % listings.length]}-${i}-${k}`, _deleted: true }));
      expect((await push(stubs)).status).toBe(201);
    }
    const refused = await push([newFavorite(SANCTUARY_A, user.id)]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ error: 'too_many_requests' });
  });
});

describe('5. an approval never lands on someone else\'s listing', () => {
  it('gives a colliding application its own listing id and owner', async () => {
    const admin = await g.admin();
    const adminCookie = await g.session(admin.id);
    const victim = await g.register('listingowner');
    const name = `Takeover Test ${randomHex().slice(0, 6)}`;
    const victimHex = await g.apply(victim, { name });
    expect((await g.call(`/api/admin/submissions/${victimHex}/approve`, { method: 'POST', cookie: adminCookie })).status).toBe(200);
    const victimListing = ((await g.fx.couch.nano.db.use(DB.users).get(`user:${victim.id}`)) as unknown as { ownedSanctuaryIds: string[] }).ownedSanctuaryIds[0]!;
    const before = await g.fx.couch.nano.db.use(DB.sanctuaries).get(victimListing);

    // The attacker picks a command id whose first 8 hex digits are the victim's, and the same name and place.
    const attacker = await g.register('takeover');
    const cmd = newSubmissionCommand(attacker.id, { ...APPLICATION, name }, new Date(), victimHex.slice(0, 8) + randomHex().slice(8));
    expect((await g.call(`/db/me/${encodeURIComponent(cmd._id)}`, { method: 'PUT', cookie: await g.session(attacker.id), body: cmd })).status).toBe(201);
    const filed = (await userDb(attacker).get(cmd._id)) as unknown as SubmissionCommandDoc;
    const hex = filed.submissionId!.slice('submission:'.length);
    const approve = await g.call(`/api/admin/submissions/${hex}/approve`, { method: 'POST', cookie: adminCookie });
    expect(approve.status).toBe(200);

    const owned = ((await g.fx.couch.nano.db.use(DB.users).get(`user:${attacker.id}`)) as unknown as { ownedSanctuaryIds: string[] }).ownedSanctuaryIds;
    expect(owned).not.toContain(victimListing);
    expect(owned[0]).toBe(`${victimListing}-2`);
    expect(await g.fx.couch.nano.db.use(DB.sanctuaries).get(victimListing)).toEqual(before);
    expect(await g.fx.couch.nano.db.use(DB.sanctuaries).get(owned[0]!)).toMatchObject({ name, submissionId: `submission:${hex}` });
  });
});

describe('8. live feeds end with their session', () => {
  /** Opens a continuous feed and resolves how long after `end()` the stream finished (or rejects after 5 s). */
  async function feedEndsAfter(cookie: string, prefix: string, end: () => Promise<unknown>): Promise<number> {
    const res = await g.call(`${prefix}/_changes?feed=continuous&heartbeat=500&since=now`, { cookie });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // the first heartbeat: the feed is live
    // Timed from the moment the session has ended (a password change itself takes a while: two scrypt hashes).
    await end();
    const endedAt = Date.now();
    const deadline = setTimeout(() => void reader.cancel(), 5000);
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) break;
    }
    clearTimeout(deadline);
    return Date.now() - endedAt;
  }

  it('a continuous /db/me feed closes within a second of signing out, or of a password change on another device', async () => {
    const user = await g.register('feeds');
    const cookie = await g.session(user.id);
    const signedOut = await feedEndsAfter(cookie, '/db/me', () => g.call('/api/auth/logout', { method: 'POST', cookie }));
    expect(signedOut).toBeLessThan(1000);
    expect((await g.call('/db/me/_changes', { cookie })).status).toBe(401);

    const phone = await g.session(user.id);
    const laptop = await g.session(user.id);
    const changed = await feedEndsAfter(phone, '/db/me', () =>
      g.call('/api/user/password', { method: 'PATCH', cookie: laptop, body: { currentPassword: 'secret-pass-1', newPassword: 'another-pass-2', confirmPassword: 'another-pass-2' } }),
    );
    expect(changed).toBeLessThan(1000);
    console.log(`red team: a live feed ended ${signedOut} ms after sign-out, ${changed} ms after a password change elsewhere`);
  });

  it("an admin's live /db/submissions feed closes when the admin signs out", async () => {
    const admin = await g.admin();
    const cookie = await g.session(admin.id);
    expect(await feedEndsAfter(cookie, '/db/submissions', () => g.call('/api/auth/logout', { method: 'POST', cookie }))).toBeLessThan(1000);
  });
});

describe('9. a published command cannot be rewritten with a forged history', () => {
  it('refuses a well-formed history that extends a filed application', async () => {
    const user = await g.register('forger');
    const cookie = await g.session(user.id);
    await g.apply(user);
    const [stored] = (await userDb(user).list({ include_docs: true })).rows.filter((r) => r.id.startsWith('submission-command:')).map((r) => r.doc as unknown as SubmissionCommandDoc & { _rev: string });
    const forged = randomHex();
    const revs = (await userDb(user).get(stored!._id, { revs: true })) as { _revisions: { start: number; ids: string[] } };
    // As the device first sent it (no server-written fields), with a new name and a history extending the stored one.
    const { submissionId: _s, receivedAt: _r, processedAt: _p, ...asSent } = stored! as SubmissionCommandDoc & { receivedAt?: string; processedAt?: string };
    const rewrite = {
      ...asSent,
      submission: { ...stored!.submission, name: 'Rewritten' },
      status: 'pending',
      _rev: `${revs._revisions.start + 1}-${forged}`,
      _revisions: { start: revs._revisions.start + 1, ids: [forged, ...revs._revisions.ids] },
    };
    const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [rewrite], new_edits: false } });
    expect(await res.json()).toEqual([expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('cannot be changed') })]);
    expect(((await userDb(user).get(stored!._id)) as unknown as SubmissionCommandDoc).submission.name).toBe(APPLICATION.name);
  });
});

describe('issue 15: the gateway caches never answer one user with another user\'s data', () => {
  it('two accounts holding the same document id at the same revision each read back their own body, never cached', async () => {
    // The same favourite id and revision in two user databases, bodies differing by owner: a cache keyed by id
    // and revision alone (as the public _bulk_get cache is) would hand the second reader the first one's body.
    const [alice, bob] = [await g.register('alice'), await g.register('bob')];
    const hex = randomHex();
    const push = async (who: Account) => {
      const cookie = await g.session(who.id);
      const doc = { ...newFavorite(SANCTUARY_A, who.id), _rev: `1-${hex}`, _revisions: { start: 1, ids: [hex] } };
      const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [doc], new_edits: false } });
      expect(res.status, await res.clone().text()).toBe(201);
      return { cookie, id: doc._id, rev: doc._rev };
    };
    const a = await push(alice);
    const b = await push(bob);
    expect(b.id).toBe(a.id);
    for (let round = 0; round < 2; round++) {
      for (const [who, mine] of [[alice, a], [bob, b]] as const) {
        const bulk = await g.call('/db/me/_bulk_get?revs=true', { method: 'POST', cookie: mine.cookie, body: { docs: [{ id: mine.id, rev: mine.rev }] } });
        expect(bulk.headers.get('cache-control')).toBe('no-store');
        const body = (await bulk.json()) as { results: Array<{ docs: Array<{ ok?: { ownerId?: string } }> }> };
        expect(body.results[0]!.docs[0]!.ok?.ownerId).toBe(who.id);
        const one = await g.call(`/db/me/${encodeURIComponent(mine.id)}?rev=${mine.rev}`, { cookie: mine.cookie });
        expect(one.headers.get('cache-control')).toBe('no-store');
        expect(((await one.json()) as { ownerId?: string }).ownerId).toBe(who.id);
      }
    }
    // And the private feeds say so to any cache on the way: nothing under /db/me or /api/auth is stored.
    for (const path of ['/db/me/', '/db/me/_changes?style=all_docs', '/db/me/_all_docs', '/api/auth/user']) {
      expect((await g.call(path, { cookie: a.cookie })).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
