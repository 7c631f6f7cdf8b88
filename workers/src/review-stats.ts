// Keeps `stats:<sanctuaryId>` documents (averageRating, totalReviews) current from the reviews change feed.
// Each affected sanctuary is recomputed from the reviews view (@ss/couchdb/review-stats), so replaying a batch
// changes nothing; a review the gateway published usually has its figures written already, and nothing is written.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { recomputeStats } from '@ss/couchdb/review-stats';
import { isReviewDoc, type ReviewDoc } from '@ss/domain/review';
import { followFeed, type Change } from './feed-follower.ts';

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
