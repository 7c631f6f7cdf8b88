// /db/me: two-way replication with the signed-in user's own database (userdb-<id>) and no other. Reads stream
// through; every pushed document is checked first (domain/src/user-db.ts, then what needs the store: commands are
// immutable, favourites name listings that exist, the user's budgets and room). In _bulk_docs a refused document
// comes back as a per-document `forbidden` error while the accepted ones are written. Checkpoints (`_local`) are
// accepted only as `_local/<name>` with a checked body, kept by the gateway and written to the store behind
// (checkpoints.ts), at most MAX_CHECKPOINTS_PER_USER of them per user.
import { Hono, type Context } from 'hono';
import { bodyLimitOnBodies } from '../body-limits.ts';
import { requestJson, requestText } from '../request-body.ts';
import { knownRevisions } from '@ss/couchdb/user-db';
import { userDbName } from '@ss/couchdb/definitions';
import { applyReviewCommand, checkReviewCommand, recordPendingCommand } from '@ss/couchdb/review-commands';
import { recomputeStats, seenAsIs } from '@ss/couchdb/review-stats';
import { FAVORITE_DOC_TYPE, FAVORITE_ID_PREFIX } from '@ss/domain/favorite';
import { REVIEW_COMMAND_DOC_TYPE, isReviewCommandDoc } from '@ss/domain/review-command';
import { USER_DB_DOC_RULES, checkUserDbDoc, type UserDbDocVerdict } from '@ss/domain/user-db';
import { userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { clientAddress } from '../failure-limits.ts';
import { MAX_DOCS_PER_REQUEST, MAX_LOCAL_DOC_BYTES, MAX_USER_DB_BODY_BYTES, MAX_USER_DB_BYTES, MAX_USER_DB_DOCS } from '../limits.ts';
import { checkLocalDoc, userDbVerdict } from '../replication-policy.ts';
import { sessionMiddleware, type AuthEnv } from '../session.ts';
import { isLiveFeed } from '../session-watch.ts';
import { askedPath, forwardQuery, forwardToStore } from '../store-proxy.ts';
import { cleanInlineAttachments } from '@ss/couchdb/photo-processing';
import { userDbInfoCache, type UserDbInfoCache } from '../user-db-info.ts';
import { clientSignal } from '../client-signal.ts';

const PREFIX = '/db/me';

type BulkResult = { id?: string | null; rev?: string; ok?: boolean; error?: string; reason?: string };

const couchError = (c: Context, status: 400 | 401 | 403 | 413 | 429, error: string, reason: string) => c.json({ error, reason }, status);

/**
 * The favourites this gateway has just stored as replicated by a device, with their revision history, so that
 * the account's other device, which pulls each one and then offers it back to its own push, is answered without
 * the store: its `_revs_diff` (every revision asked is one stored here: nothing is missing) and its `_bulk_get`
 * (`revs=true&latest=true` of exactly those revisions). Anything else, or any revision not here, goes to the store.
 * A revision, once stored, stays known to the database (compaction keeps the history), and only favourites are
 * kept: they are written by devices alone, never changed by the server. A newer revision written elsewhere reaches
 * the device through its changes feed as it would have.
 */
function recentFavourites(maxEntries = 20_000, maxDocBytes = 4096) {
  const docs = new Map<string, string>();
  const key = (userId: string, id: string, rev: string) => `${userId}\n${id}\n${rev}`;
  const pairs = (body: unknown): Array<[string, string]> | undefined => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const out: Array<[string, string]> = [];
    for (const [id, revs] of Object.entries(body)) {
      if (!Array.isArray(revs) || !revs.length || !revs.every((r) => typeof r === 'string')) return undefined;
      for (const rev of revs) out.push([id, rev as string]);
    }
    return out;
  };
  return {
    remember(userId: string, doc: unknown) {
      const d = doc as { _id?: unknown; _rev?: unknown; _revisions?: unknown; type?: unknown; _attachments?: unknown };
      if (typeof d._id !== 'string' || typeof d._rev !== 'string' || !d._revisions || d._attachments) return;
      if (d.type !== FAVORITE_DOC_TYPE && !((d as { _deleted?: unknown })._deleted === true && d._id.startsWith(FAVORITE_ID_PREFIX))) return;
      const json = JSON.stringify(doc);
      if (json.length > maxDocBytes) return;
      docs.set(key(userId, d._id, d._rev), json);
      if (docs.size > maxEntries) docs.delete(docs.keys().next().value!);
    },
    /** The answer to a checked query body when every revision it names is known here; otherwise undefined. */
    answer(userId: string, path: string, params: URLSearchParams, body: unknown): object | undefined {
      if (path === '/_revs_diff') {
        const asked = pairs(body);
        return asked?.length && asked.every(([id, rev]) => docs.has(key(userId, id, rev))) ? {} : undefined;
      }
      if (path !== '/_bulk_get' || params.get('revs') !== 'true' || [...params.keys()].some((k) => k !== 'revs' && k !== 'latest')) return undefined;
      const asked = (body as { docs?: Array<{ id?: unknown; rev?: unknown }> }).docs ?? [];
      const found = asked.map((d) => (typeof d.id === 'string' && typeof d.rev === 'string' ? docs.get(key(userId, d.id, d.rev)) : undefined));
      if (!asked.length || found.some((json) => json === undefined)) return undefined;
      return { results: asked.map((d, i) => ({ id: d.id, docs: [{ ok: JSON.parse(found[i]!) as object }] })) };
    },
  };
}
type RecentFavourites = ReturnType<typeof recentFavourites>;

