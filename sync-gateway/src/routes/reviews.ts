// /api/reviews/{reviewId}/helpful (POST votes, DELETE withdraws; one vote per user) and /report (one report per
// user per review, into the admins' queue). Signed-in users only.
import { Hono, type Context } from 'hono';
import { getReviewDoc, hasVoted, reportReview, voteHelpful, withdrawHelpful } from '@ss/couchdb/review-moderation';
import { REVIEW_ID_PATTERN, reviewReportSchema, type HelpfulResult } from '@ss/domain/review-moderation';
import { userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { requireUser, sessionMiddleware, type AuthEnv } from '../session.ts';

export const REVIEW_NOT_FOUND = 'Review not found';
export const ALREADY_REPORTED = 'You have already reported this review.';

export function reviewRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  app.use('*', sessionMiddleware(accounts), requireUser);

  const reviewIdOf = (c: Context) => {
    const id = c.req.param('reviewId') ?? '';
    return REVIEW_ID_PATTERN.test(id) ? id : null;
  };

  app.post('/:reviewId/helpful', async (c) => {
    const reviewId = reviewIdOf(c);
    const count = reviewId ? await voteHelpful(couch, reviewId, userIdOf(c.get('user')!)) : null;
    if (count === null) return jsonError(c, 404, REVIEW_NOT_FOUND);
    return c.json({ helpfulCount: count, voted: true } satisfies HelpfulResult);
  });

  app.delete('/:reviewId/helpful', async (c) => {
    const reviewId = reviewIdOf(c);
    const count = reviewId ? await withdrawHelpful(couch, reviewId, userIdOf(c.get('user')!)) : null;
    if (count === null) return jsonError(c, 404, REVIEW_NOT_FOUND);
    return c.json({ helpfulCount: count, voted: false } satisfies HelpfulResult);
  });

  app.get('/:reviewId/helpful', async (c) => {
    const reviewId = reviewIdOf(c);
    if (!reviewId) return jsonError(c, 404, REVIEW_NOT_FOUND);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ voted: await hasVoted(couch, reviewId, userIdOf(c.get('user')!)) });
  });

  app.post('/:reviewId/report', accountBodyLimit, async (c) => {
    const reviewId = reviewIdOf(c);
    const { reason } = await parseJson(c, reviewReportSchema);
    if (!reviewId || !(await getReviewDoc(couch, reviewId))) return jsonError(c, 404, REVIEW_NOT_FOUND);
    const created = await reportReview(couch, reviewId, userIdOf(c.get('user')!), reason);
    if (!created) return jsonError(c, 409, ALREADY_REPORTED);
    return c.json({ reported: true }, 201);
  });

  return app;
}
