// Keeps `stats:<sanctuaryId>` documents (averageRating, totalReviews) current from the reviews change feed.
// Each affected sanctuary is recomputed from the reviews view, so replaying a batch changes nothing.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { REVIEW_STATS_DOC_TYPE, isReviewDoc, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { followFeed, type Change } from './feed-follower.ts';

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

export function startReviewStatsWorker(couch: CouchClient, log?: (line: string) => void) {
  return followFeed<ReviewDoc>({
    couch,
    db: DB.reviews,
    name: 'review-stats',
    ...(log ? { log } : {}),
    async handle(changes: Change<ReviewDoc>[]) {
      const affected = new Set(changes.map((c) => c.doc).filter(isReviewDoc).map((d) => d.sanctuaryId));
      for (const id of affected) await recomputeStats(couch, id);
    },
  });
}
