// Helpful votes (private `votes` database, the count written into the public review so it replicates), review
// reports (the admins' `submissions` queue) and hiding a review, which every device then drops by replication.
import { REVIEW_DOC_TYPE, isReviewDoc, type ReviewDoc } from '@ss/domain/review';
import {
  HELPFUL_VOTE_DOC_TYPE, REVIEW_REPORT_DOC_TYPE, helpfulVoteId, reviewReportId, type HelpfulVoteDoc, type ReviewReportDoc,
} from '@ss/domain/review-moderation';
import { type CouchClient, getOrNull, isConflict, isNotFound } from './client.ts';
import { DB } from './definitions.ts';


export async function getReviewDoc(couch: CouchClient, reviewId: string): Promise<ReviewDoc | null> {
  try {
    const doc = await couch.call(() => couch.use<ReviewDoc>(DB.reviews).get(reviewId));
    return isReviewDoc(doc) ? doc : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Changes a review, retrying when another writer changed it meanwhile; `change` returns null for "nothing to do". */
async function updateReview(couch: CouchClient, reviewId: string, change: (doc: ReviewDoc) => ReviewDoc | null): Promise<ReviewDoc | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await getReviewDoc(couch, reviewId);
    if (!current) return null;
    const next = change(current);
    if (!next) return current;
    try {
      const res = await couch.call(() => couch.use<ReviewDoc>(DB.reviews).insert(next));
      return { ...next, _rev: res.rev };
    } catch (err) {
      if (!isConflict(err) || attempt >= 9) throw err;
    }
  }
}

/** A vote the caller has just cast or withdrawn. */
interface OwnVote {
  id: string;
  cast: boolean;
}

/**
 * The review's votes, the caller's own counted as it now is: on a CouchDB cluster a range of `_all_docs` is read from
 * one copy of each shard, which may not show yet a vote the others acknowledged (see caught-up.ts).
 */
async function countVotes(couch: CouchClient, reviewId: string, mine?: OwnVote): Promise<number> {
  const prefix = `vote:${reviewId}:`;
  const res = await couch.call(() => couch.use<HelpfulVoteDoc>(DB.votes).list({ startkey: prefix, endkey: `${prefix}\ufff0` }));
  const ids = new Set(res.rows.map((r) => r.id));
  if (mine?.cast) ids.add(mine.id);
  else if (mine) ids.delete(mine.id);
  return ids.size;
}

/** Writes the current vote count into the review; recounts after writing so concurrent votes converge. */
export async function syncHelpfulCount(couch: CouchClient, reviewId: string, mine?: OwnVote): Promise<number> {
  for (let round = 0; round < 5; round++) {
    const count = await countVotes(couch, reviewId, mine);
    await updateReview(couch, reviewId, (doc) => ((doc.helpfulCount ?? 0) === count ? null : { ...doc, helpfulCount: count }));
    if ((await countVotes(couch, reviewId, mine)) === count) return count;
  }
  return countVotes(couch, reviewId, mine);
}

