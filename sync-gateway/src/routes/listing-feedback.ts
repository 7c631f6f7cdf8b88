// POST /api/sanctuaries/{id}/report { message }: 'Report incorrect information' (signed-in users), and
// POST /api/sanctuaries/{id}/edits { changes, note }: a sanctuary owner's proposed edit to their own listing.
// Both land in the admin queue. Session checks are per route: this router shares its prefix with public reads.
import { Hono } from 'hono';
import { fileReport, proposeEdit } from '@ss/couchdb/listing-feedback';
import { listingEditSchema, sanctuaryReportSchema } from '@ss/domain/listing-feedback';
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

  app.post('/:id/edits', ...signedIn, async (c) => {
    const { changes, note } = await parseJson(c, listingEditSchema);
    const sanctuary = await couch.sanctuaries.get(c.req.param('id'));
    if (!sanctuary) return jsonError(c, 404, SANCTUARY_NOT_FOUND);
    const result = await proposeEdit(couch, sanctuary, c.get('user')!, changes, note);
    if (!result.ok) return jsonError(c, result.status, result.error);
    return c.json({ id: result.item._id, status: result.item.status }, 201);
  });

  return app;
}
