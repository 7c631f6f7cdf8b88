// Review commands, server side: the checks a pushed command needs beyond its schema (photo bytes, sanctuary,
// immutability), and the idempotent apply shared by the gateway and the sweep worker: photos into `media`, the
// public review into `reviews` (ids derived from the command's), then the outcome written back into the command.
import type { DocumentScope } from 'nano';
import { MAX_PHOTO_BYTES } from '@ss/domain/constants';
import { sniffPhotoType, type PhotoType } from '@ss/domain/photo-bytes';
import { REVIEW_DOC_TYPE, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import {
  REVIEW_PHOTO_ATTACHMENT_PATTERN, photoDocId, photoUrl, reviewCommandHex, reviewIdForHex, thumbnailUrl,
  type ReviewCommandDoc,
} from '@ss/domain/review-command';
import { reviewCommandDocSchema, reviewCommandPushSchema } from '@ss/domain/review-command-schema';
import { checkUserDbDoc, type UserDbWriteOptions } from '@ss/domain/user-db';
import { isUserDoc, userDocId, type UserDoc } from '@ss/domain/user';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { type CouchClient, getOrNull, isConflict, isNotFound } from './client.ts';
import { DB, userDbName } from './definitions.ts';
import { ensureUserDb } from './user-db.ts';
import { DISPLAY_ATTACHMENT, THUMBNAIL_ATTACHMENT, type PhotoDoc } from './media.ts';
import { cleanInlineAttachments, processPhoto, type ProcessedPhoto } from './photo-processing.ts';
import { readFiguresBefore, recomputeStats, seenAsIs, statsDocFor } from './review-stats.ts';

export type CommandCheck = { ok: true } | { ok: false; reason: string };

/** The private index entry that lets the sweep find a command accepted but not yet finished. */
export interface PendingCommandDoc {
  _id: string;
  _rev?: string;
  type: 'pending-command';
  userId: string;
  commandId: string;
  createdAt: string;
}

/**
 * Who wrote a published review, kept private in `commands` (the public review names no account): by review id,
 * so a command id that maps onto another user's review is never published as theirs.
 */
export interface ReviewAuthorDoc {
  _id: string;
  _rev?: string;
  type: 'review-author';
  reviewId: string;
  userId: string;
  sanctuaryId: string;
  commandId: string;
  createdAt: string;
}

/** One published review per user and listing (issue 19, rating stuffing): `review-slot:<userId>:<sanctuaryId>`. */
export interface ReviewSlotDoc {
  _id: string;
  _rev?: string;
  type: 'review-slot';
  userId: string;
  sanctuaryId: string;
  reviewId: string;
  createdAt: string;
}

export const reviewAuthorId = (reviewId: string): string => `review-author:${reviewId}`;
export const reviewSlotId = (userId: string, sanctuaryId: string): string => `review-slot:${userId}:${sanctuaryId}`;
export const ONE_REVIEW_PER_LISTING = 'You have already reviewed this sanctuary.';
const REVIEW_ID_TAKEN = 'This review could not be published. Please write it again.';

/** The ids of every review the user has published (their review slots, one per listing). */
export async function publishedReviewIdsOf(couch: CouchClient, userId: string): Promise<string[]> {
  const prefix = reviewSlotId(userId, '');
  const res = await couch.call(() => couch.use<ReviewSlotDoc>(DB.commands).list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true }));
  return res.rows.flatMap((r) => (r.doc?.type === 'review-slot' && r.doc.userId === userId ? [r.doc.reviewId] : []));
}

/** The user's published review of this listing, if any (its id). */
async function reviewSlotOf(couch: CouchClient, userId: string, sanctuaryId: string): Promise<ReviewSlotDoc | null> {
  return getOrNull(() => couch.use<ReviewSlotDoc>(DB.commands).get(reviewSlotId(userId, sanctuaryId)));
}

/**
 * Makes this user the author of `reviewId` and gives them the listing's one review slot, both create-only, so
 * that of two commands racing for either, exactly one wins; a retry of the same command finds both its own. Both
 * claims go in one request (one round trip to the store before the review can be written).
 */
