// Reviews against a real embedded store: review commands pushed through /db/me (checks, refusals, idempotent
// apply, the outcome written back, PouchDB syncing with photos), the multipart POST, /media, helpful votes,
// reports and admin hiding.
import PouchDB from 'pouchdb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { publishedReviewIdsOf } from '@ss/couchdb/review-commands';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { statsDocId, type Review, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { newReviewCommand, randomHex, type ReviewCommandDoc } from '@ss/domain/review-command';
import { serveForDevices } from './device-server.ts';
import { PNG, SANCTUARY_A, SANCTUARY_B, gatewayForSuite, type CallOptions } from './harness.ts';
import { waitFor } from '../../../couchdb/tests/integration/store-fixture.ts';

const SANCTUARY = SANCTUARY_A;
const OTHER_SANCTUARY = SANCTUARY_B;
/** One published review per user and listing (issue 19): commands go to a fresh listing unless a test says which. */
const FRESH = readDefaultSeed().map((d) => d._id).filter((id) => id !== SANCTUARY && id !== OTHER_SANCTUARY);
let freshIndex = 0;
const freshSanctuary = () => FRESH[freshIndex++ % FRESH.length]!;

const JPEG = Buffer.from('/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAJZ7/2Q==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

// The store, the gateway in-process and its accounts come from the one integration harness.
const g = gatewayForSuite();

const call = (p: string, options?: CallOptions) => g.call(p, options);

/** A signed-up account (first name as given) and its session cookie. */
async function register(firstName = 'Jo') {
  const { user } = await g.register('Seeker', { firstName });
  return { user, cookie: await g.session(user.id) };
}

type Account = Awaited<ReturnType<typeof register>>;
type Photo = Buffer | { bytes: Buffer; type: string };

function command(owner: string, overrides: Partial<ReviewCommandDoc> = {}, photos: Photo[] = []): ReviewCommandDoc {
  const cmd = newReviewCommand({ ownerId: owner, sanctuaryId: freshSanctuary(), rating: 4, title: 'Lovely', comment: 'The pigs were happy.', visitDate: '2025-06-01' });
  const attachments = Object.fromEntries(
    photos.map((p, i) => {
      const { bytes, type } = Buffer.isBuffer(p) ? { bytes: p, type: 'image/png' } : p;
      return [`photo-${i}`, { content_type: type, data: bytes.toString('base64') }];
    }),
  );
  return { ...cmd, ...(photos.length ? { _attachments: attachments } : {}), ...overrides };
}

type BulkResult = { id: string; ok?: boolean; error?: string; reason?: string };

async function push(account: Account, docs: unknown[], newEdits = true): Promise<BulkResult[]> {
  const res = await call('/db/me/_bulk_docs', { method: 'POST', cookie: account.cookie, body: { docs, ...(newEdits ? {} : { new_edits: false }) } });
  expect(res.status).toBe(201);
  return (await res.json()) as BulkResult[];
}

/** As PouchDB pushes: with the device's revision, new_edits=false. */
const asReplicated = (doc: ReviewCommandDoc, revId = randomHex()) => ({ ...doc, _rev: `1-${revId}`, _revisions: { start: 1, ids: [revId] } });

const hexOf = (id: string) => id.slice('review-command:'.length);

async function getOrNull<T>(db: string, id: string): Promise<T | null> {
  try {
    return (await g.fx.couch.nano.db.use(db).get(id)) as T;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}

async function pendingEntries(): Promise<string[]> {
  const res = await g.fx.couch.nano.db.use(DB.commands).list({ startkey: 'pending:', endkey: 'pending:\ufff0' });
  return res.rows.map((r) => r.id);
}

/** The user's published reviews: the private review slots name them (a public review names no account). */
async function reviewsOf(userId: string): Promise<ReviewDoc[]> {
  const ids = await publishedReviewIdsOf(g.fx.couch, userId);
  if (!ids.length) return [];
  const res = await g.fx.couch.nano.db.use<ReviewDoc>(DB.reviews).fetch({ keys: ids });
  return res.rows.flatMap((r) => ('doc' in r && r.doc && r.doc.type === 'review' ? [r.doc] : []));
}

describe('review commands pushed through /db/me', () => {
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    alice = await register('Alice');
    bob = await register('Bob');
  });

  it('applies an accepted command: photos in media, the public review, the outcome written back', async () => {
    const cmd = command(alice.user.id, { sanctuaryId: SANCTUARY }, [PNG, { bytes: JPEG, type: 'image/jpeg' }]);
    const hex = hexOf(cmd._id);
    const [result] = await push(alice, [cmd]);
    expect(result).toMatchObject({ id: cmd._id, ok: true });

    const review = await getOrNull<ReviewDoc & { userId?: string }>(DB.reviews, `review:${hex}`);
    // The public review names no account; who wrote it is kept privately (issue 19).
    expect(review!.userId).toBeUndefined();
    expect(JSON.stringify(review)).not.toContain(alice.user.id);
    expect(await getOrNull(DB.commands, `review-author:review:${hex}`)).toMatchObject({ userId: alice.user.id, sanctuaryId: SANCTUARY });
    expect(review).toMatchObject({
      type: 'review', username: 'Alice', sanctuaryId: SANCTUARY, sanctuaryName: 'Farm Sanctuary', rating: 4,
      title: 'Lovely', comment: 'The pigs were happy.', visitDate: '2025-06-01', createdAt: cmd.createdAt,
      photos: [`/media/${hex}-0`, `/media/${hex}-1`], thumbnails: [`/media/${hex}-0/thumb`, `/media/${hex}-1/thumb`],
    });
    const photo = await getOrNull<{ type: string; _attachments: Record<string, { content_type: string }> }>(DB.media, `photo:${hex}-1`);
    expect(photo).toMatchObject({ type: 'photo', _attachments: { display: { content_type: 'image/webp' }, thumb: { content_type: 'image/webp' } } });
    expect(photo!._attachments.original).toBeUndefined();

    const stored = await getOrNull<ReviewCommandDoc>(userDbName(alice.user.id), cmd._id);
    expect(stored).toMatchObject({ status: 'published', reviewId: `review:${hex}`, photoUrls: review!.photos, thumbnailUrls: review!.thumbnails });
    expect(stored!.processedAt).toBeTruthy();
    expect(stored!._attachments).toBeUndefined();
    expect(await pendingEntries()).toEqual([]);

    const list = (await (await call(`/api/sanctuaries/${SANCTUARY}/reviews`)).json()) as Review[];
    expect(list.find((r) => r.id === `review:${hex}`)).toMatchObject({ username: 'Alice', photos: review!.photos, thumbnails: review!.thumbnails });
    // The listing's figures were written by the gateway right after the review (no workers run here), counting it.
    expect(await getOrNull<ReviewStatsDoc>(DB.reviews, statsDocId(SANCTUARY))).toMatchObject({ totalReviews: list.length, ratingSum: list.reduce((sum, r) => sum + r.rating, 0) });
  });

  it('publishes the same command pushed twice exactly once, and refuses any change to it', async () => {
    const cmd = asReplicated(command(alice.user.id, {}, [PNG]));
    const before = (await reviewsOf(alice.user.id)).length;
    expect(await push(alice, [cmd], false)).toEqual([]);
    expect(await push(alice, [cmd], false)).toEqual([]);
    expect((await reviewsOf(alice.user.id)).length).toBe(before + 1);

    const again = await push(alice, [{ ...command(alice.user.id), _id: cmd._id }]);
    expect(again[0]).toMatchObject({ error: 'forbidden', reason: expect.stringContaining('cannot be changed') });
    const stored = await getOrNull<ReviewCommandDoc & { _rev: string }>(userDbName(alice.user.id), cmd._id);
    // A well-formed forged history that extends the stored one (issue 19, item 9): still an edit of a command.
    const forgedId = randomHex();
    const edited = { ...stored!, status: 'pending', comment: 'Changed my mind', _rev: `3-${forgedId}`, _revisions: { start: 3, ids: [forgedId, stored!._rev.split('-')[1]!, cmd._revisions.ids[0]!] } };
    delete (edited as Partial<ReviewCommandDoc>).reviewId;
    delete (edited as Partial<ReviewCommandDoc>).photoUrls;
    delete (edited as Partial<ReviewCommandDoc>).thumbnailUrls;
    delete (edited as Partial<ReviewCommandDoc>).processedAt;
    const changed = await push(alice, [edited], false);
    expect(changed[0]).toMatchObject({ error: 'forbidden', reason: expect.stringContaining('cannot be changed') });
    expect((await reviewsOf(alice.user.id)).length).toBe(before + 1);
    expect((await getOrNull<ReviewCommandDoc>(userDbName(alice.user.id), cmd._id))!.status).toBe('published');
  });

  it.each([
    ['6 photos', () => command('ALICE', {}, [PNG, PNG, PNG, PNG, PNG, PNG]), 'You can upload a maximum of 5 photos per review.'],
    ['a 5.1 MB photo', () => command('ALICE', {}, [Buffer.concat([PNG, Buffer.alloc(Math.ceil(5.1 * 1024 * 1024))])]), '5 MB'],
    ['an executable renamed .jpg', () => command('ALICE', {}, [{ bytes: EXE, type: 'image/jpeg' }]), 'Photo 1 is not a JPEG, PNG or WebP image.'],
    ['a photo declared as a GIF', () => command('ALICE', {}, [{ bytes: PNG, type: 'image/gif' }]), 'Photos must be JPEG, PNG or WebP.'],
    ['rating 0', () => command('ALICE', { rating: 0 }), 'The rating must be a whole number from 1 to 5.'],
    ['rating 6', () => command('ALICE', { rating: 6 }), 'The rating must be a whole number from 1 to 5.'],
    ['a blank comment', () => command('ALICE', { comment: '   ' }), 'Please write a comment.'],
    ['another user as author', () => command('BOB'), 'This document belongs to another account.'],
    ['an unknown sanctuary', () => command('ALICE', { sanctuaryId: 'no-such-place' }), 'There is no sanctuary "no-such-place".'],
    ['a status other than pending', () => command('ALICE', { status: 'published' }), 'status "pending"'],
    ['a server-only field', () => command('ALICE', { reviewId: 'review:x' }), 'Only the server writes the outcome'],
    ['a title over 120 characters', () => command('ALICE', { title: 'x'.repeat(121) }), 'at most 120'],
    ['a visit date in the future', () => command('ALICE', { visitDate: '2999-01-01' }), 'not in the future'],
  ])('refuses %s with a clear reason and stores nothing', async (_name, make, reason) => {
    const raw = make();
    const cmd = { ...raw, ownerId: raw.ownerId === 'BOB' ? bob.user.id : alice.user.id };
    const reviewsBefore = (await reviewsOf(alice.user.id)).length;
    const [result] = await push(alice, [cmd]);
    expect(result).toMatchObject({ id: cmd._id, error: 'forbidden' });
    expect(result!.reason).toContain(reason);
    // The same through PouchDB's replication write.
    const [replicated] = await push(alice, [asReplicated(cmd)], false);
    expect(replicated).toMatchObject({ error: 'forbidden' });
    expect(await getOrNull(userDbName(alice.user.id), cmd._id)).toBeNull();
    expect(await getOrNull(DB.reviews, `review:${hexOf(cmd._id)}`)).toBeNull();
    expect(await getOrNull(DB.media, `photo:${hexOf(cmd._id)}-0`)).toBeNull();
    expect((await reviewsOf(alice.user.id)).length).toBe(reviewsBefore);
    expect(await pendingEntries()).toEqual([]);
  });

  it('takes one published review per user and listing: a second is refused, two at once publish one (issue 19)', async () => {
    const listing = freshSanctuary();
    expect(await push(alice, [command(alice.user.id, { sanctuaryId: listing })])).toEqual([expect.objectContaining({ ok: true })]);
    const second = await push(alice, [command(alice.user.id, { sanctuaryId: listing, rating: 1 })]);
    expect(second[0]).toMatchObject({ error: 'forbidden', reason: 'You have already reviewed this sanctuary.' });
    // Forty at once for another listing (one request, which once counted as one write): one is published.
    const other = freshSanctuary();
    const burst = Array.from({ length: 40 }, () => command(alice.user.id, { sanctuaryId: other, rating: 1 }));
    const results = await push(alice, burst);
    expect(results.every((r) => r.ok)).toBe(true);
    const published = (await reviewsOf(alice.user.id)).filter((r) => r.sanctuaryId === other);
    expect(published).toHaveLength(1);
    const outcomes = await Promise.all(burst.map((c) => getOrNull<ReviewCommandDoc>(userDbName(alice.user.id), c._id)));
    expect(outcomes.filter((o) => o?.status === 'published')).toHaveLength(1);
    expect(outcomes.filter((o) => o?.status === 'rejected').map((o) => o!.reason)).toEqual(Array(39).fill('You have already reviewed this sanctuary.'));
    // Another user may review the same listing.
    expect(await push(bob, [command(bob.user.id, { sanctuaryId: listing })])).toEqual([expect.objectContaining({ ok: true })]);
  });

  it("refuses a command whose review id is already another account's, and leaves the user's slot for the listing free", async () => {
    const listing = freshSanctuary();
    const cmd = command(alice.user.id, { sanctuaryId: listing });
    const reviewId = `review:${hexOf(cmd._id)}`;
    const bobs = { _id: `review-author:${reviewId}`, type: 'review-author', reviewId, userId: bob.user.id, sanctuaryId: listing, commandId: `review-command:${'f'.repeat(32)}`, createdAt: cmd.createdAt };
    await g.fx.couch.nano.db.use(DB.commands).insert(bobs as never);
    expect(await push(alice, [cmd])).toEqual([expect.objectContaining({ ok: true })]);
    await g.app.applies.idle();
    expect(await getOrNull<ReviewCommandDoc>(userDbName(alice.user.id), cmd._id)).toMatchObject({ status: 'rejected', reason: 'This review could not be published. Please write it again.' });
    expect(await getOrNull(DB.reviews, reviewId)).toBeNull();
    // The slot both claims were asked for at once was given back: she can write her review again.
    expect(await getOrNull(DB.commands, `review-slot:${alice.user.id}:${listing}`)).toBeNull();
    expect(await push(alice, [command(alice.user.id, { sanctuaryId: listing })])).toEqual([expect.objectContaining({ ok: true })]);
    await g.app.applies.idle();
    expect((await reviewsOf(alice.user.id)).filter((r) => r.sanctuaryId === listing)).toHaveLength(1);
  });

  it('accepts good documents next to refused ones in the same push', async () => {
    const good = command(alice.user.id, { sanctuaryId: OTHER_SANCTUARY });
    const bad = command(alice.user.id, { rating: 9 });
    const results = await push(alice, [bad, good]);
    expect(results.map((r) => [r.id, r.ok ?? r.error])).toEqual([[bad._id, 'forbidden'], [good._id, true]]);
    expect(await getOrNull(DB.reviews, `review:${hexOf(good._id)}`)).toMatchObject({ sanctuaryId: OTHER_SANCTUARY });
  });
});

