// The review workers against a real embedded store: the sweep finishing a command interrupted between writing
// the review and writing the outcome, photos stored only as cleaned sizes (and legacy ones cleaned by the photo
// worker), and stats following a hidden review.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { publishReviewCommand, publishedReviewIdsOf, recordPendingCommand } from '@ss/couchdb/review-commands';
import { hideReview } from '@ss/couchdb/review-moderation';
import { ensureUserDb } from '@ss/couchdb/user-db';
import { createUsers } from '@ss/couchdb/users';
import { statsDocId, type ReviewStatsDoc } from '@ss/domain/review';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { userIdOf } from '@ss/domain/user';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';
import { startReviewCommandSweeper } from '../../src/review-commands.ts';
import { startUserCommandSweeper } from '../../src/user-commands.ts';
import { startReviewStatsWorker } from '../../src/review-stats.ts';
import { startPhotoWorker } from '../../src/photos.ts';

const SANCTUARY = 'farm-sanctuary-watkins-glen-ny';
let fx: StoreFixture;
let userId: string;
/** A second reviewer of the same listing: each user publishes one review per listing. */
let otherId: string;
let jpeg: Buffer;

beforeAll(async () => {
  fx = await startStoreFixture();
  const users = createUsers(fx.couch);
  for (const firstName of ['Wren', 'Yara']) {
    const user = await users.register({ email: `${firstName}.${Date.now()}@example.com`, password: 'secret1', firstName, lastName: 'Seeker' });
    await ensureUserDb(fx.couch, userIdOf(user));
    if (firstName === 'Wren') userId = userIdOf(user);
    else otherId = userIdOf(user);
  }
  jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a7' } }).jpeg().toBuffer();
});
afterAll(() => fx.stop());

async function storeCommand(rating = 5, author = userId, { noted = true, sanctuaryId = SANCTUARY } = {}): Promise<ReviewCommandDoc> {
  const cmd: ReviewCommandDoc = {
    ...newReviewCommand({ ownerId: author, sanctuaryId, rating, title: '', comment: 'Great visit', visitDate: '', now: new Date(Date.now() - 60_000) }),
    _attachments: { 'photo-0': { content_type: 'image/jpeg', data: jpeg.toString('base64') } },
  };
  if (noted) await recordPendingCommand(fx.couch, author, cmd._id, new Date(Date.now() - 60_000));
  await fx.couch.nano.db.use(userDbName(author)).insert(cmd as never);
  return cmd;
}

/** The ids of the reviews these users published (the private review slots name them). */
const reviewsOf = async (...authors: string[]) => (await Promise.all(authors.map((a) => publishedReviewIdsOf(fx.couch, a)))).flat();

