// GET /api/sanctuaries, /api/sanctuaries/{id}, /{id}/reviews and /{id}/stats: the spec's read facade for
// clients that do not replicate.
import { Hono } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { toSanctuary } from '@ss/domain/sanctuary';
import { toReview } from '@ss/domain/review';
import { jsonError } from '../errors.ts';

export const SANCTUARY_NOT_FOUND = 'Sanctuary not found';

export function sanctuaryRoutes(couch: CouchClient) {
  const app = new Hono();

  app.get('/', async (c) => {
    const docs = await couch.sanctuaries.list();
    return c.json(docs.map(toSanctuary));
  });

  app.get('/:id', async (c) => {
    const doc = await couch.sanctuaries.get(c.req.param('id'));
    return doc ? c.json(toSanctuary(doc)) : jsonError(c, 404, SANCTUARY_NOT_FOUND);
  });

  app.get('/:id/reviews', async (c) => {
    const id = c.req.param('id');
    if (!(await couch.sanctuaries.get(id))) return jsonError(c, 404, SANCTUARY_NOT_FOUND);
    const reviews = await couch.reviews.forSanctuary(id);
    return c.json(reviews.map(toReview));
  });

  app.get('/:id/stats', async (c) => {
    const id = c.req.param('id');
    if (!(await couch.sanctuaries.get(id))) return jsonError(c, 404, SANCTUARY_NOT_FOUND);
    const stats = await couch.reviews.stats(id);
    return c.json({ averageRating: stats?.averageRating ?? 0, totalReviews: stats?.totalReviews ?? 0 });
  });

  return app;
}