async function claimAuthorship(couch: CouchClient, userId: string, command: ReviewCommandDoc, reviewId: string): Promise<{ ok: true; first: boolean } | { ok: false; reason: string }> {
  const scope = couch.use<ReviewAuthorDoc | ReviewSlotDoc>(DB.commands);
  const createdAt = command.createdAt;
  const author: ReviewAuthorDoc = { _id: reviewAuthorId(reviewId), type: 'review-author', reviewId, userId, sanctuaryId: command.sanctuaryId, commandId: command._id, createdAt };
  const slot: ReviewSlotDoc = { _id: reviewSlotId(userId, command.sanctuaryId), type: 'review-slot', userId, sanctuaryId: command.sanctuaryId, reviewId, createdAt };
  const results = await couch.call(() => scope.bulk({ docs: [author, slot] }));
  const [authorship, listingSlot] = await Promise.all([storedOrExisting(couch, scope, results, author), storedOrExisting(couch, scope, results, slot)]);
  if (authorship.held.userId !== userId) {
    // Another account's review has this id: the slot, if it was taken for it, is given back (never to be published).
    if (listingSlot.held.reviewId === reviewId) await couch.call(() => scope.destroy(slot._id, listingSlot.held._rev!));
    return { ok: false, reason: REVIEW_ID_TAKEN };
  }
  if (listingSlot.held.reviewId !== reviewId) return { ok: false, reason: ONE_REVIEW_PER_LISTING };
  // `first`: this call made the author claim, so nothing before it can have stored the review.
  return { ok: true, first: authorship.created };
}

export type ApplyResult =
  | { status: 'published'; reviewId: string; review: ReviewDoc | null }
  | { status: 'rejected'; reason: string }
  | { status: 'missing' };

export const pendingCommandId = (userId: string, hex: string): string => `pending:${userId}:${hex}`;

const refuse = (reason: string): CommandCheck => ({ ok: false, reason });
const userDb = <T extends object>(couch: CouchClient, userId: string): DocumentScope<T> => couch.nano.db.use<T>(userDbName(userId));


interface CheckedPhoto {
  index: number;
  name: string;
  type: PhotoType;
  data: string;
  bytes: number;
}

/** "Photo 2" for attachment photo-1. */
export const photoLabel = (name: string): string => `Photo ${Number(name.slice('photo-'.length)) + 1}`;

/** Decodes and sniffs every photo attachment, in index order; a refusal names the photo and the problem. */
export function checkPhotos(attachments: ReviewCommandDoc['_attachments']): { ok: true; photos: CheckedPhoto[] } | { ok: false; reason: string } {
  const photos: CheckedPhoto[] = [];
  for (const [name, att] of Object.entries(attachments ?? {})) {
    if (!REVIEW_PHOTO_ATTACHMENT_PATTERN.test(name)) return { ok: false, reason: 'Photo attachments are named photo-0 to photo-4.' };
    const index = Number(name.slice('photo-'.length));
    if (typeof att.data !== 'string') return { ok: false, reason: 'Photos must be sent with the review.' };
    const bytes = Buffer.from(att.data, 'base64');
    const label = `Photo ${index + 1}`;
    if (bytes.length > MAX_PHOTO_BYTES) {
      return { ok: false, reason: `${label} is ${(bytes.length / (1024 * 1024)).toFixed(1)} MB; each photo can be at most 5 MB.` };
    }
    if (bytes.length === 0) return { ok: false, reason: `${label} is empty.` };
    const type = sniffPhotoType(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!type) return { ok: false, reason: `${label} is not a JPEG, PNG or WebP image.` };
    photos.push({ index, name, type, data: att.data, bytes: bytes.length });
  }
  return { ok: true, photos: photos.sort((a, b) => a.index - b.index) };
}

/**
 * The checks of a pushed review command that need the store or the bytes, after checkUserDbDoc accepted its
 * shape: the photos really are JPEG, PNG or WebP within the size limit, and the sanctuary exists. (That a command
 * is new, since commands are immutable, is checked for every kind of command where they arrive: the gateway's
 * /db/me, and the form's path, which makes a new id.)
 */
export async function checkReviewCommandPush(couch: CouchClient, doc: ReviewCommandDoc, userId: string, known?: ReviewContext): Promise<CommandCheck> {
  const photos = checkPhotos(doc._attachments);
  if (!photos.ok) return refuse(photos.reason);
  // Told at once when it can be; the apply claims the slot for good (claimAuthorship). Both reads at once, or
  // none when the caller read them already (readReviewContext).
  const context = contextFor(known, userId, doc.sanctuaryId);
  const [sanctuary, slot] = context ? [context.sanctuary, context.slot] : await Promise.all([couch.sanctuaries.get(doc.sanctuaryId), reviewSlotOf(couch, userId, doc.sanctuaryId)]);
  if (!sanctuary) return refuse(`There is no sanctuary "${doc.sanctuaryId}".`);
  const hex = reviewCommandHex(doc._id);
  if (slot && hex && slot.reviewId !== reviewIdForHex(hex)) return refuse(ONE_REVIEW_PER_LISTING);
  return { ok: true };
}

