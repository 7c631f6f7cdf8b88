// Accounts, sessions and users' own databases against a real embedded store: unique e-mails through claim
// documents, sign-in, session expiry, the user database (no design document: its reader checks the owner), and
// replicated writes into it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, PRIVATE_SECURITY, userDbName } from '../../src/definitions.ts';
import { createSessions, sessionDocId } from '../../src/sessions.ts';
import { setupCouch } from '../../src/setup.ts';
import { ensureUserDb, listFavoriteDocs } from '../../src/user-db.ts';
import { createUsers, EmailTakenError } from '../../src/users.ts';
import { newFavorite } from '@ss/domain/favorite';
import { emailClaimId, userIdOf } from '@ss/domain/user';
import { startStoreFixture, type StoreFixture } from './store-fixture.ts';

let fx: StoreFixture;
beforeAll(async () => {
  fx = await startStoreFixture({ seed: false });
});
afterAll(() => fx.stop());

const account = (email: string) => ({ email, password: 'secret1', firstName: 'Jo', lastName: 'Seeker' });

describe('users', () => {
  it('registers with a unique, case-insensitive e-mail claim and a private database', async () => {
    const users = createUsers(fx.couch);
    const user = await users.register(account('Claim@Example.com'));
    const id = userIdOf(user);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const claim = (await fx.couch.nano.request({ db: DB.users, path: encodeURIComponent(emailClaimId('claim@example.com')) })) as { userId: string };
    expect(claim.userId).toBe(id);
    expect(await fx.couch.nano.request({ db: userDbName(id), path: '_security' })).toEqual(PRIVATE_SECURITY);
    // One shard on CouchDB (definitions.ts USER_DB_SHARDS); the embedded store has no shards to report.
    const info = (await fx.couch.nano.request({ db: userDbName(id) })) as { cluster?: { q: number } };
    expect(info.cluster?.q).toBe(fx.embedded ? undefined : 1);
    await expect(users.register(account('CLAIM@example.com'))).rejects.toBeInstanceOf(EmailTakenError);
    expect((await users.findByEmail(' claim@EXAMPLE.com'))?._id).toBe(user._id);
  });

  it('handles addresses with characters that need encoding', async () => {
    const users = createUsers(fx.couch);
    const odd = "o'brien+tag/x%y#z?q_local@example.com";
    const user = await users.register(account(odd));
    expect((await users.authenticate(odd.toUpperCase(), 'secret1'))?._id).toBe(user._id);
  });

  it('authenticates only with the right password', async () => {
    const users = createUsers(fx.couch);
    const user = await users.register(account('auth@example.com'));
    expect((await users.authenticate('auth@example.com', 'secret1'))?._id).toBe(user._id);
    expect(await users.authenticate('auth@example.com', 'secret2')).toBeNull();
    expect(await users.authenticate('nobody@example.com', 'secret1')).toBeNull();
  });

  it('takes over an orphaned claim after the grace period, not before', async () => {
    const claims = fx.couch.nano.db.use(DB.users);
    const orphan = { _id: emailClaimId('orphan@example.com'), type: 'email-claim', schemaVersion: 1, userId: 'f'.repeat(32), createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString() };
    await claims.insert(orphan as never);
    const young = { ...orphan, _id: emailClaimId('young@example.com'), createdAt: new Date().toISOString() };
    await claims.insert(young as never);
    const users = createUsers(fx.couch);
    expect(await users.register(account('orphan@example.com'))).toMatchObject({ emailLower: 'orphan@example.com' });
    await expect(users.register(account('young@example.com'))).rejects.toBeInstanceOf(EmailTakenError);
  });

  it('moves the claim when the e-mail changes', async () => {
    const users = createUsers(fx.couch);
    const user = await users.register(account('before@example.com'));
    const other = await users.register(account('other@example.com'));
    await expect(users.updateProfile(userIdOf(user), { email: 'OTHER@example.com' })).rejects.toBeInstanceOf(EmailTakenError);
    const moved = await users.updateProfile(userIdOf(user), { email: 'After@Example.com', username: 'jo' });
    expect(moved).toMatchObject({ email: 'After@Example.com', emailLower: 'after@example.com', username: 'jo' });
    await expect(fx.couch.nano.request({ db: DB.users, path: encodeURIComponent(emailClaimId('before@example.com')) })).rejects.toMatchObject({ statusCode: 404 });
    expect((await users.findByEmail('after@example.com'))?._id).toBe(user._id);
    expect((await users.findByEmail('other@example.com'))?._id).toBe(other._id);
  });

  it('validate_doc_update keeps malformed accounts out even from the gateway', async () => {
    const db = fx.couch.nano.db.use(DB.users);
    await expect(db.insert({ _id: 'user:bad', type: 'user', role: 'superuser' } as never)).rejects.toMatchObject({ statusCode: 403 });
    await expect(db.insert({ _id: 'whatever', type: 'favorite' } as never)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('sessions', () => {
  it('finds live sessions by token, refuses and removes expired ones', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const sessions = createSessions(fx.couch, { ttlMs: 60_000, now: () => now });
    const { token, session } = await sessions.create('a'.repeat(32));
    expect(session._id).toBe(sessionDocId(token));
    expect(session._id).not.toContain(token);
    expect((await sessions.find(token))?.userId).toBe('a'.repeat(32));
    expect(await sessions.find('not-a-token')).toBeNull();
    now = new Date('2026-03-01T00:01:01Z');
    expect(await sessions.find(token)).toBeNull();
    await expect(fx.couch.nano.db.use(DB.sessions).get(session._id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('ends all of a user’s sessions but one, and sweeps expired ones', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const sessions = createSessions(fx.couch, { ttlMs: 60_000, now: () => now });
    const user = 'b'.repeat(32);
    const keep = await sessions.create(user);
    const other = await sessions.create(user);
    const someoneElse = await sessions.create('c'.repeat(32));
    expect(await sessions.endAllFor(user, keep.session._id)).toBe(1);
    expect(await sessions.find(keep.token)).not.toBeNull();
    expect(await sessions.find(other.token)).toBeNull();
    expect(await sessions.find(someoneElse.token)).not.toBeNull();
    now = new Date('2026-03-01T00:02:00Z');
    const fresh = await sessions.create(user);
    expect(await sessions.sweepExpiredFor(user)).toBe(1);
    expect(await sessions.find(fresh.token)).not.toBeNull();
  });
});

describe("a user's own database", () => {
  const owner = '0123456789abcdef0123456789abcdef';
  const db = () => fx.couch.nano.db.use<Record<string, unknown>>(userDbName(owner));

  beforeAll(async () => {
    await ensureUserDb(fx.couch, owner);
  });

  it('holds no design document, and its favourites are read back only when they are its owner\'s', async () => {
    // The gateway checks every document before it writes one here (sync-gateway/src/routes/me.ts); no validation runs
    // in the store (definitions.ts says why). Should something else get in, the favourites list does not take it.
    expect((await db().list({ startkey: '_design/', endkey: '_design0' })).rows).toEqual([]);
    await db().insert({ ...newFavorite('someone-elses', 'f'.repeat(32)) });
    await db().insert({ _id: 'favorite:not-a-favourite', type: 'user', ownerId: owner });
    await db().insert({ ...newFavorite('mine', owner) });
    expect((await listFavoriteDocs(fx.couch, owner)).map((f) => f.sanctuaryId)).toEqual(['mine']);
  });

  it('applies replicated updates and deletions (new_edits=false) of existing documents', async () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(32);
    const fav = { ...newFavorite('replicated', owner), _rev: `1-${a}`, _revisions: { start: 1, ids: [a] } };
    await fx.couch.call(() => db().bulk({ docs: [fav], new_edits: false } as never));
    expect((await listFavoriteDocs(fx.couch, owner)).map((f) => f.sanctuaryId)).toContain('replicated');
    const deletion = { _id: fav._id, _rev: `2-${b}`, _deleted: true, _revisions: { start: 2, ids: [b, a] } };
    await fx.couch.call(() => db().bulk({ docs: [deletion], new_edits: false } as never));
    expect((await listFavoriteDocs(fx.couch, owner)).map((f) => f.sanctuaryId)).not.toContain('replicated');
    const revs = (await db().get(fav._id, { open_revs: 'all' } as never)) as unknown as Array<{ ok: { _rev: string; _deleted?: boolean } }>;
    expect(revs).toEqual([{ ok: { _id: fav._id, _rev: `2-${b}`, _deleted: true } }]);
  });

  it('setup removes the design document user databases were made with before, once, then leaves them alone', async () => {
    // What a user database held until issue 16: a validate_doc_update with its owner in it.
    const former = {
      _id: '_design/userdb',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) { if (newDoc._deleted) return; if (newDoc.ownerId !== ${JSON.stringify(owner)}) { throw({ forbidden: 'x' }); } }`,
    };
    const stored = await db().insert(former).then(() => 'stored', (err: { statusCode?: number }) => err.statusCode);
    // The embedded store writes no design document but its own (store-process.ts): there it can only be in a store
    // written before this change, which the same removal below puts right.
    expect(stored).toBe(fx.embedded ? 403 : 'stored');
    // The marker says they are current: an ordinary start does not visit them.
    expect((await setupCouch(fx.couch)).changes).toEqual([]);
    const users = fx.couch.nano.db.use<{ _rev: string }>(DB.users);
    const marker = await users.get('_local/userdb-design');
    await users.insert({ ...marker, version: 'old' } as never);
    const removed = `removed foreign design document ${userDbName(owner)}/_design/userdb`;
    expect((await setupCouch(fx.couch)).changes.filter((line) => line.startsWith('removed'))).toEqual(fx.embedded ? [] : [removed]);
    expect((await db().list({ startkey: '_design/', endkey: '_design0' })).rows).toEqual([]);
    expect((await setupCouch(fx.couch)).changes).toEqual([]);
    // A write its owner's device would make goes through.
    await expect(db().insert({ ...newFavorite('after-setup', owner) })).resolves.toMatchObject({ ok: true });
  });
});