describe('PouchDB syncing a review with photos through /db/me', () => {
  const devices = serveForDevices(() => g.app, 'review-client');

  type Doc = { _id: string; _rev?: string; [k: string]: unknown };
  interface Db {
    put(doc: Doc): Promise<{ rev: string }>;
    get(id: string): Promise<Doc>;
  }
  interface PouchCtor {
    new (name: string, options?: object): Db;
    defaults(options: object): PouchCtor;
    fetch(url: string, opts: { headers: Headers }): Promise<Response>;
    sync(a: Db, b: Db): Promise<{ push: { docs_written: number; doc_write_failures: number } }> & { on(event: string, fn: (e: unknown) => void): unknown };
  }
  const Pouch = PouchDB as unknown as PouchCtor;

  it('pushes a command with two photos, and pulls back the published outcome', async () => {
    const carol = await register('Carol');
    const remote = new Pouch(`${devices.base}/db/me`, {
      fetch: (url: string, opts: { headers: Headers }) => {
        opts.headers.set('Cookie', carol.cookie);
        opts.headers.set('Origin', devices.base);
        return Pouch.fetch(url, opts);
      },
    });
    const Local = Pouch.defaults({ prefix: devices.prefix });
    const phone = new Local('phone');
    const cmd = command(carol.user.id, {}, [PNG, { bytes: JPEG, type: 'image/jpeg' }]);
    await phone.put(cmd as unknown as Doc);
    const denied: unknown[] = [];
    const first = Pouch.sync(phone, remote);
    first.on('denied', (e) => denied.push(e));
    const result = await first;
    expect(denied).toEqual([]);
    expect(result.push.docs_written).toBe(1);
    // The outcome is written just after the push is answered (photos are cleaned and sized first): the device
    // pulls until it has it, as its live sync would.
    const local = await waitFor(async () => {
      await Pouch.sync(phone, remote);
      const doc = (await phone.get(cmd._id)) as Doc & { status?: string };
      return doc.status === 'pending' ? false : doc;
    });
    expect(local).toMatchObject({ status: 'published', reviewId: `review:${hexOf(cmd._id)}`, photoUrls: [`/media/${hexOf(cmd._id)}-0`, `/media/${hexOf(cmd._id)}-1`] });
    expect((await reviewsOf(carol.user.id)).length).toBe(1);
  });
});

