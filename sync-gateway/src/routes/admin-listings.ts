// The admins' side of listings (issue 12): claims (GET /api/admin/claims, POST /api/admin/claims/{sanctuaryId}/{userId}/approve
// and /reject { reviewNotes }), a listing's audit trail (GET /api/admin/sanctuaries/{id}/audit) and reverting one entry
// (POST /api/admin/sanctuaries/{id}/audit/revert { auditId }), and verification (POST /api/admin/sanctuaries/{id}/verified
// { isVerified }). 403 for anyone but a signed-in admin, whoever asks.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { z } from 'zod';
import { decideClaim, listAudit, listClaims, revertAudit, setVerified } from '@ss/couchdb/listing-management';
import { claimDocId, verifiedBodySchema } from '@ss/domain/listing-management';
import { rejectBodySchema } from '@ss/domain/submission';
import { toSanctuary } from '@ss/domain/sanctuary';
import { USER_ID_PATTERN } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import type { AuthEnv } from '../session.ts';
import { requireAdmin } from './admin-submissions.ts';

const revertBodySchema = z.object({ auditId: z.string().max(400) });

export function adminListingRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  // Per route, not app.use('*'): this router shares /api/admin with others, and unknown paths stay 404.
  const noStore: MiddlewareHandler<AuthEnv> = async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  };
  const admin: MiddlewareHandler<AuthEnv> = every(...requireAdmin(accounts), noStore);

  app.get('/claims', admin, async (c) => c.json(await listClaims(couch)));

  const decide = async (c: Context<AuthEnv>, decision: 'approve' | 'reject', notes = '') => {
    const { sanctuaryId, userId } = c.req.param() as { sanctuaryId: string; userId: string };
    if (!USER_ID_PATTERN.test(userId)) return jsonError(c, 404, 'Not found');
    const result = await decideClaim(couch, claimDocId(sanctuaryId, userId), decision, c.get('user')!, notes);
    // An approved claim makes the claimant an owner: their next request reads the account afresh.
    accounts.users.forget(userId);
    return result.ok ? c.json(result.value) : jsonError(c, result.status, result.error);
  };
  app.post('/claims/:sanctuaryId/:userId/approve', admin, (c) => decide(c, 'approve'));
  app.post('/claims/:sanctuaryId/:userId/reject', admin, accountBodyLimit, async (c) => {
    const { reviewNotes } = await parseJson(c, rejectBodySchema);
    return decide(c, 'reject', reviewNotes ?? '');
  });

  app.get('/sanctuaries/:id/audit', admin, async (c) => {
    const id = c.req.param('id');
    if (!(await couch.sanctuaries.get(id))) return jsonError(c, 404, 'Not found');
    return c.json(await listAudit(couch, id));
  });
  app.post('/sanctuaries/:id/audit/revert', admin, accountBodyLimit, async (c) => {
    const { auditId } = await parseJson(c, revertBodySchema);
    if (!auditId.startsWith(`listing-audit:${c.req.param('id')}:`)) return jsonError(c, 404, 'Not found');
    const result = await revertAudit(couch, auditId, c.get('user')!);
    return result.ok ? c.json(result.value) : jsonError(c, result.status, result.error);
  });
  app.post('/sanctuaries/:id/verified', admin, accountBodyLimit, async (c) => {
    const { isVerified } = await parseJson(c, verifiedBodySchema);
    const result = await setVerified(couch, c.req.param('id'), isVerified, c.get('user')!);
    return result.ok ? c.json(toSanctuary(result.value)) : jsonError(c, result.status, result.error);
  });
  return app;
}
