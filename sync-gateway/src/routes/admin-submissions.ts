// The admin queue's API (spec section 7): GET /api/admin/submissions, POST /{id}/approve, POST /{id}/reject with
// { reviewNotes }. Administrators only: anyone else, signed in or not (and any forged or expired cookie), gets 403.
// Decisions go through couchdb/src/submissions.ts, the same function the replicated admin-decision commands use.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { listQueueItems, resolveReport } from '@ss/couchdb/listing-feedback';
import { decideSubmission, listSubmissions, type DecisionOptions } from '@ss/couchdb/submissions';
import { ADMIN_MESSAGES, SUBMISSION_ID_PREFIX, rejectBodySchema, toSubmission, type Decision, type SubmissionDoc } from '@ss/domain/submission';
import { isAdmin } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { sessionMiddleware, type AuthEnv } from '../session.ts';

const ID = /^[0-9a-f]{32}$/;

/** 403 unless a signed-in admin; runs after sessionMiddleware. */
export const adminOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isAdmin(c.get('user'))) return c.json({ error: ADMIN_MESSAGES.adminsOnly }, 403);
  await next();
};

/** 403 for everyone but a signed-in admin; used by the admin API and by /db/submissions. */
export const requireAdmin = (accounts: Accounts): MiddlewareHandler<AuthEnv>[] => [sessionMiddleware(accounts), adminOnly];

export function adminSubmissionRoutes(accounts: Accounts, options: Pick<DecisionOptions, 'gazetteer'>) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  app.use('*', ...requireAdmin(accounts));

  app.get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json((await listSubmissions(couch)).map(toSubmission));
  });

  const decide = async (c: Context<AuthEnv>, decision: Decision, reviewNotes?: string) => {
    const id = c.req.param('id') ?? '';
    if (!ID.test(id)) return jsonError(c, 404, ADMIN_MESSAGES.notFound);
    // The admin is answered once an approval's listing is stored; making the applicant its owner and telling them
    // follow in the apply queue (the workers' sweep finishes them if this gateway stops first).
    const finishLater = (label: string, work: () => Promise<SubmissionDoc>) =>
      accounts.applies.run(label, async () => accounts.users.forget((await work()).applicantId));
    const result = await decideSubmission(couch, { submissionId: `${SUBMISSION_ID_PREFIX}${id}`, decision, reviewNotes, actor: c.get('user')! }, { ...options, finishLater });
    if (!result.ok) return jsonError(c, result.status, result.error);
    // An approval may have made the applicant an owner: their next request reads the account afresh.
    accounts.users.forget(result.submission.applicantId);
    return c.json(toSubmission(result.submission));
  };

  app.post('/:id/approve', (c) => decide(c, 'approve'));
  app.post('/:id/reject', accountBodyLimit, async (c) => {
    const { reviewNotes } = await parseJson(c, rejectBodySchema);
    return decide(c, 'reject', reviewNotes);
  });
  return app;
}

/** The queue's reports of incorrect information: GET /api/admin/queue, POST /reports/{hex}/resolve. */
export function adminQueueRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  app.use('*', ...requireAdmin(accounts));
  app.get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listQueueItems(couch));
  });
  app.post('/reports/:hex/resolve', async (c) => {
    const hex = c.req.param('hex');
    if (!ID.test(hex)) return jsonError(c, 404, 'Not found');
    const result = await resolveReport(couch, `sanctuary-report:${hex}`, c.get('user')!);
    return result.ok ? c.json(result.item) : jsonError(c, result.status, result.error);
  });
  return app;
}
