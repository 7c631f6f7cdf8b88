// One-off changes to stored data, each run once per store, in order, from setup (every start): the names of those
// done are kept in `_local/ss-migrations` of `commands` (local documents are neither replicated nor validated).
// Each migration is idempotent on its own too, so a start interrupted half-way simply runs it again.
import { LISTING_EDIT_DOC_TYPE } from '@ss/domain/listing-feedback';
import { REVIEW_DOC_TYPE, type ReviewDoc } from '@ss/domain/review';
import { type CouchClient, getOrNull, isConflict } from './client.ts';
import { DB } from './definitions.ts';
import { LEGACY_ORIGINAL_ATTACHMENT, cleanLegacyPhoto, type PhotoDoc } from './media.ts';
import { hiddenReviewId, withdrawReview, type HiddenReviewDoc } from './review-moderation.ts';
import { reviewAuthorId, reviewSlotId, type ReviewAuthorDoc, type ReviewSlotDoc } from './review-commands.ts';

interface Migration {
  name: string;
  run(couch: CouchClient, log: (line: string) => void): Promise<void>;
}

const MARKER = '_local/ss-migrations';

/** Every document of a database, a page at a time. */
async function* allDocs<T>(couch: CouchClient, db: string, pageSize = 500): AsyncGenerator<T> {
  let startkey: string | undefined;
  for (;;) {
    const page = await couch.call(() => couch.nano.db.use<T & object>(db).list({ include_docs: true, limit: pageSize + 1, ...(startkey !== undefined ? { startkey } : {}) }));
    for (const row of page.rows.slice(0, pageSize)) if (row.doc) yield row.doc as T;
    if (page.rows.length <= pageSize) return;
    startkey = page.rows[pageSize]!.id;
  }
}

async function createOnce(couch: CouchClient, db: string, doc: { _id: string }): Promise<void> {
  try {
    await couch.call(() => couch.nano.db.use(db).insert(doc as never));
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

/**
 * Issue 19: public reviews named their author's account, and hidden ones stayed readable by id with their photos.
 * Authors move to private `review-author` / `review-slot` documents, the account leaves the review, and a review
 * hidden the old way is withdrawn the new way (its content kept for the admins).
 */
const reviewPrivacy: Migration = {
  name: 'review-privacy',
  async run(couch, log) {
    let changed = 0;
    for await (const doc of allDocs<ReviewDoc & { userId?: string }>(couch, DB.reviews)) {
      if (doc.type !== REVIEW_DOC_TYPE) continue;
      const { userId, ...rest } = doc;
      if (typeof userId === 'string') {
        const commandId = `review-command:${doc._id.slice('review:'.length)}`;
        const author: ReviewAuthorDoc = { _id: reviewAuthorId(doc._id), type: 'review-author', reviewId: doc._id, userId, sanctuaryId: doc.sanctuaryId, commandId, createdAt: doc.createdAt };
        await createOnce(couch, DB.commands, author);
        const slot: ReviewSlotDoc = { _id: reviewSlotId(userId, doc.sanctuaryId), type: 'review-slot', userId, sanctuaryId: doc.sanctuaryId, reviewId: doc._id, createdAt: doc.createdAt };
        await createOnce(couch, DB.commands, slot);
      }
      if (doc.hidden === true) {
        const { _rev, ...content } = rest;
        const record: HiddenReviewDoc = { _id: hiddenReviewId(doc._id), type: 'hidden-review', reviewId: doc._id, review: content, hiddenAt: new Date().toISOString(), hiddenBy: 'migration' };
        await createOnce(couch, DB.submissions, record);
        await withdrawReview(couch, doc);
        changed += 1;
      } else if (typeof userId === 'string') {
        try {
          await couch.call(() => couch.use(DB.reviews).insert(rest as never));
          changed += 1;
        } catch (err) {
          if (!isConflict(err)) throw err; // changed meanwhile (a vote): the next start finishes it
        }
      }
    }
    if (changed) log(`review-privacy: ${changed} reviews updated`);
  },
};

/**
 * Issue 12: owners update their listings directly, so proposed edits left pending in the queue are closed, with a
 * note saying why (the owner's account can make the change itself).
 */
const closeProposedEdits: Migration = {
  name: 'close-proposed-edits',
  async run(couch, log) {
    let closed = 0;
    for await (const doc of allDocs<{ _id: string; type?: string; status?: string }>(couch, DB.submissions)) {
      if (doc.type !== LISTING_EDIT_DOC_TYPE || doc.status !== 'pending') continue;
      const next = { ...doc, status: 'rejected', decidedAt: new Date().toISOString(), decidedBy: 'migration', reviewNotes: 'Owners now update their listings themselves: open the listing and choose "Manage listing".' };
      try {
        await couch.call(() => couch.nano.db.use(DB.submissions).insert(next as never));
        closed += 1;
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
    if (closed) log(`close-proposed-edits: ${closed} pending proposed edits closed`);
  },
};

/**
 * Issue 15: review photos were stored (and served) as the devices sent them, location and camera data included.
 * Each becomes its cleaned display size and thumbnail (media.ts), then the databases that held the files are
 * compacted so the old revisions leave the disk too: `media`, and the users' databases, whose review commands
 * carried the photos until they were published.
 */
const photoPrivacy: Migration = {
  name: 'photo-privacy',
  async run(couch, log) {
    let cleaned = 0;
    for await (const doc of allDocs<PhotoDoc>(couch, DB.media)) {
      if (doc.type !== 'photo' || !doc._attachments?.[LEGACY_ORIGINAL_ATTACHMENT]) continue;
      if (await cleanLegacyPhoto(couch, doc._id)) cleaned += 1;
    }
    const compact = (db: string) => couch.call(() => couch.nano.request({ db, path: '_compact', method: 'POST', headers: { 'content-type': 'application/json' } }));
    await compact(DB.media);
    const userDbs = ((await couch.call(() => couch.nano.request({ path: '_all_dbs' }))) as string[]).filter((name) => name.startsWith('userdb-'));
    for (const db of userDbs) await compact(db);
    log(`photo-privacy: ${cleaned} photos cleaned; media and ${userDbs.length} user databases compacted`);
  },
};

const MIGRATIONS: Migration[] = [reviewPrivacy, closeProposedEdits, photoPrivacy];

/** Runs the migrations this store has not had yet; returns their names. */
export async function runMigrations(couch: CouchClient, log: (line: string) => void = () => {}): Promise<string[]> {
  type Marker = { _id: string; _rev?: string; done: string[] };
  const scope = couch.nano.db.use<Marker>(DB.commands);
  const marker: Marker = (await getOrNull(() => scope.get(MARKER))) ?? { _id: MARKER, done: [] };
  const ran: string[] = [];
  for (const migration of MIGRATIONS) {
    if (marker.done.includes(migration.name)) continue;
    await migration.run(couch, log);
    marker.done = [...marker.done, migration.name];
    const res = await couch.call(() => scope.insert(marker));
    marker._rev = res.rev;
    ran.push(migration.name);
  }
  return ran;
}
