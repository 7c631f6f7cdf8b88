// POST /api/sanctuaries/{id}/report { message }: 'Report incorrect information' (signed-in users), into the admin
// queue. (Owners change their own listings directly: listing-update commands, couchdb/src/listing-management.ts.)
// Session checks are per route: this router shares its prefix with public reads.
import { Hono } from 'hono';
import { fileReport } from '@ss/couchdb/listing-feedback';
import { sanctuaryReportSchema } from '@ss/domain/listing-feedback';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { requireUser, sessionMiddleware, type AuthEnv } from '../session.ts';
import { SANCTUARY_NOT_FOUND } from './sanctuaries.ts';

export function listingFeedbackRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  const { couch } = accounts;
  const signedIn = [sessionMiddleware(accounts), requireUser, accountBodyLimit] as const;

  app.post('/:id/report', ...signedIn, async (c) => {
    const { message } = await parseJson(c, sanctuaryReportSchema);
    const sanctuary = await couch.sanctuaries.get(c.req.param('id'));
    if (!sanctuary) return jsonError(c, 404, SANCTUARY_NOT_FOUND);
    const report = await fileReport(couch, sanctuary, c.get('user')!, message);
    return c.json({ id: report._id, status: report.status }, 201);
  });

  return app;
}
