// The workers process (workers/src/main.ts, as the stack runs it) SIGKILLed in the middle of its feeds, then
// started again: every follower resumes from the checkpoint it had saved, and the end state is exactly what
// one uninterrupted run gives — stats counted once, every pending review command applied once, one thumbnail
// per photo.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { publishedReviewIdsOf, recordPendingCommand } from '@ss/couchdb/review-commands';
import { ensureUserDb } from '@ss/couchdb/user-db';
import { createUsers } from '@ss/couchdb/users';
import { REVIEW_DOC_TYPE, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { userIdOf } from '@ss/domain/user';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const DIRECT_REVIEWS = 1500;
const COMMANDS = 24;

let fx: StoreFixture;
let userId: string;
let sanctuaryIds: string[];
const commandIds: string[] = [];

interface Worker {
  proc: ChildProcess;
  lines: string[];
}

function startWorkers(): Promise<Worker> {
  const proc = fork(MAIN, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, COUCHDB_URL: fx.store.config.url, COUCHDB_USER: fx.store.config.username, COUCHDB_PASSWORD: fx.store.config.password },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  proc.stderr!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return new Promise((resolve, reject) => {
    proc.once('message', () => resolve({ proc, lines }));
    proc.once('exit', (code) => reject(new Error(`workers exited during start (${code}): ${lines.join('\n')}`)));
  });
}

/**
 * How far along a sequence is: the embedded store's are numbers; CouchDB's are opaque strings whose leading number
 * is the sum of its shards' positions — fine for "how far", which is all this test asks of it.
 */
const position = (seq: unknown) => Number(String(seq).split('-')[0]);

async function savedSince(db: string, name: string): Promise<number | string> {
  return (await fx.couch.nano.db.use<{ since: number | string }>(db).get(`_local/worker-${name}`).catch(() => ({ since: 0 }))).since;
}

const checkpoint = async (db: string, name: string): Promise<number> => position(await savedSince(db, name));

const updateSeq = async (db: string) => position((await fx.couch.nano.db.get(db)).update_seq);

beforeAll(async () => {
  fx = await startStoreFixture();
  const user = await createUsers(fx.couch).register({ email: `crash.${Date.now()}@example.com`, password: 'secret1', firstName: 'Kim', lastName: 'Crash' });
  userId = userIdOf(user);
  await ensureUserDb(fx.couch, userId);
  sanctuaryIds = (await fx.couch.sanctuaries.list()).map((s) => s._id).sort();

  // Plenty of reviews for the stats feed, written straight into the store.
  const reviews: ReviewDoc[] = Array.from({ length: DIRECT_REVIEWS }, (_, i) => ({
    _id: `review:bulk-${String(i).padStart(5, '0')}`,
    type: REVIEW_DOC_TYPE,
    schemaVersion: 1,
    sanctuaryId: sanctuaryIds[i % sanctuaryIds.length]!,
    sanctuaryName: 'x',
    sanctuaryCity: 'x',
    sanctuaryState: 'NY',
    username: 'Bulk R.',
    rating: 1 + (i % 5),
    title: '',
    comment: `Bulk review ${i}`,
    visitDate: '',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    photos: [],
  }));
  for (let i = 0; i < reviews.length; i += 500) await fx.couch.nano.db.use(DB.reviews).bulk({ docs: reviews.slice(i, i + 500) });

  // Review commands the gateway stored and indexed but never applied: the sweep worker must apply each once,
  // each photo stored as its cleaned sizes.
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a73' } }).jpeg().toBuffer();
  const old = new Date(Date.now() - 60_000);
  for (let i = 0; i < COMMANDS; i++) {
    const cmd: ReviewCommandDoc = {
      // One review per user and listing: each command reviews another listing.
      ...newReviewCommand({ ownerId: userId, sanctuaryId: sanctuaryIds[i]!, rating: 1 + (i % 5), title: '', comment: `Command ${i}`, visitDate: '', now: old }),
      _attachments: { 'photo-0': { content_type: 'image/jpeg', data: jpeg.toString('base64') } },
    };
    await recordPendingCommand(fx.couch, userId, cmd._id, old);
    await fx.couch.nano.db.use(userDbName(userId)).insert(cmd as never);
    commandIds.push(cmd._id);
  }
}, 120_000);

afterAll(() => fx?.stop());

describe('workers killed mid-feed', () => {
  it('resume from their checkpoints and apply nothing twice', async () => {
    const started = Date.now();
    const first = await startWorkers();
    // Mid-feed: the stats follower has saved a checkpoint but is not through the reviews yet.
    await waitFor(async () => {
      const since = await checkpoint(DB.reviews, 'review-stats');
      return since > 0 && since < (await updateSeq(DB.reviews)) - 500;
    }, 60_000, 20);
    const exited = new Promise((resolve) => first.proc.once('exit', resolve));
    first.proc.kill('SIGKILL');
    await exited;
    const statsSince = await savedSince(DB.reviews, 'review-stats');
    const photosSince = await savedSince(DB.media, 'photos');
    const statsAtKill = position(statsSince);
    const photosAtKill = position(photosSince);
    const reviewsSeqAtKill = await updateSeq(DB.reviews);

    const second = await startWorkers();
    try {
      // Caught up: nothing pending, every photo has its sizes, both followers at the end of their feeds.
      await waitFor(async () => {
        const pending = (await fx.couch.nano.db.use(DB.commands).list()).rows.filter((r) => r.id.startsWith('pending:'));
        const photos = (await fx.couch.nano.db.use<{ _attachments?: Record<string, unknown> }>(DB.media).list({ include_docs: true })).rows.filter((r) => r.id.startsWith('photo:'));
        if (pending.length || photos.length < COMMANDS || photos.some((p) => !p.doc?._attachments?.thumb)) return false;
        return (
          (await checkpoint(DB.reviews, 'review-stats')) === (await updateSeq(DB.reviews)) &&
          (await checkpoint(DB.media, 'photos')) === (await updateSeq(DB.media))
        );
      }, 90_000, 250);
    } finally {
      const exited2 = new Promise((resolve) => second.proc.once('exit', resolve));
      second.proc.kill('SIGTERM');
      await exited2;
    }

    // Resumed from exactly the checkpoints saved before the kill.
    expect(second.lines).toContain(`[workers] review-stats: following reviews from ${statsAtKill ? `checkpoint ${statsSince}` : 'the start'}`);
    expect(second.lines).toContain(`[workers] photos: following media from ${photosAtKill ? `checkpoint ${photosSince}` : 'the start'}`);
    expect(statsAtKill).toBeGreaterThan(0);
    expect(statsAtKill).toBeLessThan(reviewsSeqAtKill);
    expect(await checkpoint(DB.reviews, 'review-stats')).toBeGreaterThan(statsAtKill);

    // Every command applied exactly once: one review each, one outcome write, one photo with one thumbnail.
    const userDb = fx.couch.nano.db.use<ReviewCommandDoc>(userDbName(userId));
    const commands = (await userDb.fetch({ keys: commandIds })).rows.map((r) => ('doc' in r ? r.doc : null));
    expect(commands.map((c) => c?.status)).toEqual(commandIds.map(() => 'published'));
    expect(commands.filter((c) => !c?._rev?.startsWith('2-')).map((c) => `${c?._id} ${c?._rev}`)).toEqual([]);
    const allReviews = (await fx.couch.nano.db.use<ReviewDoc | ReviewStatsDoc>(DB.reviews).list({ include_docs: true })).rows.flatMap((r) =>
      r.doc?.type === REVIEW_DOC_TYPE ? [r.doc as ReviewDoc] : [],
    );
    const fromCommands = await publishedReviewIdsOf(fx.couch, userId);
    expect(allReviews.filter((r) => fromCommands.includes(r._id))).toHaveLength(COMMANDS);
    expect(fromCommands.sort()).toEqual(commandIds.map((id) => `review:${id.slice('review-command:'.length)}`).sort());
    const photos = (await fx.couch.nano.db.use<{ _attachments: Record<string, unknown> }>(DB.media).list({ include_docs: true })).rows.filter((r) => r.id.startsWith('photo:'));
    expect(photos.length).toBe(COMMANDS);
    // A photo is written once, cleaned and sized, by the sweep: revision 1, and never the file as sent.
    expect(photos.filter((p) => !p.value.rev.startsWith('1-')).map((p) => `${p.id} ${p.value.rev}`)).toEqual([]);
    expect(photos.filter((p) => Object.keys(p.doc!._attachments).sort().join() !== 'display,thumb').map((p) => p.id)).toEqual([]);

    // Stats: counted from the documents here, independently of the view the worker uses.
    const expected = new Map<string, { total: number; sum: number }>();
    for (const r of allReviews) {
      const e = expected.get(r.sanctuaryId) ?? { total: 0, sum: 0 };
      expected.set(r.sanctuaryId, { total: e.total + 1, sum: e.sum + r.rating });
    }
    expect(allReviews.length).toBe(DIRECT_REVIEWS + COMMANDS);
    const stats = await fx.couch.nano.db.use<ReviewStatsDoc>(DB.reviews).fetch({ keys: [...expected.keys()].map(statsDocId) });
    const actual = new Map(stats.rows.flatMap((r) => ('doc' in r && r.doc ? [[r.doc.sanctuaryId, { total: r.doc.totalReviews, sum: r.doc.ratingSum }] as const] : [])));
    expect(actual).toEqual(expected);

    console.log(
      `workers: killed at review-stats checkpoint ${statsAtKill} of ${reviewsSeqAtKill}, photos at ${photosAtKill}; resumed, ` +
        `${COMMANDS} commands applied once, ${DIRECT_REVIEWS + COMMANDS} reviews counted once over ${expected.size} sanctuaries, ${photos.length} photos, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 180_000);
});
