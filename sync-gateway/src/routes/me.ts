// /db/me: two-way replication with the signed-in user's own database (userdb-<id>) and no other. Reads stream
// through; every pushed document is checked against domain/src/user-db.ts first. In _bulk_docs a refused
// document comes back as a per-document `forbidden` error while the accepted ones are written.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { userDbName } from '@ss/couchdb/definitions';
import { applyReviewCommand, checkReviewCommand, recordPendingCommand } from '@ss/couchdb/review-commands';
import { REVIEW_COMMAND_DOC_TYPE, isReviewCommandDoc } from '@ss/domain/review-command';
import { checkUserDbDoc, type UserDbDocVerdict } from '@ss/domain/user-db';
import { userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { userDbVerdict } from '../replication-policy.ts';
import { sessionMiddleware, type AuthEnv } from '../session.ts';
import { forwardQuery, forwardToStore, pathAfter } from '../store-proxy.ts';

/** Room for one review command with five 5 MB photos in base64 (about 35 MB) and a little more. */
export const MAX_USER_DB_BODY_BYTES = 40 * 1024 * 1024;
/** Replication checkpoints are a few hundred bytes; this is generous. */
export const MAX_LOCAL_DOC_BYTES = 64 * 1024;
const PREFIX = '/db/me';

type BulkResult = { id?: string | null; rev?: string; ok?: boolean; error?: string; reason?: string };

const couchError = (c: Context, status: 400 | 401 | 403 | 413, error: string, reason: string) => c.json({ error, reason }, status);

export function meRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', sessionMiddleware(accounts));
  app.use('*', async (c, next) => {
    if (!c.get('user')) return couchError(c, 401, 'unauthorized', 'Sign in to sync your saved data.');
    await next();
  });
  app.use('*', bodyLimit({ maxSize: MAX_USER_DB_BODY_BYTES, onError: (c) => couchError(c, 413, 'too_large', 'Request body too large.') }));
  app.all('*', (c) => handle(c, accounts));
  return app;
}

async function readJson(c: Context): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

async function handle(c: Context<AuthEnv>, accounts: Accounts) {
  const userId = userIdOf(c.get('user')!);
  const db = userDbName(userId);
  const rawPath = pathAfter(c, PREFIX);
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return couchError(c, 400, 'bad_request', 'Malformed path.');
  }
  const verdict = userDbVerdict(c.req.method, path, url.searchParams);
  if (!verdict.allow) return c.json({ error: verdict.status === 404 ? 'not_found' : 'forbidden', reason: verdict.reason }, verdict.status);

  switch (verdict.action) {
    case 'forward':
      // POSTs forwarded as they are are queries (_bulk_get, _revs_diff, _all_docs): their bodies are checked.
      if (c.req.method === 'POST') return forwardQuery(c, accounts.couch, db, path, rawPath + url.search);
      return forwardToStore(c, accounts.couch, db, rawPath + url.search);

    case 'put_local': {
      const text = await c.req.text();
      if (Buffer.byteLength(text) > MAX_LOCAL_DOC_BYTES) return couchError(c, 413, 'too_large', 'Checkpoint documents are small; this one is not.');
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        return couchError(c, 400, 'bad_request', 'The body must be a JSON document.');
      }
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return couchError(c, 400, 'bad_request', 'The body must be a JSON document.');
      return forwardToStore(c, accounts.couch, db, rawPath + url.search, { body: text, contentType: 'application/json' });
    }

    case 'put_doc': {
      const doc = await readJson(c);
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return couchError(c, 400, 'bad_request', 'The body must be a JSON document.');
      const withId = { _id: verdict.docId, ...(doc as Record<string, unknown>) };
      if (withId._id !== verdict.docId) return couchError(c, 400, 'bad_request', 'The document id in the body does not match the URL.');
      const check = await checkDoc(accounts, withId, userId, url.searchParams.get('new_edits') !== 'false');
      if (!check.ok) return couchError(c, 403, 'forbidden', check.reason);
      const isCommand = check.type === REVIEW_COMMAND_DOC_TYPE;
      if (isCommand) await recordPendingCommand(accounts.couch, userId, verdict.docId!);
      const res = await forwardToStore(c, accounts.couch, db, rawPath + url.search, { body: JSON.stringify(withId), contentType: 'application/json' });
      if (isCommand && res.ok) await applyQuietly(accounts, userId, verdict.docId!);
      return res;
    }

    case 'bulk_docs':
      return bulkDocs(c, accounts, db, userId);
  }
}

