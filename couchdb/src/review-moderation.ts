// Helpful votes (private `votes` database, the count written into the public review so it replicates), review
// reports (the admins' `submissions` queue) and hiding a review, which every device then drops by replication.
import { isReviewDoc, type ReviewDoc } from '@ss/domain/review';
import {
  HELPFUL_VOTE_DOC_TYPE, REVIEW_REPORT_DOC_TYPE, helpfulVoteId, reviewReportId, type HelpfulVoteDoc, type ReviewReportDoc,
} from '@ss/domain/review-moderation';
import { type CouchClient, isConflict, isNotFound } from './client.ts';
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

async function countVotes(couch: CouchClient, reviewId: string): Promise<number> {
  const prefix = `vote:${reviewId}:`;
  const res = await couch.call(() => couch.use<HelpfulVoteDoc>(DB.votes).list({ startkey: prefix, endkey: `${prefix}\ufff0` }));
  return res.rows.length;
}

/** Writes the current vote count into the review; recounts after writing so concurrent votes converge. */
export async function syncHelpfulCount(couch: CouchClient, reviewId: string): Promise<number> {
  for (let round = 0; round < 5; round++) {
    const count = await countVotes(couch, reviewId);
    await updateReview(couch, reviewId, (doc) => ((doc.helpfulCount ?? 0) === count ? null : { ...doc, helpfulCount: count }));
    if ((await countVotes(couch, reviewId)) === count) return count;
  }
  return countVotes(couch, reviewId);
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
  return syncHelpfulCount(couch, reviewId);
}

/** Withdraws the user's vote, if any. Null when there is no such review. */
export async function withdrawHelpful(couch: CouchClient, reviewId: string, userId: string): Promise<number | null> {
  if (!(await getReviewDoc(couch, reviewId))) return null;
  const scope = couch.use<HelpfulVoteDoc>(DB.votes);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const vote = await couch.call(() => scope.get(helpfulVoteId(reviewId, userId)));
      await couch.call(() => scope.destroy(vote._id, vote._rev!));
      break;
    } catch (err) {
      if (isNotFound(err)) break;
      if (!isConflict(err)) throw err;
    }
  }
  return syncHelpfulCount(couch, reviewId);
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

/** Hides the review (replication removes it from every device's lists) and closes its open reports. */
export async function hideReview(couch: CouchClient, reviewId: string, adminId: string, now = new Date()): Promise<ReviewDoc | null> {
  const review = await updateReview(couch, reviewId, (doc) => (doc.hidden ? null : { ...doc, hidden: true }));
  if (!review) return null;
  const scope = couch.use<ReviewReportDoc>(DB.submissions);
  for (const report of await reportsOf(couch, reviewId)) {
    if (report.status !== 'open') continue;
    try {
      await couch.call(() => scope.insert({ ...report, status: 'closed', closedAt: now.toISOString(), closedBy: adminId }));
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  return review;
}