/** What the routes keep besides the accounts: the users' database info, and a way to know a listing without asking. */
interface MeEnv {
  infos: UserDbInfoCache;
  recent: RecentFavourites;
  /** True when this gateway's copy of the directory holds the listing (false may only mean not yet). */
  listingKnown: (id: string) => boolean;
}

export function meRoutes(accounts: Accounts, { listingKnown = () => false }: { listingKnown?: (id: string) => boolean } = {}) {
  const app = new Hono<AuthEnv>();
  const env: MeEnv = { infos: userDbInfoCache(accounts.couch), recent: recentFavourites(), listingKnown };
  app.use('*', sessionMiddleware(accounts));
  app.use('*', async (c, next) => {
    if (!c.get('user')) return couchError(c, 401, 'unauthorized', 'Sign in to sync your saved data.');
    await next();
  });
  app.use('*', bodyLimitOnBodies({ maxSize: MAX_USER_DB_BODY_BYTES, onError: (c) => couchError(c, 413, 'too_large', 'Request body too large.') }));
  app.all('*', (c) => handle(c, accounts, env));
  return app;
}

async function handle(c: Context<AuthEnv>, accounts: Accounts, env: MeEnv) {
  const userId = userIdOf(c.get('user')!);
  const db = userDbName(userId);
  const asked = askedPath(c, PREFIX);
  if (asked instanceof Response) return asked;
  const { rawPath, path, url } = asked;
  const verdict = userDbVerdict(c.req.method, path, url.searchParams);
  if (!verdict.allow) return c.json({ error: verdict.status === 404 ? 'not_found' : 'forbidden', reason: verdict.reason }, verdict.status);

  switch (verdict.action) {
    case 'forward': {
      // POSTs forwarded as they are are queries (_bulk_get, _revs_diff, _all_docs): their bodies are checked.
      if (c.req.method === 'POST') return forwardQuery(c, accounts.couch, db, path, rawPath + url.search, (body) => env.recent.answer(userId, path, url.searchParams, body));
      const checkpoint = c.req.method === 'GET' && !url.search ? /^\/_local\/([^/]+)$/.exec(path)?.[1] : undefined;
      if (checkpoint !== undefined) return readCheckpoint(c, accounts, userId, checkpoint);
      if (c.req.method === 'GET' && !url.search && (path === '' || path === '/')) {
        // The database's info, which PouchDB asks for as each replication starts (user-db-info.ts).
        const { status, body } = await env.infos.info(userId);
        return c.body(body, status as 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      }
      if (path === '/_changes') accounts.userFeeds.start();
      if (path === '/_changes' && accounts.userFeeds.answerable(url.searchParams)) {
        // Longpolls wait in the gateway until the database is written (user-feeds.ts), under this session as below.
        if (!isLiveFeed(path, url.searchParams)) return accounts.userFeeds.normal(db, url.searchParams);
        const { signal, release } = accounts.sessionWatch.open(c.get('session')!, clientSignal(c));
        return accounts.userFeeds.longpoll(db, url.searchParams, signal, release);
      }
      if (isLiveFeed(path, url.searchParams)) {
        // Held open under this session: it ends when the session does (sign-out anywhere, password change).
        const { signal, release } = accounts.sessionWatch.open(c.get('session')!, clientSignal(c));
        return forwardToStore(c, accounts.couch, db, rawPath + url.search, { signal, onEnd: release });
      }
      return forwardToStore(c, accounts.couch, db, rawPath + url.search);
    }

    case 'put_local': {
      const text = await requestText(c);
      if (Buffer.byteLength(text) > MAX_LOCAL_DOC_BYTES) return couchError(c, 413, 'too_large', 'Checkpoint documents are small; this one is not.');
      const name = verdict.docId!.slice('_local/'.length);
      const checked = checkLocalDoc(name, text);
      if (!('ok' in checked)) return couchError(c, checked.status === 403 ? 403 : 400, checked.status === 403 ? 'forbidden' : 'bad_request', checked.reason);
      // Kept by the gateway and written to the store behind (checkpoints.ts); always the URL's document.
      return c.json(await accounts.checkpoints.write(userId, name, checked.doc), 201, { 'cache-control': 'no-store' });
    }

    case 'put_doc': {
      const doc = await requestJson(c);
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return couchError(c, 400, 'bad_request', 'The body must be a JSON document.');
      const withId = { _id: verdict.docId, ...(doc as Record<string, unknown>) };
      if (withId._id !== verdict.docId) return couchError(c, 400, 'bad_request', 'The document id in the body does not match the URL.');
      const newEdits = url.searchParams.get('new_edits') !== 'false';
      const batch = await checkBatch(c, accounts, env, userId, [withId], newEdits);
      if ('response' in batch) return batch.response;
      const refusal = batch.refused.get(0);
      if (refusal) return couchError(c, 403, 'forbidden', refusal.reason!);
      const isCommand = batch.commandIds.length > 0;
      const [res] = await Promise.all([
        forwardToStore(c, accounts.couch, db, `/${encodeURIComponent(verdict.docId!)}${url.search}`, { body: JSON.stringify(withId), contentType: 'application/json' }),
        noteCommands(accounts, userId, batch.commandIds),
      ]);
      if (res.ok) {
        env.infos.wrote(userId, 1);
        accounts.userFeeds.wrote(db);
      }
      if (isCommand && res.ok) applyLater(accounts, userId, verdict.docId!);
      return res;
    }

    case 'bulk_docs':
      return bulkDocs(c, accounts, env, db, userId);
  }
}

/**
 * Checks each document, forwards the accepted ones in one request, and answers for all of them in the order
 * they were sent. The store may list its results in any order, so they are matched by id.
 */
async function bulkDocs(c: Context, accounts: Accounts, env: MeEnv, db: string, userId: string) {
  const body = (await requestJson(c)) as { docs?: unknown; new_edits?: unknown } | undefined;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.docs)) {
    return couchError(c, 400, 'bad_request', 'The body must be an object with a "docs" array.');
  }
  const docs = body.docs as unknown[];
  const newEdits = body.new_edits !== false;
  const batch = await checkBatch(c, accounts, env, userId, docs, newEdits);
  if ('response' in batch) return batch.response;
  const { refused, accepted, commandIds } = batch;
  let stored: BulkResult[] = [];
  if (accepted.length) {
    // Review commands are noted in the pending index as they are stored (noteCommands).
    const [upstream] = await Promise.all([
      forwardToStore(c, accounts.couch, db, '/_bulk_docs', {
        body: JSON.stringify({ docs: accepted, ...(newEdits ? {} : { new_edits: false }) }),
        contentType: 'application/json',
      }),
      noteCommands(accounts, userId, commandIds),
    ]);
    if (!upstream.ok) return upstream;
    stored = (await upstream.json()) as BulkResult[];
    env.infos.wrote(userId, accepted.length);
    // The account's devices waiting on their feeds look at once (the store's updates feed says so a moment later).
    accounts.userFeeds.wrote(db);
    // As replicated (new_edits=false: with their history), for the account's other devices to fetch.
    if (!newEdits) {
      const failedIds = new Set(stored.filter((r) => r.error).map((r) => String(r.id)));
      for (const doc of accepted) if (!failedIds.has(String(idOf(doc)))) env.recent.remember(userId, doc);
    }
  }

  const failed = new Set(stored.filter((r) => r.error).map((r) => String(r.id)));
  for (const id of commandIds) {
    if (!failed.has(id)) applyLater(accounts, userId, id);
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

type Batch = { refused: Map<number, BulkResult>; accepted: unknown[]; commandIds: string[] } | { response: Response };

/**
 * Every check a pushed batch goes through, in order: its size; each document's own rules (checkDoc); that
 * immutable documents stay as they are (a replicated write may only re-send a revision the store has); that
 * favourites name listings that exist; the user's room; and the per-user and per-address document budgets,
 * which the accepted documents are taken from. A problem with the whole request answers it (`response`);
 * a problem with one document refuses that one.
 */
async function checkBatch(c: Context, accounts: Accounts, env: MeEnv, userId: string, docs: unknown[], newEdits: boolean): Promise<Batch> {
  if (docs.length > MAX_DOCS_PER_REQUEST) {
    return { response: couchError(c, 400, 'bad_request', `At most ${MAX_DOCS_PER_REQUEST} documents can be sent in one request.`) };
  }
  const refused = new Map<number, BulkResult>();
  const candidates: Array<{ i: number; doc: Record<string, unknown>; type: string }> = [];
  for (const [i, doc] of docs.entries()) {
    const check = await checkDoc(accounts, doc, userId, newEdits);
    if (check.ok) candidates.push({ i, doc: doc as Record<string, unknown>, type: check.type });
    else refused.set(i, { id: idOf(doc), error: 'forbidden', reason: check.reason });
  }
  const refuse = (i: number, reason: string) => refused.set(i, { id: idOf(docs[i]), error: 'forbidden', reason });

  // Commands (review, application, decision) are written once by the device and then only by the server.
  const immutable = candidates.filter((d) => !USER_DB_DOC_RULES[d.type]!.deletable);
  if (immutable.length) {
    const known = await knownRevisions(accounts.couch, userId, immutable.map((d) => String(d.doc._id)));
    for (const d of immutable) {
      const revs = known.get(String(d.doc._id));
      if (revs && !(!newEdits && revs.has(String(d.doc._rev)))) refuse(d.i, `This ${d.type} has already been sent; it cannot be changed.`);
    }
  }

  const favourites = candidates.filter((d) => d.type === FAVORITE_DOC_TYPE && d.doc._deleted !== true && !refused.has(d.i));
  if (favourites.length) {
    // Listings this gateway's copy of the directory holds need no read; the store is asked about the rest.
    const unknown = new Set(favourites.map((d) => String(d.doc.sanctuaryId)).filter((id) => !env.listingKnown(id)));
    const existing = new Set(unknown.size ? (await accounts.couch.sanctuaries.getMany([...unknown])).map((s) => s._id) : []);
    for (const d of favourites) {
      const id = String(d.doc.sanctuaryId);
      if (unknown.has(id) && !existing.has(id)) refuse(d.i, `There is no sanctuary "${id}".`);
    }
  }

  const accepted = candidates.filter((d) => !refused.has(d.i));
  const growing = accepted.filter((d) => d.doc._deleted !== true);
  if (growing.length) {
    const usage = await env.infos.usage(userId);
    if (usage.docs + growing.length > MAX_USER_DB_DOCS || usage.bytes > MAX_USER_DB_BYTES) {
      for (const d of growing) refuse(d.i, 'Your account has no room for more saved data. Remove some favourites and try again.');
    }
  }

  const toWrite = accepted.filter((d) => !refused.has(d.i));
  const budget = await accounts.documents.take(userId, clientAddress(c, accounts.options.trustedProxies), toWrite.length);
  if (!budget.ok) {
    c.header('Retry-After', String(budget.retryAfterSeconds));
    const s = budget.retryAfterSeconds;
    return { response: couchError(c, 429, 'too_many_requests', `Too many changes in a short time. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`) };
  }
  // Photos are re-encoded from their pixels before anything is stored (no location, camera or other metadata
  // reaches the store, whatever the device did): review commands' and owners' listing photos alike. After the
  // budget, so the work is paid for.
  for (const d of toWrite) {
    if (!d.doc._attachments) continue;
    const cleaned = await cleanInlineAttachments(d.doc);
    if (!cleaned.ok) refuse(d.i, `${cleaned.name} ${cleaned.reason}.`);
  }
  const cleanWrites = toWrite.filter((d) => !refused.has(d.i));
  return {
    refused,
    accepted: cleanWrites.map((d) => d.doc),
    commandIds: cleanWrites.filter((d) => d.type === REVIEW_COMMAND_DOC_TYPE && d.doc._deleted !== true).map((d) => String(d.doc._id)),
  };
}

/**
 * The shared document rules, and for review commands the checks that need the store and the photo bytes. Both
 * start with checkUserDbDoc, which refuses a document nested too deep before anything walks it recursively.
 */
async function checkDoc(accounts: Accounts, doc: unknown, userId: string, newEdits: boolean): Promise<UserDbDocVerdict> {
  if (!isReviewCommandDoc(doc) || (doc as { _deleted?: unknown })._deleted === true) return checkUserDbDoc(doc, userId, { newEdits });
  const check = await checkReviewCommand(accounts.couch, doc, userId, { newEdits });
  return check.ok ? { ok: true, type: REVIEW_COMMAND_DOC_TYPE } : check;
}

/** Notes pushed review commands in the pending index while the store writes them, as submitReviewCommand does. */
async function noteCommands(accounts: Accounts, userId: string, commandIds: string[]): Promise<void> {
  await Promise.all(commandIds.map((id) => recordPendingCommand(accounts.couch, userId, id)));
}

/**
 * Publishes a stored command right after the push is answered, so its outcome is usually back on the device with
 * the next pull. The listing's review figures are written with the review (review-commands.ts), so devices get both
 * in one wake of their feeds (public-feed.ts); the recomputation after it is the check, and writes them when they
 * could not be written with it. A failure is not the push's: the command is stored and indexed, and the sweep and
 * the figures' follower in workers/ finish it.
 */
function applyLater(accounts: Accounts, userId: string, commandId: string): void {
  accounts.applies.run(commandId, async () => {
    const result = await applyReviewCommand(accounts.couch, userId, commandId, new Date(), (label, work) => accounts.applies.run(label, work));
    if (result.status === 'published' && result.review) await recomputeStats(accounts.couch, result.review.sanctuaryId, seenAsIs(result.review));
  });
}

function idOf(doc: unknown): string | null {
  const id = (doc as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? id : null;
}

/** A checkpoint read, from what the gateway keeps (checkpoints.ts). */
async function readCheckpoint(c: Context, accounts: Accounts, userId: string, name: string): Promise<Response> {
  const found = await accounts.checkpoints.read(userId, name);
  if (found.status === 404) return c.json({ error: 'not_found', reason: 'missing' }, 404, { 'cache-control': 'no-store' });
  return c.json(found.doc, 200, { 'cache-control': 'no-store' });
}
