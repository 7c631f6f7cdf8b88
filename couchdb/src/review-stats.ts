// A listing's review figures (`stats:<sanctuaryId>`: averageRating, totalReviews), recomputed from the reviews view,
// so running it again changes nothing. The gateway runs it right after it publishes a review (so the figures reach
// devices with the review, in the same wake of their feeds: sync-gateway/src/public-feed.ts), and the workers' follower
// for every review change (workers/src/review-stats.ts), which also covers a review changed any other way.
import type { CouchClient } from './client.ts';
import { DB } from './definitions.ts';
import { REVIEW_STATS_DOC_TYPE, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';

/** Writes the listing's figures when they changed; answers them as stored. */
export async function recomputeStats(couch: CouchClient, sanctuaryId: string): Promise<ReviewStatsDoc> {
  const reviews = couch.use<ReviewDoc | ReviewStatsDoc>(DB.reviews);
  const res = await couch.call(() =>
    reviews.view('reviews', 'by_sanctuary', { startkey: [sanctuaryId], endkey: [sanctuaryId, {}], reduce: true }),
  );
  const value = res.rows[0]?.value as { sum: number; count: number } | undefined;
  const totalReviews = value?.count ?? 0;
  const ratingSum = value?.sum ?? 0;
  const averageRating = totalReviews ? Math.round((ratingSum / totalReviews) * 10) / 10 : 0;

  for (let attempt = 0; ; attempt++) {
    let current: ReviewStatsDoc | undefined;
    try {
      current = (await couch.call(() => reviews.get(statsDocId(sanctuaryId)))) as ReviewStatsDoc;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    }
    if (current && current.totalReviews === totalReviews && current.ratingSum === ratingSum) return current;
    const next: ReviewStatsDoc = {
      _id: statsDocId(sanctuaryId),
      ...(current?._rev ? { _rev: current._rev } : {}),
      type: REVIEW_STATS_DOC_TYPE,
      sanctuaryId,
      totalReviews,
      ratingSum,
      averageRating,
      updatedAt: new Date().toISOString(),
    };
    try {
      await couch.call(() => reviews.insert(next));
      return next;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 409 || attempt >= 5) throw err;
    }
  }
}