/** One vote per user: voting again changes nothing. Null when there is no such review. */
export async function voteHelpful(couch: CouchClient, reviewId: string, userId: string, now = new Date()): Promise<number | null> {
  if (!(await getReviewDoc(couch, reviewId))) return null;
  const vote: HelpfulVoteDoc = { _id: helpfulVoteId(reviewId, userId), type: HELPFUL_VOTE_DOC_TYPE, reviewId, userId, createdAt: now.toISOString() };
  try {
    await couch.call(() => couch.use<HelpfulVoteDoc>(DB.votes).insert(vote));
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
  return syncHelpfulCount(couch, reviewId, { id: vote._id, cast: true });
}

/** Withdraws the user's vote, if any. Null when there is no such review. */
export async function withdrawHelpful(couch: CouchClient, reviewId: string, userId: string): Promise<number | null> {
  if (!(await getReviewDoc(couch, reviewId))) return null;
  const scope = couch.use<HelpfulVoteDoc>(DB.votes);
  let withdrawn = false;
  for (let attempt = 0; attempt < 3 && !withdrawn; attempt++) {
    try {
      const vote = await couch.call(() => scope.get(helpfulVoteId(reviewId, userId)));
      await couch.call(() => scope.destroy(vote._id, vote._rev!));
      withdrawn = true;
    } catch (err) {
      if (isNotFound(err)) withdrawn = true;
      else if (!isConflict(err)) throw err;
    }
  }
  return syncHelpfulCount(couch, reviewId, withdrawn ? { id: helpfulVoteId(reviewId, userId), cast: false } : undefined);
}

export async function hasVoted(couch: CouchClient, reviewId: string, userId: string): Promise<boolean> {
  try {
    await couch.call(() => couch.use<HelpfulVoteDoc>(DB.votes).get(helpfulVoteId(reviewId, userId)));
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/** Files a report; false when this user already reported this review. */
export async function reportReview(couch: CouchClient, reviewId: string, userId: string, reason: string, now = new Date()): Promise<boolean> {
  const report: ReviewReportDoc = {
    _id: reviewReportId(reviewId, userId),
    type: REVIEW_REPORT_DOC_TYPE,
    reviewId,
    userId,
    reason,
    status: 'open',
    createdAt: now.toISOString(),
  };
  try {
    await couch.call(() => couch.use<ReviewReportDoc>(DB.submissions).insert(report));
    return true;
  } catch (err) {
    if (isConflict(err)) return false;
    throw err;
  }
}

async function reportsOf(couch: CouchClient, reviewId?: string): Promise<ReviewReportDoc[]> {
  const prefix = reviewId ? `${REVIEW_REPORT_DOC_TYPE}:${reviewId}:` : `${REVIEW_REPORT_DOC_TYPE}:`;
  const res = await couch.call(() => couch.use<ReviewReportDoc>(DB.submissions).list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true }));
  return res.rows.flatMap((r) => (r.doc?.type === REVIEW_REPORT_DOC_TYPE ? [r.doc] : []));
}

/** Open reports, oldest first, each with the review it is about (null if that review is gone). */
export async function listOpenReports(couch: CouchClient): Promise<Array<{ report: ReviewReportDoc; review: ReviewDoc | null }>> {
  const open = (await reportsOf(couch)).filter((r) => r.status === 'open').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const reviews = new Map<string, ReviewDoc | null>();
  for (const report of open) {
    if (!reviews.has(report.reviewId)) reviews.set(report.reviewId, await getReviewDoc(couch, report.reviewId));
  }
  return open.map((report) => ({ report, review: reviews.get(report.reviewId) ?? null }));
}

/** A hidden review's last public content, for the admins only (the `submissions` queue replicates to them). */
export interface HiddenReviewDoc {
  _id: string;
  _rev?: string;
  type: 'hidden-review';
  reviewId: string;
  review: Omit<ReviewDoc, '_rev'>;
  hiddenAt: string;
  hiddenBy: string;
}

export const hiddenReviewId = (reviewId: string): string => `hidden-review:${reviewId}`;

/** `/media/<key>` or `/media/<key>/thumb` → the photo document's id. */
function photoDocIdOfUrl(url: string): string | null {
  const key = /^\/media\/([0-9a-f]{32}-[0-4])(?:\/thumb)?$/.exec(url)?.[1];
  return key ? `photo:${key}` : null;
}

/**
 * Hides a review: gone from every public path, not just from lists (issue 19). Its content is kept for the admins
 * in `submissions`, the public document becomes a deletion (which replication carries to every device, and
 * which keeps only what the stats need), its photos leave `media` (so /media answers 404), and its open reports
 * are closed. Each step is idempotent; hiding twice changes nothing.
 */
export async function hideReview(couch: CouchClient, reviewId: string, adminId: string, now = new Date()): Promise<ReviewDoc | null> {
  const review = await getReviewDoc(couch, reviewId);
  if (!review) {
    // Already hidden: the same answer again.
    const hidden = await getOrNull(() => couch.use<HiddenReviewDoc>(DB.submissions).get(hiddenReviewId(reviewId)));
    return hidden ? ({ ...hidden.review, hidden: true } as ReviewDoc) : null;
  }
  const { _rev, ...content } = review;
  const record: HiddenReviewDoc = { _id: hiddenReviewId(reviewId), type: 'hidden-review', reviewId, review: content, hiddenAt: now.toISOString(), hiddenBy: adminId };
  try {
    await couch.call(() => couch.use<HiddenReviewDoc>(DB.submissions).insert(record));
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
  await withdrawReview(couch, review);
  const scope = couch.use<ReviewReportDoc>(DB.submissions);
  for (const report of await reportsOf(couch, reviewId)) {
    if (report.status !== 'open') continue;
    try {
      await couch.call(() => scope.insert({ ...report, status: 'closed', closedAt: now.toISOString(), closedBy: adminId }));
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  return { ...review, hidden: true };
}

/**
 * Takes a review off every public path: its photos out of `media`, then the review itself deleted, leaving a
 * tombstone with its type and listing only (the stats worker recounts that listing from it).
 */
export async function withdrawReview(couch: CouchClient, review: ReviewDoc): Promise<void> {
  const media = couch.use<{ _id: string; _rev: string }>(DB.media);
  const photoIds = new Set([...review.photos, ...(review.thumbnails ?? [])].map(photoDocIdOfUrl).filter((id): id is string => id !== null));
  for (const id of photoIds) {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const doc = await couch.call(() => media.get(id));
        await couch.call(() => media.destroy(id, doc._rev));
        break;
      } catch (err) {
        if (isNotFound(err)) break;
        if (!isConflict(err)) throw err;
      }
    }
  }
  for (let attempt = 0; ; attempt++) {
    const current = await getReviewDoc(couch, review._id);
    if (!current) return;
    try {
      await couch.call(() =>
        couch.use(DB.reviews).insert({ _id: current._id, _rev: current._rev, _deleted: true, type: REVIEW_DOC_TYPE, sanctuaryId: current.sanctuaryId } as never),
      );
      return;
    } catch (err) {
      if (!isConflict(err) || attempt >= 9) throw err;
    }
  }
}