describe('POST /api/sanctuaries/{id}/reviews', () => {
  let dan: Account;
  beforeAll(async () => {
    dan = await register('Dan');
  });

  function form(fields: Record<string, string>, photos: Array<{ bytes: Buffer; name: string; type: string }> = []) {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    for (const p of photos) data.append('photos', new File([new Uint8Array(p.bytes)], p.name, { type: p.type }));
    return data;
  }

  it('needs a signed-in user', async () => {
    const res = await call(`/api/sanctuaries/${SANCTUARY}/reviews`, { method: 'POST', body: form({ rating: '5', comment: 'Nice' }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Unauthorized' });
  });

  it('publishes the review and answers 201 with it in the spec shape', async () => {
    const res = await call(`/api/sanctuaries/${SANCTUARY}/reviews`, {
      method: 'POST',
      cookie: dan.cookie,
      body: form({ rating: '3', title: '  Good day ', comment: ' <script>alert(1)</script> fine ', visitDate: '2025-05-05' }, [{ bytes: JPEG, name: 'a.jpg', type: 'image/jpeg' }]),
    });
    expect(res.status).toBe(201);
    const review = (await res.json()) as Review;
    expect(review).toMatchObject({ username: 'Dan', rating: 3, title: 'Good day', comment: '<script>alert(1)</script> fine', visit_date: '2025-05-05', photos: [expect.stringMatching(/^\/media\/[0-9a-f]{32}-0$/)] });
    const hex = review.id.slice('review:'.length);
    const cmd = await getOrNull<ReviewCommandDoc>(userDbName(dan.user.id), `review-command:${hex}`);
    expect(cmd).toMatchObject({ status: 'published', reviewId: review.id });
    const media = await call(review.photos[0]!);
    expect(media.status).toBe(200);
    // The display size made from the JPEG's pixels, never the file as sent.
    const served = Buffer.from(await media.arrayBuffer());
    expect(served.equals(JPEG)).toBe(false);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 8, height: 6 });
  });

  it("answers once the review and its listing's figures are stored, together; the command outcome on the devices follows just after (issue 16)", async () => {
    const eve = await register('Eve');
    const sanctuaryId = freshSanctuary();
    // The apply queue (four at a time) is kept busy, so what follows the answer has to wait for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    for (let i = 0; i < 4; i++) g.app.applies.run('held by the test', () => held);
    const res = await g.app.request(`/api/sanctuaries/${sanctuaryId}/reviews`, {
      method: 'POST',
      headers: { cookie: eve.cookie, origin: 'http://localhost', 'x-forwarded-for': '10.9.9.9' },
      body: form({ rating: '4', comment: 'Quiet morning with the goats.' }),
    });
    expect(res.status).toBe(201);
    const review = (await res.json()) as Review;
    expect(await getOrNull<ReviewDoc>(DB.reviews, review.id)).toMatchObject({ rating: 4 });
    const commandId = `review-command:${review.id.slice('review:'.length)}`;
    expect(await getOrNull<ReviewCommandDoc>(userDbName(eve.user.id), commandId)).toMatchObject({ status: 'pending' });
    // The figures were written with the review, not by the recomputation (held in the queue): devices get both at once.
    expect(await getOrNull<ReviewStatsDoc>(DB.reviews, statsDocId(sanctuaryId))).toMatchObject({ sanctuaryId, totalReviews: 1, ratingSum: 4, averageRating: 4 });
    release();
    await g.app.applies.idle();
    expect(await getOrNull<ReviewCommandDoc>(userDbName(eve.user.id), commandId)).toMatchObject({ status: 'published', reviewId: review.id });
    expect(await getOrNull<ReviewStatsDoc>(DB.reviews, statsDocId(sanctuaryId))).toMatchObject({ sanctuaryId, totalReviews: 1, ratingSum: 4, averageRating: 4 });
  });

  it('publishes the review of an account that has no database yet (made before registration made one), making it', async () => {
    const old = await register('Olga');
    await g.fx.couch.nano.db.destroy(userDbName(old.user.id));
    const res = await call(`/api/sanctuaries/${freshSanctuary()}/reviews`, { method: 'POST', cookie: old.cookie, body: form({ rating: '5', comment: 'Met the rescued hens.' }) });
    expect(res.status).toBe(201);
    const review = (await res.json()) as Review;
    await g.app.applies.idle();
    const commandId = `review-command:${review.id.slice('review:'.length)}`;
    expect(await getOrNull<ReviewCommandDoc>(userDbName(old.user.id), commandId)).toMatchObject({ status: 'published', reviewId: review.id });
  });

  it.each([
    [{ rating: '5', comment: '   ' }, [], 'Please write a comment.'],
    [{ rating: '0', comment: 'x' }, [], 'The rating must be a whole number from 1 to 5.'],
    [{ rating: '5', comment: 'x' }, Array.from({ length: 6 }, (_, i) => ({ bytes: PNG, name: `${i}.png`, type: 'image/png' })), 'Too many photos: You can upload a maximum of 5 photos per review.'],
    [{ rating: '5', comment: 'x' }, [{ bytes: EXE, name: 'cat.jpg', type: 'image/jpeg' }], 'Photo 1 is not a JPEG, PNG or WebP image.'],
    [{ rating: '5', comment: 'x' }, [{ bytes: Buffer.concat([JPEG, Buffer.alloc(Math.ceil(5.1 * 1024 * 1024))]), name: 'big.jpg', type: 'image/jpeg' }], 'Each photo can be at most 5 MB.'],
  ])('refuses bad input with 400 and the problem: %j', async (fields, photos, message) => {
    const before = (await reviewsOf(dan.user.id)).length;
    const res = await call(`/api/sanctuaries/${SANCTUARY}/reviews`, { method: 'POST', cookie: dan.cookie, body: form(fields, photos) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(message);
    expect((await reviewsOf(dan.user.id)).length).toBe(before);
  });

  it('is 404 for an unknown sanctuary', async () => {
    const res = await call('/api/sanctuaries/no-such-place/reviews', { method: 'POST', cookie: dan.cookie, body: form({ comment: 'x' }) });
    expect(res.status).toBe(404);
  });
});

describe('/media', () => {
  let hex: string;
  beforeAll(async () => {
    const erin = await register('Erin');
    const cmd = command(erin.user.id, {}, [{ bytes: PNG, type: 'image/jpeg' }]);
    hex = hexOf(cmd._id);
    expect((await push(erin, [cmd]))[0]).toMatchObject({ ok: true });
  });

  it('serves the cleaned display size as WebP, never the file as sent, with a year of immutable caching, nosniff and an ETag', async () => {
    const res = await call(`/media/${hex}-0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(PNG)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 8, height: 6 });
    const again = await call(`/media/${hex}-0`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves the thumbnail made when the review was published', async () => {
    const thumb = await call(`/media/${hex}-0/thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp' });
  });

  it('is 404 for unknown or malformed photo names', async () => {
    for (const p of [`/media/${hex}-4`, '/media/../_all_dbs', '/media/abc', `/media/${hex}-0/other`]) {
      const res = await call(p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe('helpful votes, reports and moderation', () => {
  let fay: Account;
  let gus: Account;
  let adminCookie: string;
  let reviewId: string;
  let photoUrls: string[];
  beforeAll(async () => {
    fay = await register('Fay');
    gus = await register('Gus');
    const email = `admin.${Date.now()}@example.com`;
    await createOrPromoteAdmin(g.fx.couch, createUsers(g.fx.couch), { email, password: 'admin-pass-1' });
    const res = await call('/api/auth/login', { method: 'POST', body: { email, password: 'admin-pass-1' } });
    adminCookie = res.headers.getSetCookie().find((h) => h.startsWith('ss_session='))!.split(';')[0]!;
    const cmd = command(fay.user.id, { sanctuaryId: OTHER_SANCTUARY }, [PNG]);
    await push(fay, [cmd]);
    reviewId = `review:${hexOf(cmd._id)}`;
    photoUrls = [`/media/${hexOf(cmd._id)}-0`, `/media/${hexOf(cmd._id)}-0/thumb`];
    for (const url of photoUrls) expect((await call(url)).status).toBe(200);
  });
  const path = (suffix: string) => `/api/reviews/${encodeURIComponent(reviewId)}/${suffix}`;

  it('counts one helpful vote per user, and lets a vote be withdrawn', async () => {
    expect((await call(path('helpful'), { method: 'POST' })).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const res = await call(path('helpful'), { method: 'POST', cookie: fay.cookie });
      expect(await res.json()).toEqual({ helpfulCount: 1, voted: true });
    }
    expect(await (await call(path('helpful'), { method: 'POST', cookie: gus.cookie })).json()).toEqual({ helpfulCount: 2, voted: true });
    expect(await getOrNull<ReviewDoc>(DB.reviews, reviewId)).toMatchObject({ helpfulCount: 2 });
    expect(await (await call(path('helpful'), { method: 'DELETE', cookie: gus.cookie })).json()).toEqual({ helpfulCount: 1, voted: false });
    expect(await getOrNull<ReviewDoc>(DB.reviews, reviewId)).toMatchObject({ helpfulCount: 1 });
    expect((await call(`/api/reviews/${encodeURIComponent('review:nope')}/helpful`, { method: 'POST', cookie: fay.cookie })).status).toBe(404);
  });

  it('takes one report per user; admins list and hide, others get 403', async () => {
    expect((await call(path('report'), { method: 'POST', body: { reason: 'spam' } })).status).toBe(401);
    expect((await call(path('report'), { method: 'POST', cookie: gus.cookie, body: { reason: '  ' } })).status).toBe(400);
    expect((await call(path('report'), { method: 'POST', cookie: gus.cookie, body: { reason: 'Spam' } })).status).toBe(201);
    const twice = await call(path('report'), { method: 'POST', cookie: gus.cookie, body: { reason: 'Spam again' } });
    expect(twice.status).toBe(409);

    expect((await call('/api/admin/review-reports', { cookie: gus.cookie })).status).toBe(403);
    expect((await call('/api/admin/review-reports')).status).toBe(403);
    const reports = (await (await call('/api/admin/review-reports', { cookie: adminCookie })).json()) as Array<{ reviewId: string; reason: string; review: { id: string } }>;
    expect(reports).toEqual([expect.objectContaining({ reviewId, reason: 'Spam', review: expect.objectContaining({ id: reviewId, hidden: false }) })]);

    const hideByUser = await call(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', cookie: gus.cookie });
    expect(hideByUser.status).toBe(403);
    const hide = await call(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', cookie: adminCookie });
    expect(hide.status).toBe(200);
    // Hidden means gone from every public path (issue 19): the document, the replication proxy, its photos.
    expect(await getOrNull<ReviewDoc>(DB.reviews, reviewId)).toBeNull();
    expect((await call(`/db/reviews/${encodeURIComponent(reviewId)}`)).status).toBe(404);
    expect((await call(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, { method: 'POST', cookie: gus.cookie })).status).toBe(404);
    for (const url of photoUrls) expect((await call(url)).status).toBe(404);
    expect(await getOrNull(DB.submissions, `hidden-review:${reviewId}`)).toMatchObject({ review: { _id: reviewId }, hiddenBy: expect.any(String) });
    const visible = (await (await call(`/api/sanctuaries/${OTHER_SANCTUARY}/reviews`)).json()) as Review[];
    expect(visible.map((r) => r.id)).not.toContain(reviewId);
    expect(await (await call('/api/admin/review-reports', { cookie: adminCookie })).json()).toEqual([]);
    // The listing's figures no longer count it, written by the gateway (no workers run here).
    await g.app.applies.idle();
    expect(await getOrNull<ReviewStatsDoc>(DB.reviews, statsDocId(OTHER_SANCTUARY))).toMatchObject({ totalReviews: visible.length, ratingSum: visible.reduce((sum, r) => sum + r.rating, 0) });
    // Hiding again answers the same, and changes nothing.
    expect((await call(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', cookie: adminCookie })).status).toBe(200);
  });
});