/**
 * What publishing a user's review of a listing reads from the store: the listing, the user's review slot for it,
 * the user's account, and the listing's figures before the review. The multipart POST reads them all at once, while
 * the form is parsed, so the check and the publication need no reads of their own: two round trips to the store
 * fewer before the answer (issue 16), and the figures are at hand when the review is written.
 */
export interface ReviewContext {
  userId: string;
  sanctuaryId: string;
  sanctuary: SanctuaryDoc | null;
  slot: ReviewSlotDoc | null;
  author: UserDoc | null;
  /** The listing's figures before the review (null when they could not be read); not waited for here. */
  figures: Promise<FiguresBefore | null>;
}

type FiguresBefore = Awaited<ReturnType<typeof readFiguresBefore>>;

export async function readReviewContext(couch: CouchClient, userId: string, sanctuaryId: string): Promise<ReviewContext> {
  const figures = readFiguresBefore(couch, sanctuaryId).catch(() => null);
  const [sanctuary, slot, author] = await Promise.all([couch.sanctuaries.get(sanctuaryId), reviewSlotOf(couch, userId, sanctuaryId), authorOf(couch, userId)]);
  return { userId, sanctuaryId, sanctuary, slot, author, figures };
}

/** `known` when it was read for this user's review of this listing, else undefined (the reads are made). */
const contextFor = (known: ReviewContext | undefined, userId: string, sanctuaryId: string) => (known?.userId === userId && known.sanctuaryId === sanctuaryId ? known : undefined);

/** Every check a device's command goes through: the shared document rules, then the store-side ones. */
export async function checkReviewCommand(couch: CouchClient, doc: unknown, userId: string, options: UserDbWriteOptions = {}, known?: ReviewContext): Promise<CommandCheck> {
  const verdict = checkUserDbDoc(doc, userId, options);
  if (!verdict.ok) {
    // A schema problem is told in the form's own words ("Please write a comment."), without the field path.
    const parsed = reviewCommandPushSchema.safeParse(doc);
    const plain = verdict.reason.startsWith('Invalid ') && !parsed.success ? parsed.error.issues[0]?.message : undefined;
    return refuse(plain ?? verdict.reason);
  }
  return checkReviewCommandPush(couch, doc as ReviewCommandDoc, userId, known);
}

/**
 * Notes an accepted command in the private index as it is stored, so a crash at any later point is swept within
 * seconds (sweepPendingCommands; a command whose note was lost is found by the slower user-command sweep).
 */
