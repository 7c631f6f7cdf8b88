// GET /api/community/reviews: the newest visible reviews across every sanctuary.
import { Hono } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { toCommunityReview } from '@ss/domain/review';

/** The page shows 10; the API returns a few more so clients can page locally. */
const COMMUNITY_API_LIMIT = 50;

export function communityRoutes(couch: CouchClient) {
  const app = new Hono();
  app.get('/reviews', async (c) => {
    const docs = await couch.reviews.recent(COMMUNITY_API_LIMIT);
    return c.json(docs.map(toCommunityReview));
  });
  return app;
}
