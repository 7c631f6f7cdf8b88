// Published reviews on this device, newest first, live from the local replicated reviews database.
import { useMemo, useSyncExternalStore } from 'react';
import { byNewest, isVisibleReview, type ReviewDoc } from '@ss/domain/review';
import { createLiveCollection } from './live-collection';
import { reviewsDb } from './local-db';

const collection = createLiveCollection(reviewsDb, isVisibleReview, (doc: ReviewDoc) => doc);

export function useReviews(): { status: 'loading' | 'ready'; reviews: ReviewDoc[] } {
  const snap = useSyncExternalStore(collection.subscribe, collection.getSnapshot);
  const reviews = useMemo(() => [...snap.items.values()].sort(byNewest), [snap.items]);
  return { status: snap.status, reviews };
}