export async function recordPendingCommand(couch: CouchClient, userId: string, commandId: string, now = new Date()): Promise<void> {
  const hex = reviewCommandHex(commandId);
  if (!hex) throw new Error('Not a review command id');
  const entry: PendingCommandDoc = { _id: pendingCommandId(userId, hex), type: 'pending-command', userId, commandId, createdAt: now.toISOString() };
  try {
    await couch.call(() => couch.use<PendingCommandDoc>(DB.commands).insert(entry));
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

async function clearPendingCommand(couch: CouchClient, userId: string, hex: string): Promise<void> {
  const scope = couch.use<PendingCommandDoc>(DB.commands);
  for (let attempt = 0; attempt < 3; attempt++) {
    const entry = await getOrNull(() => scope.get(pendingCommandId(userId, hex)));
    if (!entry) return;
    try {
      await couch.call(() => scope.destroy(entry._id, entry._rev!));
      return;
    } catch (err) {
      if (!isConflict(err) && !isNotFound(err)) throw err;
    }
  }
}

/** Writes a document with a deterministic id; an existing one that `same` recognises counts as done. */
async function putOnce<T extends { _id: string }>(couch: CouchClient, scope: DocumentScope<T>, doc: T, same: (existing: T) => boolean): Promise<T> {
  try {
    await couch.call(() => scope.insert(doc));
    return doc;
  } catch (err) {
    if (!isConflict(err)) throw err;
    const existing = await couch.call(() => scope.get(doc._id));
    if (!same(existing)) throw new Error(`${doc._id} already exists with different content`);
    return existing;
  }
}

async function authorOf(couch: CouchClient, userId: string): Promise<UserDoc | null> {
  const doc = await getOrNull(() => couch.use<UserDoc>(DB.users).get(userDocId(userId)));
  return isUserDoc(doc) ? doc : null;
}

/** The name a review is shown under: the username, else the first name. */
export function reviewerName(user: Pick<UserDoc, 'username' | 'firstName'>): string {
  return user.username?.trim() || user.firstName.trim() || 'Seeker';
}

/**
 * Step one of the apply: the photos into `media` and the public review into `reviews`, ids derived from the
 * command's. Running it again (a retry, the sweep after a crash) writes nothing new. Rejects with a reason
 * instead when the command cannot be published.
 */
export async function publishReviewCommand(
  couch: CouchClient,
  userId: string,
  command: ReviewCommandDoc,
  known?: ReviewContext,
): Promise<{ ok: true; review: ReviewDoc } | { ok: false; reason: string }> {
  const hex = reviewCommandHex(command._id);
  if (!hex) return { ok: false, reason: 'This is not a review command.' };
  const parsed = reviewCommandDocSchema.safeParse(command);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'The review is not valid.' };
  if (command.ownerId !== userId) return { ok: false, reason: 'This review belongs to another account.' };
  const photos = checkPhotos(command._attachments);
  if (!photos.ok) return photos;
  const context = contextFor(known, userId, command.sanctuaryId);
  const [sanctuary, author] = context ? [context.sanctuary, context.author] : await Promise.all([couch.sanctuaries.get(command.sanctuaryId), authorOf(couch, userId)]);
  if (!sanctuary) return { ok: false, reason: `There is no sanctuary "${command.sanctuaryId}".` };
  if (!author) return { ok: false, reason: 'The account that wrote this review no longer exists.' };

  const reviewId = reviewIdForHex(hex);
  // The listing's figures are written with the review (below): what they are without it is read beforehand (the POST
  // reads them with its other reads), else while the claims are written.
  const figuresBefore = context?.figures ?? readFiguresBefore(couch, command.sanctuaryId).catch(() => null);
  const authorship = await claimAuthorship(couch, userId, command, reviewId);
  if (!authorship.ok) return authorship;
  const media = couch.use<PhotoDoc>(DB.media);
  for (const photo of photos.photos) {
    let sized: ProcessedPhoto;
    try {
      sized = await processPhoto(Buffer.from(photo.data, 'base64'));
    } catch (err) {
      return { ok: false, reason: `${photoLabel(photo.name)} ${(err as Error).message}.` };
    }
    const doc: PhotoDoc = {
      _id: photoDocId(hex, photo.index),
      type: 'photo',
      schemaVersion: 1,
      reviewId,
      sanctuaryId: command.sanctuaryId,
      createdAt: command.createdAt,
      _attachments: {
        [DISPLAY_ATTACHMENT]: { content_type: sized.contentType, data: sized.display.toString('base64') },
        [THUMBNAIL_ATTACHMENT]: { content_type: sized.contentType, data: sized.thumb.toString('base64') },
      },
    };
    await putOnce(couch, media, doc, (existing) => existing.reviewId === reviewId);
  }

  const review: ReviewDoc = {
    _id: reviewId,
    type: REVIEW_DOC_TYPE,
    schemaVersion: 1,
    sanctuaryId: sanctuary._id,
    sanctuaryName: sanctuary.name,
    sanctuaryCity: sanctuary.city,
    sanctuaryState: sanctuary.state,
    username: reviewerName(author),
    rating: command.rating,
    title: command.title,
    comment: command.comment,
    visitDate: command.visitDate,
    createdAt: command.createdAt,
    photos: photos.photos.map((p) => photoUrl(hex, p.index)),
    thumbnails: photos.photos.map((p) => thumbnailUrl(hex, p.index)),
  };
  // Authorship is settled above; an existing review under this id is this command's, written before a crash.
  const same = (existing: ReviewDoc) => existing.createdAt === command.createdAt && existing.sanctuaryId === command.sanctuaryId;
  // The first publication of this review writes the listing's figures with it counted, in the same request: every
  // device's feed brings the review and its figures together, with no wait for a recomputation. A retry (the figures
  // may already count the review) writes the review alone; the figures are then the recomputation's (review-stats.ts).
  // Only when they are at hand: a view slow to answer (its index catching up) must not hold the review back; the
  // figures then follow it (the recomputation).
  const before = authorship.first ? await settledWithin(figuresBefore, FIGURES_GRACE_MS) : null;
  const stored = before
    ? await putWithFigures(couch, review, statsDocFor(sanctuary._id, { totalReviews: before.totalReviews + 1, ratingSum: before.ratingSum + command.rating }, before.current), same)
    : await putOnce(couch, couch.use<ReviewDoc>(DB.reviews), review, same);
  return { ok: true, review: stored };
}

/** How long a review, otherwise ready to be stored, waits for the figures read beside its claims. */
const FIGURES_GRACE_MS = 250;

/** The promise's value if it settles within `ms`, else null. */
function settledWithin<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The review and its listing's new figures in one `_bulk_docs` request. A conflict on the figures (another review's were written since they were read) leaves them to the
 * recomputation that follows every review; a conflict on the review is handled as in putOnce, and then the figures,
 * counted from a view that may already hold it, are recomputed at once.
 */
