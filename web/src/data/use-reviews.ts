// Reviews and rating stats on this device, live from the local replicated reviews database.
import { useMemo, useSyncExternalStore } from 'react';
import { REVIEW_STATS_DOC_TYPE, byNewest, isVisibleReview, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { createLiveCollection } from './live-collection';
import { loadPublicDbs } from './first-sync';

const reviewsDb = async () => (await loadPublicDbs()).reviewsDb();

const reviews = createLiveCollection(reviewsDb, isVisibleReview, (doc: ReviewDoc) => doc);
const isStatsDoc = (doc: unknown): doc is ReviewStatsDoc =>
  typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === REVIEW_STATS_DOC_TYPE;
const stats = createLiveCollection(reviewsDb, isStatsDoc, (doc: ReviewStatsDoc) => doc);

/** Every visible review, newest first. */
export function useReviews(): { status: 'loading' | 'ready'; reviews: ReviewDoc[] } {
  const snap = useSyncExternalStore(reviews.subscribe, reviews.getSnapshot, reviews.getServerSnapshot);
  const list = useMemo(() => [...snap.items.values()].sort(byNewest), [snap.items]);
  return { status: snap.status, reviews: list };
}

/** One sanctuary's visible reviews, newest first. */
export function useSanctuaryReviews(sanctuaryId: string): { status: 'loading' | 'ready'; reviews: ReviewDoc[] } {
  const snap = useSyncExternalStore(reviews.subscribe, reviews.getSnapshot, reviews.getServerSnapshot);
  const list = useMemo(() => [...snap.items.values()].filter((r) => r.sanctuaryId === sanctuaryId).sort(byNewest), [snap.items, sanctuaryId]);
  return { status: snap.status, reviews: list };
}

/** averageRating and totalReviews as kept by the stats worker; zeros until it has counted any. */
export function useReviewStats(sanctuaryId: string): { averageRating: number; totalReviews: number } {
  const snap = useSyncExternalStore(stats.subscribe, stats.getSnapshot, stats.getServerSnapshot);
  const doc = snap.items.get(statsDocId(sanctuaryId));
  return { averageRating: doc?.averageRating ?? 0, totalReviews: doc?.totalReviews ?? 0 };
}
