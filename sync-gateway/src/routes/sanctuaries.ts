// GET /api/sanctuaries, /api/sanctuaries/{id}, /{id}/reviews and /{id}/stats: the spec's read facade for
// clients that do not replicate; POST /{id}/reviews: the spec's multipart review form, applied like a command.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CouchClient } from '@ss/couchdb/client';
import { ONE_REVIEW_PER_LISTING, readReviewContext, submitReviewCommand } from '@ss/couchdb/review-commands';
import { recomputeStats, seenAsIs } from '@ss/couchdb/review-stats';
import { firstIssueMessage } from '@ss/domain/auth';
import { ALLOWED_PHOTO_TYPES, MAX_REVIEW_PHOTOS } from '@ss/domain/constants';
import { sniffPhotoType } from '@ss/domain/photo-bytes';
import { toSanctuary } from '@ss/domain/sanctuary';
import { toReview } from '@ss/domain/review';
import { REVIEW_MESSAGES, newReviewCommand, reviewPhotoAttachmentName, type ReviewCommandAttachment } from '@ss/domain/review-command';
import { reviewFormSchema } from '@ss/domain/review-command-schema';
import { userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { requireUser, sessionMiddleware, type AuthEnv } from '../session.ts';
import { MAX_USER_DB_BODY_BYTES } from '../limits.ts';

export const SANCTUARY_NOT_FOUND = 'Sanctuary not found';

export function sanctuaryRoutes(couch: CouchClient, accounts: Accounts) {
  const app = new Hono<AuthEnv>();

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

  app.post(
    '/:id/reviews',
    sessionMiddleware(accounts),
    requireUser,
    bodyLimit({ maxSize: MAX_USER_DB_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
    async (c) => {
      const id = c.req.param('id');
      const userId = userIdOf(c.get('user')!);
      // The listing, the user's slot for it and the account are read while the form is parsed: the check and the
      // publication below need no reads of their own (two round trips to the store fewer before the answer).
      const [known, body] = await Promise.all([readReviewContext(couch, userId, id), c.req.parseBody({ all: true }).catch(() => null)]);
      if (!known.sanctuary) return jsonError(c, 404, SANCTUARY_NOT_FOUND);
      if (!body) return jsonError(c, 400, 'The review must be sent as a form.');
      const text = (name: string) => {
        const value = body[name];
        const first = Array.isArray(value) ? value[0] : value;
        return typeof first === 'string' ? first : undefined;
      };
      const form = reviewFormSchema.safeParse({ rating: text('rating') || undefined, title: text('title'), comment: text('comment') ?? '', visitDate: text('visitDate') });
      if (!form.success) return jsonError(c, 400, firstIssueMessage(form.error));
      const files = [body.photos ?? []].flat().filter((f): f is File => typeof f !== 'string' && !(f.size === 0 && f.name === ''));
      if (files.length > MAX_REVIEW_PHOTOS) return jsonError(c, 400, `${REVIEW_MESSAGES.tooManyTitle}: ${REVIEW_MESSAGES.tooManyText}`);

      const attachments: Record<string, ReviewCommandAttachment> = {};
      for (const [i, file] of files.entries()) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const declared = (ALLOWED_PHOTO_TYPES as readonly string[]).includes(file.type) ? file.type : 'image/jpeg';
        attachments[reviewPhotoAttachmentName(i)] = { content_type: sniffPhotoType(bytes) ?? declared, data: Buffer.from(bytes).toString('base64') };
      }
      const command = { ...newReviewCommand({ ownerId: userId, sanctuaryId: id, ...form.data }), ...(files.length ? { _attachments: attachments } : {}) };
      // Answered once the review is stored; the command's outcome and the pending index follow (apply-queue.ts).
      const result = await submitReviewCommand(couch, userId, command, (label, work) => accounts.applies.run(label, work), known);
      if (result.status === 'refused' || result.status === 'rejected') return jsonError(c, result.reason === ONE_REVIEW_PER_LISTING ? 409 : 400, result.reason);
      if (result.status !== 'published' || !result.review) return jsonError(c, 500, REVIEW_MESSAGES.failureFallback);
      // The listing's figures were written with the review (devices get both at once: public-feed.ts); recomputed after
      // the answer as a check, which writes them when they could not be (another review's came first).
      const { sanctuaryId } = result.review;
      const seen = seenAsIs(result.review);
      accounts.applies.run(`review figures of ${sanctuaryId}`, () => recomputeStats(couch, sanctuaryId, seen));
      return c.json(toReview(result.review), 201);
    },
  );

  return app;
}