describe('review workers', () => {
  it('the sweep finishes a command interrupted after the review was written, making one review and an outcome', async () => {
    const cmd = await storeCommand();
    const hex = cmd._id.slice('review-command:'.length);
    // The gateway got as far as the public review, then died before writing the outcome.
    const withPhotos = (await fx.couch.nano.db.use(userDbName(userId)).get(cmd._id, { attachments: true })) as unknown as ReviewCommandDoc;
    expect((await publishReviewCommand(fx.couch, userId, withPhotos)).ok).toBe(true);
    expect((await publishReviewCommand(fx.couch, userId, withPhotos)).ok).toBe(true);
    const untouched = await storeCommand(3, otherId); // stored and indexed, never applied at all

    const sweeper = startReviewCommandSweeper(fx.couch, { intervalMs: 60_000, olderThanMs: 1000, log: () => {} });
    try {
      await sweeper.sweepNow();
      expect(await sweeper.sweepNow()).toBe(0);
    } finally {
      await sweeper.stop();
    }
    expect(await fx.couch.nano.db.use(userDbName(userId)).get(cmd._id)).toMatchObject({ status: 'published', reviewId: `review:${hex}` });
    expect(await fx.couch.nano.db.use(userDbName(otherId)).get(untouched._id)).toMatchObject({ status: 'published' });
    expect((await reviewsOf(userId, otherId)).sort()).toEqual([`review:${hex}`, `review:${untouched._id.slice('review-command:'.length)}`].sort());
    expect((await fx.couch.nano.db.use(DB.commands).list()).rows.filter((r) => r.id.startsWith('pending:'))).toEqual([]);
  });

  it('a command stored without its pending note (the gateway died between the two writes) is published by the user-command sweep', async () => {
    const cmd = await storeCommand(4, otherId, { noted: false, sanctuaryId: 'woodstock-farm-sanctuary-high-falls-ny' });
    const hex = cmd._id.slice('review-command:'.length);
    // The index's own sweep does not know of it.
    const indexSweep = startReviewCommandSweeper(fx.couch, { intervalMs: 60_000, olderThanMs: 0, log: () => {} });
    try {
      expect(await indexSweep.sweepNow()).toBe(0);
    } finally {
      await indexSweep.stop();
    }
    const lines: string[] = [];
    const sweep = startUserCommandSweeper(fx.couch, { intervalMs: 60_000, olderThanMs: 0, gazetteer: () => null, log: (l) => lines.push(l) });
    try {
      // The sweeper's first run (at its start) sees it pending and, older than olderThanMs (0), applies it; the next
      // finds nothing left.
      expect(await sweep.sweepNow()).toBe(0);
    } finally {
      await sweep.stop();
    }
    expect(lines.filter((l) => l.includes(cmd._id))).toEqual([]);
    expect(await fx.couch.nano.db.use(userDbName(otherId)).get(cmd._id)).toMatchObject({ status: 'published', reviewId: `review:${hex}` });
    expect(await publishedReviewIdsOf(fx.couch, otherId)).toContain(`review:${hex}`);
    expect(await fx.couch.nano.db.use(DB.reviews).get(`review:${hex}`)).toMatchObject({ sanctuaryId: 'woodstock-farm-sanctuary-high-falls-ny', rating: 4 });
  });

  it('stores each published photo as a display WebP and a 320 px thumbnail, never the file as sent', async () => {
    const [row] = (await fx.couch.nano.db.use(DB.media).list()).rows.filter((r) => r.id.startsWith('photo:'));
    const doc = (await fx.couch.nano.db.use(DB.media).get(row!.id)) as { _attachments: Record<string, { content_type: string }> };
    expect(Object.keys(doc._attachments).sort()).toEqual(['display', 'thumb']);
    const display = await sharp((await fx.couch.nano.db.use(DB.media).attachment.get(row!.id, 'display')) as Buffer).metadata();
    const thumb = await sharp((await fx.couch.nano.db.use(DB.media).attachment.get(row!.id, 'thumb')) as Buffer).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 213 });
  });

  it('the photo worker replaces a photo stored before issue 15 (the file as sent) with its cleaned sizes', async () => {
    const legacyId = `photo:${'e'.repeat(32)}-0`;
    const withGps = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#357' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'LegacyPhone', Model: 'LP-1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 23/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    await fx.couch.nano.db.use(DB.media).insert({
      _id: legacyId, type: 'photo', schemaVersion: 1, reviewId: `review:${'e'.repeat(32)}`, sanctuaryId: SANCTUARY, createdAt: new Date().toISOString(),
      _attachments: { original: { content_type: 'image/jpeg', data: withGps.toString('base64') } },
    } as never);
    const worker = startPhotoWorker(fx.couch, () => {});
    try {
      const doc = await waitFor(async () => {
        const d = (await fx.couch.nano.db.use(DB.media).get(legacyId)) as { _attachments: Record<string, unknown> };
        return d._attachments.original ? false : d;
      });
      expect(Object.keys(doc._attachments).sort()).toEqual(['display', 'thumb']);
      const display = (await fx.couch.nano.db.use(DB.media).attachment.get(legacyId, 'display')) as Buffer;
      const meta = await sharp(display).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
      expect(meta.exif).toBeUndefined();
      expect(display.includes(Buffer.from('LegacyPhone'))).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it('hiding a review updates the sanctuary stats', async () => {
    const stats = startReviewStatsWorker(fx.couch, () => {});
    try {
      const getStats = () => fx.couch.nano.db.use<ReviewStatsDoc>(DB.reviews).get(statsDocId(SANCTUARY));
      const before = await waitFor(async () => {
        const doc = await getStats();
        return doc.totalReviews >= 2 ? doc : false;
      });
      const [mine] = await reviewsOf(userId);
      await hideReview(fx.couch, mine!, 'admin');
      const after = await waitFor(async () => {
        const doc = await getStats();
        return doc.totalReviews === before.totalReviews - 1 ? doc : false;
      });
      expect(after.totalReviews).toBe(before.totalReviews - 1);
    } finally {
      await stats.stop();
    }
  });
});
