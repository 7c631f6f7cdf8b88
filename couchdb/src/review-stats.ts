// A listing's review figures (`stats:<sanctuaryId>`: averageRating, totalReviews), recomputed from the reviews view,
// so running it again changes nothing. A new review's publication writes them with the review, in the same request
// (review-commands.ts: the devices' feeds bring both at once, sync-gateway/src/public-feed.ts); the gateway then runs
// the recomputation as a check, and the workers' follower runs it for every review change (workers/src/review-stats.ts),
// which also covers a review changed any other way and figures that lost a race with another review's.
import { readCaughtUp, type Expected } from './caught-up.ts';
import { getOrNull, type CouchClient } from './client.ts';
import { DB } from './definitions.ts';
import { REVIEW_STATS_DOC_TYPE, isVisibleReview, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';

/** A listing's figures as its published reviews give them (the reviews view's sum and count). */
export interface ReviewFigures {
  totalReviews: number;
  ratingSum: number;
}

/**
 * Reviews whose state the caller has just seen, by id: true when the listing's figures must count it (published and
 * visible), false when they must not (hidden or withdrawn). Given to a recomputation, they make it wait for a view
 * that does not show them so yet (caught-up.ts), instead of writing figures from it.
 */
export type SeenReviews = Expected;

/** Whether a review as stored is one the figures count: published, not hidden, not withdrawn (a tombstone). */
export function counted(review: ReviewDoc & { _deleted?: boolean }): boolean {
  return isVisibleReview(review) && !review._deleted;
}

/** One review as the caller holds it, for a recomputation it sets off. */
export function seenAsIs(review: ReviewDoc & { _deleted?: boolean }): SeenReviews {
  return new Map([[review._id, counted(review)]]);
}

async function figuresOf(couch: CouchClient, sanctuaryId: string, seen?: SeenReviews): Promise<ReviewFigures> {
  const reviews = couch.use<ReviewDoc | ReviewStatsDoc>(DB.reviews);
  const range = { startkey: [sanctuaryId], endkey: [sanctuaryId, {}] };
  if (!seen?.size) {
    const res = await couch.call(() => reviews.view('reviews', 'by_sanctuary', { ...range, reduce: true }));
    const value = res.rows[0]?.value as { sum: number; count: number } | undefined;
    return { totalReviews: value?.count ?? 0, ratingSum: value?.sum ?? 0 };
  }
  // The rows themselves (a listing's reviews, not many) say whether the copy read is behind what the caller saw, and
  // the count and sum come from that same read.
  const res = await readCaughtUp(
    () => couch.call(() => reviews.view<number>('reviews', 'by_sanctuary', { ...range, reduce: false })),
    (r) => r.rows.map((row) => row.id),
    seen,
    'The reviews view',
  );
  return { totalReviews: res.rows.length, ratingSum: res.rows.reduce((sum, r) => sum + r.value, 0) };
}

/** The figures' document for these figures, replacing `current` (its revision) when there is one. */
export function statsDocFor(sanctuaryId: string, { totalReviews, ratingSum }: ReviewFigures, current?: ReviewStatsDoc | null, now = new Date()): ReviewStatsDoc {
  return {
    _id: statsDocId(sanctuaryId),
    ...(current?._rev ? { _rev: current._rev } : {}),
    type: REVIEW_STATS_DOC_TYPE,
    sanctuaryId,
    totalReviews,
    ratingSum,
    averageRating: totalReviews ? Math.round((ratingSum / totalReviews) * 10) / 10 : 0,
    updatedAt: now.toISOString(),
  };
}

/**
 * The figures before a new review and the stored figures' document, read together: the review's publication writes the
 * figures with the review counted in the same request as the review (review-commands.ts), so devices get both at once.
 */
export async function readFiguresBefore(couch: CouchClient, sanctuaryId: string): Promise<ReviewFigures & { current: ReviewStatsDoc | null }> {
  const [figures, current] = await Promise.all([
    figuresOf(couch, sanctuaryId),
    getOrNull(() => couch.use<ReviewStatsDoc>(DB.reviews).get(statsDocId(sanctuaryId))),
  ]);
  return { ...figures, current };
}

/**
 * Writes the listing's figures when they changed; answers them as stored. `seen`: the reviews that set this
 * recomputation off, as the caller saw them (the view is read until it shows them so).
 */
export async function recomputeStats(couch: CouchClient, sanctuaryId: string, seen?: SeenReviews): Promise<ReviewStatsDoc> {
  const reviews = couch.use<ReviewDoc | ReviewStatsDoc>(DB.reviews);
  const { totalReviews, ratingSum } = await figuresOf(couch, sanctuaryId, seen);

  for (let attempt = 0; ; attempt++) {
    let current: ReviewStatsDoc | undefined;
    try {
      current = (await couch.call(() => reviews.get(statsDocId(sanctuaryId)))) as ReviewStatsDoc;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    }
    if (current && current.totalReviews === totalReviews && current.ratingSum === ratingSum) return current;
    const next = statsDocFor(sanctuaryId, { totalReviews, ratingSum }, current);
    try {
      await couch.call(() => reviews.insert(next));
      return next;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 409 || attempt >= 5) throw err;
    }
  }
}
