// Review moderation for administrators: GET /api/admin/review-reports (open reports with their review) and
// POST /api/admin/reviews/{reviewId}/hide (hides it everywhere by replication, closes its reports).
import { Hono, type MiddlewareHandler } from 'hono';
import { hideReview, listOpenReports } from '@ss/couchdb/review-moderation';
import { recomputeStats, seenAsIs } from '@ss/couchdb/review-stats';
import { REVIEW_ID_PATTERN, toReviewReport } from '@ss/domain/review-moderation';
import { isAdmin, userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { sessionMiddleware, type AuthEnv } from '../session.ts';
import { REVIEW_NOT_FOUND } from './reviews.ts';

export const ADMINS_ONLY = 'Only administrators can do this.';

export function adminReviewRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  const adminOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (!isAdmin(c.get('user'))) return jsonError(c, 403, ADMINS_ONLY);
    await next();
  };
  // Per path, not '*': other admin routers share the /api/admin prefix. Like every admin route, 403 for anyone
  // but a signed-in admin, signed out or not.
  for (const path of ['/review-reports', '/reviews/*']) app.use(path, sessionMiddleware(accounts), adminOnly);

  app.get('/review-reports', async (c) => {
    const open = await listOpenReports(couch);
    c.header('Cache-Control', 'private, no-store');
    return c.json(open.map(({ report, review }) => toReviewReport(report, review)));
  });

  app.post('/reviews/:reviewId/hide', async (c) => {
    const reviewId = c.req.param('reviewId');
    const review = REVIEW_ID_PATTERN.test(reviewId) ? await hideReview(couch, reviewId, userIdOf(c.get('user')!)) : null;
    if (!review) return jsonError(c, 404, REVIEW_NOT_FOUND);
    // The listing's figures without it, at once (the workers' follower would, within a second).
    accounts.applies.run(`review figures of ${review.sanctuaryId}`, () => recomputeStats(couch, review.sanctuaryId, seenAsIs(review)));
    return c.json({ id: review._id, hidden: true });
  });

  return app;
}
