// Keeps `stats:<sanctuaryId>` documents (averageRating, totalReviews) current from the reviews change feed.
// Each affected sanctuary is recomputed from the reviews view (@ss/couchdb/review-stats), so replaying a batch
// changes nothing; a review the gateway published usually has its figures written already, and nothing is written.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { counted, recomputeStats } from '@ss/couchdb/review-stats';
import { isReviewDoc, type ReviewDoc } from '@ss/domain/review';
import { followFeed, type Change } from './feed-follower.ts';

export function startReviewStatsWorker(couch: CouchClient, log?: (line: string) => void) {
  return followFeed<ReviewDoc>({
    couch,
    db: DB.reviews,
    name: 'review-stats',
    ...(log ? { log } : {}),
    async handle(changes: Change<ReviewDoc>[]) {
      // Each listing's reviews in this batch, as the feed gave them: its figures are counted from a view showing them so.
      const affected = new Map<string, Map<string, boolean>>();
      for (const change of changes) {
        const doc = change.doc;
        if (!isReviewDoc(doc)) continue;
        const seen = affected.get(doc.sanctuaryId) ?? new Map<string, boolean>();
        affected.set(doc.sanctuaryId, seen.set(doc._id, !change.deleted && counted(doc)));
      }
      for (const [id, seen] of affected) await recomputeStats(couch, id, seen);
    },
  });
}