async function putWithFigures(couch: CouchClient, review: ReviewDoc, figures: ReviewStatsDoc, same: (existing: ReviewDoc) => boolean): Promise<ReviewDoc> {
  const scope = couch.use<ReviewDoc | ReviewStatsDoc>(DB.reviews);
  const results = await couch.call(() => scope.bulk({ docs: [review, figures] }));
  const { held, created } = await storedOrExisting(couch, scope, results, review);
  if (created) return review;
  if (!same(held)) throw new Error(`${review._id} already exists with different content`);
  await recomputeStats(couch, review.sanctuaryId, seenAsIs(held));
  return held;
}

/**
 * A create-only document of a `_bulk_docs` request as stored: this one (`created`), or the one already there (a
 * conflict). Answers are matched by id: PouchDB Server's come out of order.
 */
async function storedOrExisting<T extends { _id: string; _rev?: string }>(
  couch: CouchClient,
  scope: { get(id: string): Promise<unknown> },
  results: Array<{ id?: string; rev?: string; error?: string; reason?: string }>,
  doc: T,
): Promise<{ held: T; created: boolean }> {
  const result = results.find((r) => r.id === doc._id);
  if (result && !result.error) return { held: { ...doc, _rev: result.rev }, created: true };
  if (result?.error !== 'conflict') throw new Error(`Storing ${doc._id}: ${result?.reason ?? result?.error ?? 'no answer from the store'}`);
  return { held: (await couch.call(() => scope.get(doc._id))) as T, created: false };
}

export type Outcome = { status: 'published'; review: ReviewDoc } | { status: 'rejected'; reason: string };

/**
 * Step two: the outcome into the command in the user's database, which replicates back to the device. The
 * photos leave the command (they now live in `media`); a command already finished is left alone.
 */
export async function writeReviewOutcome(couch: CouchClient, userId: string, commandId: string, outcome: Outcome, now = new Date()): Promise<ReviewCommandDoc | null> {
  const scope = userDb<ReviewCommandDoc>(couch, userId);
  for (let attempt = 0; ; attempt++) {
    const current = await getOrNull(() => scope.get(commandId));
    if (!current) return null;
    if (current.status !== 'pending') return current;
    const { _attachments: _photos, ...rest } = current;
    const next: ReviewCommandDoc =
      outcome.status === 'published'
        ? {
            ...rest,
            status: 'published',
            reviewId: outcome.review._id,
            photoUrls: outcome.review.photos,
            thumbnailUrls: outcome.review.thumbnails ?? [],
            processedAt: now.toISOString(),
          }
        : { ...rest, status: 'rejected', reason: outcome.reason, processedAt: now.toISOString() };
    try {
      const res = await couch.call(() => scope.insert(next));
      return { ...next, _rev: res.rev };
    } catch (err) {
      if (!isConflict(err) || attempt >= 4) throw err;
    }
  }
}

/** Applies one command from start to finish; safe to call any number of times, from any process. */
/**
 * Runs bookkeeping that may follow the answer (the command's outcome on the user's devices, the pending index):
 * the gateway passes its apply queue, so a review POST is answered once the review itself is stored. A crash in
 * between leaves the pending entry, and the workers' sweep finishes the command (publishing is idempotent).
 */
export type FinishLater = (label: string, work: () => Promise<unknown>) => void;

/**
 * @param stored the command as this process just stored it (with its photos inline), saving the read
 * @param known the reads of the listing and the account made beforehand (readReviewContext); used only when they are
 *   of this user and this listing (contextFor)
 */
