// Applies listing applications, admin decisions, claims and owners' listing updates as soon as /db/me has stored
// them (routes/me.ts checks and stores them like any user document): mounted in front of /db/me, it looks at what was
// written once the store has answered and queues the apply (apply-queue.ts), so the push is answered at once and the
// outcome is usually back on the device with the next pull.
import type { MiddlewareHandler } from 'hono';
import { processAdminDecision, processSubmissionCommand, type DecisionOptions } from '@ss/couchdb/submissions';
import { ADMIN_DECISION_ID_PATTERN, SUBMISSION_COMMAND_ID_PATTERN } from '@ss/domain/submission';
import { LISTING_CLAIM_COMMAND_ID_PATTERN, LISTING_UPDATE_ID_PATTERN } from '@ss/domain/listing-management';
import { applyListingUpdate, processClaimCommand } from '@ss/couchdb/listing-management';
import { userIdOf } from '@ss/domain/user';
import type { Accounts } from './accounts.ts';
import type { AuthEnv } from './session.ts';
import { requestUrl } from './request-url.ts';

type BulkResult = { id?: string; error?: string };

const isCommandId = (id: string) =>
  SUBMISSION_COMMAND_ID_PATTERN.test(id) || ADMIN_DECISION_ID_PATTERN.test(id) || LISTING_CLAIM_COMMAND_ID_PATTERN.test(id) || LISTING_UPDATE_ID_PATTERN.test(id);

/** The ids of command documents this request stored. */
async function storedCommandIds(c: Parameters<MiddlewareHandler<AuthEnv>>[0], rel: string): Promise<string[]> {
  if (c.req.method === 'PUT' && !rel.startsWith('/_')) {
    let id: string;
    try {
      id = decodeURIComponent(rel.slice(1));
    } catch {
      return [];
    }
    return isCommandId(id) ? [id] : [];
  }
  if (c.req.method !== 'POST' || rel !== '/_bulk_docs') return [];
  // routes/me.ts has read the body already; Hono hands back the parsed copy.
  const body = (await c.req.json().catch(() => null)) as { docs?: Array<{ _id?: unknown }> } | null;
  const sent = (Array.isArray(body?.docs) ? body.docs : []).map((d) => d?._id).filter((id): id is string => typeof id === 'string' && isCommandId(id));
  if (!sent.length) return [];
  const results = (await c.res.clone().json().catch(() => [])) as BulkResult[];
  const failed = new Set(results.filter((r) => r.error).map((r) => String(r.id)));
  return sent.filter((id) => !failed.has(id));
}

export function userCommandHook(accounts: Accounts, options: Pick<DecisionOptions, 'gazetteer'>): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await next();
    const user = c.get('user');
    if (!user || !c.res.ok) return;
    const rel = requestUrl(c).pathname.slice('/db/me'.length);
    const ids = await storedCommandIds(c, rel);
    const userId = userIdOf(user);
    // After the answer (the push is done once the store has it); the sweep finishes what a crash interrupts.
    for (const id of ids) {
      accounts.applies.run(id, () => {
        if (SUBMISSION_COMMAND_ID_PATTERN.test(id)) return processSubmissionCommand(accounts.couch, userId, id);
        if (LISTING_CLAIM_COMMAND_ID_PATTERN.test(id)) return processClaimCommand(accounts.couch, userId, id);
        if (LISTING_UPDATE_ID_PATTERN.test(id)) return applyListingUpdate(accounts.couch, userId, id);
        return processAdminDecision(accounts.couch, userId, id, options);
      });
    }
  };
}