/**
 * Checks each document, forwards the accepted ones in one request, and answers for all of them in the order
 * they were sent. The store may list its results in any order, so they are matched by id.
 */
async function bulkDocs(c: Context, accounts: Accounts, db: string, userId: string) {
  const body = (await readJson(c)) as { docs?: unknown; new_edits?: unknown } | undefined;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.docs)) {
    return couchError(c, 400, 'bad_request', 'The body must be an object with a "docs" array.');
  }
  const docs = body.docs as unknown[];
  const newEdits = body.new_edits !== false;
  const refused = new Map<number, BulkResult>();
  const accepted: unknown[] = [];
  const commandIds: string[] = [];
  for (const [i, doc] of docs.entries()) {
    const check = await checkDoc(accounts, doc, userId, newEdits);
    if (!check.ok) {
      refused.set(i, { id: idOf(doc), error: 'forbidden', reason: check.reason });
      continue;
    }
    accepted.push(doc);
    if (check.type === REVIEW_COMMAND_DOC_TYPE) commandIds.push(idOf(doc)!);
  }
  // Indexed before they are stored: whatever happens after this, the sweep finds them.
  for (const id of commandIds) await recordPendingCommand(accounts.couch, userId, id);

  let stored: BulkResult[] = [];
  if (accepted.length) {
    const upstream = await forwardToStore(c, accounts.couch, db, '/_bulk_docs', {
      body: JSON.stringify({ docs: accepted, ...(newEdits ? {} : { new_edits: false }) }),
      contentType: 'application/json',
    });
    if (!upstream.ok) return upstream;
    stored = (await upstream.json()) as BulkResult[];
  }

  const failed = new Set(stored.filter((r) => r.error).map((r) => String(r.id)));
  for (const id of commandIds) {
    if (!failed.has(id)) await applyQuietly(accounts, userId, id);
  }

  // With new_edits=false CouchDB lists only the failures; so do we.
  if (!newEdits) return c.json([...refused.values(), ...stored], 201);

  const byId = new Map<string, BulkResult[]>();
  for (const result of stored) {
    const key = String(result.id);
    byId.set(key, [...(byId.get(key) ?? []), result]);
  }
  const merged = docs.map(
    (doc, i) => refused.get(i) ?? byId.get(String(idOf(doc)))?.shift() ?? { id: idOf(doc), error: 'unknown_error', reason: 'The store did not report on this document.' },
  );
  return c.json(merged, 201);
}

/**
 * The shared document rules, and for review commands the checks that need the store and the photo bytes. Both
 * start with checkUserDbDoc, which refuses a document nested too deep before anything walks it recursively.
 */
async function checkDoc(accounts: Accounts, doc: unknown, userId: string, newEdits: boolean): Promise<UserDbDocVerdict> {
  if (!isReviewCommandDoc(doc) || (doc as { _deleted?: unknown })._deleted === true) return checkUserDbDoc(doc, userId);
  const check = await checkReviewCommand(accounts.couch, doc, userId, { newEdits });
  return check.ok ? { ok: true, type: REVIEW_COMMAND_DOC_TYPE } : check;
}

/**
 * Publishes a stored command now, so its outcome is usually back on the device with the next pull. A failure
 * here is not the push's failure: the command is stored and indexed, and the sweep in workers/ finishes it.
 */
async function applyQuietly(accounts: Accounts, userId: string, commandId: string): Promise<void> {
  try {
    await applyReviewCommand(accounts.couch, userId, commandId);
  } catch (err) {
    console.error(`[gateway] applying ${commandId} failed; the sweep will finish it:`, err);
  }
}

function idOf(doc: unknown): string | null {
  const id = (doc as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? id : null;
}