export async function applyReviewCommand(
  couch: CouchClient,
  userId: string,
  commandId: string,
  now = new Date(),
  finishLater?: FinishLater,
  stored?: ReviewCommandDoc,
  known?: ReviewContext,
): Promise<ApplyResult> {
  const hex = reviewCommandHex(commandId);
  if (!hex) throw new Error('Not a review command id');
  const command = stored?._id === commandId ? stored : await getOrNull(() => userDb<ReviewCommandDoc>(couch, userId).get(commandId, { attachments: true }));
  if (!command) {
    await clearPendingCommand(couch, userId, hex);
    return { status: 'missing' };
  }
  let result: ApplyResult;
  if (command.status === 'published') {
    result = { status: 'published', reviewId: command.reviewId ?? reviewIdForHex(hex), review: null };
  } else if (command.status === 'rejected') {
    result = { status: 'rejected', reason: command.reason ?? '' };
  } else {
    const published = await publishReviewCommand(couch, userId, command, known);
    const outcome: Outcome = published.ok ? { status: 'published', review: published.review } : { status: 'rejected', reason: published.reason };
    const finish = async () => {
      await writeReviewOutcome(couch, userId, commandId, outcome, now);
      await clearPendingCommand(couch, userId, hex);
    };
    if (finishLater) finishLater(`review command ${commandId}`, finish);
    else await finish();
    return published.ok ? { status: 'published', reviewId: published.review._id, review: published.review } : { status: 'rejected', reason: published.reason };
  }
  await clearPendingCommand(couch, userId, hex);
  return result;
}

/** Finishes every indexed command older than `olderThanMs` (the gateway normally finishes them at once). */
export async function sweepPendingCommands(
  couch: CouchClient,
  { olderThanMs = 5000, now = new Date(), log = (line: string) => console.log(line) }: { olderThanMs?: number; now?: Date; log?: (line: string) => void } = {},
): Promise<number> {
  const res = await couch.call(() => couch.use<PendingCommandDoc>(DB.commands).list({ startkey: 'pending:', endkey: 'pending:\ufff0', include_docs: true }));
  let finished = 0;
  for (const row of res.rows) {
    const entry = row.doc;
    if (!entry || Date.parse(entry.createdAt) > now.getTime() - olderThanMs) continue;
    try {
      await applyReviewCommand(couch, entry.userId, entry.commandId, now);
      finished += 1;
    } catch (err) {
      log(`[workers] review-commands: ${entry.commandId} of ${entry.userId}: ${(err as Error).message}`);
    }
  }
  return finished;
}

/**
 * The multipart POST's path: the command is checked like a pushed one, stored in the user's own database (so
 * every device sees it), indexed and applied at once. `known`: the reads the check and the publication need,
 * made by the caller beforehand (readReviewContext).
 */
export async function submitReviewCommand(
  couch: CouchClient,
  userId: string,
  command: ReviewCommandDoc,
  finishLater?: FinishLater,
  known?: ReviewContext,
): Promise<ApplyResult | { status: 'refused'; reason: string }> {
  const check = await checkReviewCommand(couch, command, userId, {}, known);
  if (!check.ok) return { status: 'refused', reason: check.reason };
  // Nothing of the files as sent is stored: each photo is re-encoded from its pixels first (photo-processing.ts).
  const cleaned = await cleanInlineAttachments(command);
  if (!cleaned.ok) return { status: 'refused', reason: `${photoLabel(cleaned.name)} ${cleaned.reason}.` };
  const insert = () => couch.call(() => userDb<ReviewCommandDoc>(couch, userId).insert(command));
  const store = async () => {
    try {
      await insert();
    } catch (err) {
      // An account made before its database was (registration makes it now): made here, then the command stored.
      if (!isNotFound(err)) throw err;
      await ensureUserDb(couch, userId);
      await insert();
    }
  };
  // The pending note and the command are written at the same time (one round trip before the answer, not two). A crash
  // between the two leaves a note whose command is missing (the note's sweep clears it) or a command with no note (the
  // user-command sweep finds it in the user's database: user-command-sweep.ts).
  await Promise.all([recordPendingCommand(couch, userId, command._id), store()]);
  // Applied from the command just stored, not read back: the same document, one request less.
  return applyReviewCommand(couch, userId, command._id, new Date(), finishLater, command, known);
}
