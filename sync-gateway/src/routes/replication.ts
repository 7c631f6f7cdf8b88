// /db/{name}: replication proxies. sanctuaries and reviews are pull-only for everyone. Requests are checked
// against ../replication-policy.ts; `_changes` and `_bulk_get` are answered from this gateway's shared feed of the
// database when it can (../public-feed.ts: one upstream feed for every device), the first-sync snapshot is kept
// current from the same feed, and everything else is streamed to the store and back without buffering,
// uncompressed upstream (continuous feeds stall on the embedded store's gzip). The user's own database is routes/me.ts.
import { Hono, type Context } from 'hono';
import { bodyLimitOnBodies } from '../body-limits.ts';
import { CouchUnavailableError, type CouchClient } from '@ss/couchdb/client';
import { DB, type DbName } from '@ss/couchdb/definitions';
import { isReviewDoc, statsDocId } from '@ss/domain/review';
import { createPublicFeed, type PublicFeed } from '../public-feed.ts';
import { checkQueryBody, readOnlyVerdict } from '../replication-policy.ts';
import { createLiveSnapshot, type LiveSnapshot } from '../snapshot.ts';
import type { SearchDirectory } from '../search-directory.ts';
import { askedPath, forwardQuery, forwardToStore } from '../store-proxy.ts';
import { clientSignal, nodeResponse } from '../client-signal.ts';
import { dataAnswerHeaders } from '../security-headers.ts';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { requestText } from '../request-body.ts';
import { requestUrl } from '../request-url.ts';

export const READ_ONLY_DBS = new Set<string>([DB.sanctuaries, DB.reviews]);
const MAX_READ_BODY_BYTES = 1024 * 1024;

/** How long a first sync waits for the snapshot's first dump before being told to come back. */
const SNAPSHOT_WAIT_MS = 10_000;

/** A public database's shared feed and the snapshot it keeps current. */
interface PublicDb {
  feed: PublicFeed;
  snapshot: LiveSnapshot;
}

/** `directory`: the search copy of the listings, kept from the sanctuaries' snapshot once it is filled. */
export function replicationRoutes(couch: CouchClient, { directory }: { directory?: SearchDirectory } = {}) {
  const app = new Hono();

  app.use(
    '*',
    bodyLimitOnBodies({ maxSize: MAX_READ_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  );

  const publicDbs = new Map<string, PublicDb>();
  for (const db of READ_ONLY_DBS) {
    const follower = db === DB.sanctuaries ? directory?.follower() : undefined;
    const snapshot = createLiveSnapshot(couch, db as DbName, follower ? { onPut: follower.put } : {});
    follower?.readyWhen(() => snapshot.ready());
    const feed = createPublicFeed(couch, db as DbName, {
      onDoc: (id, doc, seq) => snapshot.apply(id, doc, seq),
      // A newly published review's listing figures follow it at once (routes/me.ts, routes/sanctuaries.ts): one wake
      // for both. A later change to a review (a helpful vote) leaves the figures as they are: nothing to wait for.
      ...(db === DB.reviews ? { companion: (doc: object) => (isReviewDoc(doc) && doc._rev?.startsWith('1-') ? statsDocId(doc.sanctuaryId) : undefined) } : {}),
    });
    publicDbs.set(db, { feed, snapshot });
  }
  // The running gateway starts following at once (main.ts calls `warm`), so the snapshot is dumped before the first
  // device after a deploy asks; an app that is never asked for /db (API-only tests) never follows the store.
  let following = false;
  function warm() {
    if (following) return;
    following = true;
    for (const [db, { feed, snapshot }] of publicDbs) {
      feed.start();
      void feed.base().then((since) => snapshot.fill(since)).catch((err: Error) => console.error(`[gateway] ${db} snapshot: ${err.message}`));
    }
  }
  app.use('*', async (_c, next) => {
    warm();
    await next();
  });

  app.get('/:db/_snapshot', async (c) => {
    const db = c.req.param('db');
    const pub = publicDbs.get(db);
    if (!pub) return c.json({ error: 'Unknown or private database' }, 404);
    // Answered only once the database has been read; a store that cannot be reached gets a plain 503 soon.
    const ready = await Promise.race([pub.feed.base().then((since) => pub.snapshot.current(since)), new Promise<null>((r) => setTimeout(() => r(null), SNAPSHOT_WAIT_MS).unref())]).catch(() => null);
    if (!ready) return c.json({ error: 'The directory is not available right now. Please try again in a moment.' }, 503, { 'retry-after': '5' });
    const snap = ready;
    if (c.req.header('if-none-match') === snap.etag) return c.body(null, 304);
    // A view of the kept buffer, not a copy: a first sync of 100k listings would otherwise copy megabytes per device.
    return c.body(new Uint8Array(snap.gzip.buffer as ArrayBuffer, snap.gzip.byteOffset, snap.gzip.byteLength), 200, {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
      etag: snap.etag,
      'x-update-seq': String(snap.updateSeq),
    });
  });

  app.all('/:db/*', (c) => proxy(c, couch, publicDbs.get(c.req.param('db') ?? '')));
  app.all('/:db', (c) => proxy(c, couch, undefined));
  // Stops following the store (a gateway that stops, or a test done with its app): nothing is left retrying.
  return Object.assign(app, {
    warm,
    /** Whether this gateway's copy of a public database holds the document (snapshot.ts `holds`). */
    holds: (db: DbName, id: string) => publicDbs.get(db)?.snapshot.holds(id) === true,
    /** Whether every public database's shared feed is following the store (devices' feeds are answered from it). */
    following: () => [...publicDbs.values()].every(({ feed }) => feed.connected()),
    close() {
      for (const { feed } of publicDbs.values()) feed.stop();
    },
  });
}

async function proxy(c: Context, couch: CouchClient, pub: PublicDb | undefined) {
  const db = c.req.param('db') ?? '';
  if (!READ_ONLY_DBS.has(db)) {
    // Creating, deleting or writing any other database is refused here, before the store sees it.
    const isRead = c.req.method === 'GET' || c.req.method === 'HEAD';
    return isRead ? c.json({ error: 'Unknown or private database' }, 404) : c.json({ error: 'forbidden', reason: 'Not allowed.' }, 403);
  }

  const asked = askedPath(c, `/db/${db}`);
  if (asked instanceof Response) return asked;
  const { rawPath, path, url } = asked;
  const verdict = readOnlyVerdict(c.req.method, path, url.searchParams);
  if (!verdict.allow) {
    // CouchDB-shaped body so PouchDB reports it sensibly, plus the `error` text our API uses everywhere.
    return c.json({ error: 'forbidden', reason: verdict.reason }, verdict.status);
  }
  const first = path.split('/').filter(Boolean)[0];
  if (pub && first === '_changes' && c.req.method === 'GET') {
    const answered = changesFromFeed(c, pub.feed, url.searchParams);
    if (answered) return answered;
  }
  if (pub && first === '_bulk_get' && c.req.method === 'POST') return bulkGetThroughCache(c, couch, db, pub.feed, path, rawPath + url.search);
  if (pub && first === undefined && c.req.method === 'GET' && !url.search) return dbInfoThroughCache(couch, db);
  // The only POSTs the policy allows are queries (_bulk_get, _revs_diff, _all_docs): their bodies are checked.
  if (c.req.method === 'POST') return forwardQuery(c, couch, db, path, rawPath + url.search);
  return forwardToStore(c, couch, db, rawPath + url.search);
}

/** What a device's `_changes` may ask for and still be answered from the shared feed. */
const FEED_PARAMS = new Set(['since', 'limit', 'style', 'feed', 'heartbeat', 'timeout', 'seq_interval', 'batch_size', 'return_docs']);
/** CouchDB's default wait for a longpoll or continuous feed with nothing to say. */
const DEFAULT_FEED_TIMEOUT_MS = 60_000;

/** The signal of a request that never waits (a normal `_changes`): nothing to stop. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * A `_changes` answer from the shared feed, or null when the store must answer (a `since` this gateway has not seen,
 * documents asked for, the feed not connected). Longpoll and continuous answers keep the connection alive with
 * newline heartbeats while they wait, as the store does.
 */
function changesFromFeed(c: Context, feed: PublicFeed, params: URLSearchParams): Response | Promise<Response> | null {
  if ([...params.keys()].some((k) => !FEED_PARAMS.has(k))) return null;
  const kind = params.get('feed') ?? 'normal';
  const since = params.get('since') ?? '0';
  const limitText = params.get('limit');
  const limit = limitText === null ? null : Number(limitText);
  if (limit !== null && !(Number.isInteger(limit) && limit >= 0)) return null;
  const mainOnly = params.get('style') !== 'all_docs';
  const heartbeat = Number(params.get('heartbeat'));
  const heartbeatMs = Number.isFinite(heartbeat) && heartbeat > 0 ? Math.max(heartbeat, 1000) : null;
  const timeoutParam = Number(params.get('timeout'));
  const timeoutMs = Number.isFinite(timeoutParam) && timeoutParam > 0 ? Math.min(timeoutParam, DEFAULT_FEED_TIMEOUT_MS) : DEFAULT_FEED_TIMEOUT_MS;
  const signal = kind === 'normal' ? NEVER_ABORTED : clientSignal(c);
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };

  if (kind === 'continuous') {
    const stream = feed.continuous({ since, mainOnly, heartbeatMs, timeoutMs, signal });
    return stream ? new Response(stream, { status: 200, headers }) : null;
  }
  if (kind !== 'normal' && kind !== 'longpoll') return null;
  if (!feed.knows(since)) return null;
  const longpoll = kind === 'longpoll';
  // Decided at once whether the feed can answer, so a request it cannot is forwarded, not half-answered. Known a
  // moment ago; should the feed have broken since, the store's own answer would be needed: rare enough to answer
  // with an empty page from `since`, which the device simply asks again from.
  const pending = feed.changes({ since, limit, mainOnly, longpoll, timeoutMs, signal }).then(
    (text) => text ?? JSON.stringify({ results: [], last_seq: since, pending: 0 }) + '\n',
    () => JSON.stringify({ results: [], last_seq: since, pending: 0 }) + '\n',
  );
  if (!longpoll) return pending.then((text) => c.body(text, 200, headers));
  const outgoing = nodeResponse(c);
  if (outgoing) {
    // Behind the Node server (always, but in tests that call the app directly), the longpoll writes its own answer
    // when the change comes: status, headers (with the answer's length) and body in one write. Should a heartbeat be
    // due first, the status and headers go with its newline, and then a newline per heartbeat, as the store does.
    // Waking a thousand waiting devices is then one write each, with none of the framework's per-answer work, which
    // was done for each device when it asked (issue 16).
    const head = { ...headers, ...dataAnswerHeaders(c) };
    const open = () => !outgoing.destroyed && !outgoing.writableEnded;
    const beat = heartbeatMs
      ? setInterval(() => {
          if (!open()) return;
          if (!outgoing.headersSent) outgoing.writeHead(200, head);
          outgoing.write('\n');
        }, heartbeatMs)
      : undefined;
    void pending.then((text) => {
      clearInterval(beat);
      if (!open()) return;
      if (!outgoing.headersSent) outgoing.writeHead(200, { ...head, 'content-length': String(Buffer.byteLength(text)) });
      outgoing.end(text);
    });
    return RESPONSE_ALREADY_SENT;
  }
  // Called without the Node server (tests calling the app): a stream, newlines while it waits, then the answer.
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const send = (text: string, end = false) => {
        try {
          stream.enqueue(encoder.encode(text));
          if (end) stream.close();
        } catch {
          // Cancelled: the caller went away.
        }
      };
      const beat = heartbeatMs ? setInterval(() => send('\n'), heartbeatMs) : undefined;
      void pending.then((text) => {
        clearInterval(beat);
        send(text, true);
      });
    },
  });
  return new Response(body, { status: 200, headers });
}

const encoder = new TextEncoder();

type BulkGetResult = { id: string; docs: unknown[] };

/** `_bulk_get` entries being fetched from the store right now, by cache key, per public database. */
const inflightByFeed = new WeakMap<PublicFeed, Map<string, Promise<string | undefined>>>();

/**
 * `_bulk_get` of a public database: every (document, revision) the shared cache holds is answered from it, the
 * rest from one request to the store (whose answers are then cached), in the order asked.
 */
async function bulkGetThroughCache(c: Context, couch: CouchClient, db: string, feed: PublicFeed, path: string, pathAndQuery: string): Promise<Response> {
  const text = await requestText(c);
  const verdict = checkQueryBody(path, text);
  if (verdict && 'reply' in verdict) return c.json(verdict.reply, 200, { 'cache-control': 'no-store' });
  if (verdict) return c.json({ error: verdict.status === 403 ? 'forbidden' : 'bad_request', reason: verdict.reason }, verdict.status);
  const asked = (JSON.parse(text) as { docs: Array<{ id: string; rev?: string; atts_since?: string[] }> }).docs;
  const url = requestUrl(c);
  const flags = `${url.searchParams.get('revs') ?? ''},${url.searchParams.get('latest') ?? ''}`;
  const keyOf = (d: { id: string; rev?: string; atts_since?: string[] }) => (d.rev && !d.atts_since ? `${flags}|${d.id}|${d.rev}` : null);
  const answers: Array<string | undefined> = asked.map((d) => {
    const key = keyOf(d);
    return key ? feed.bulkGetCached(key) : undefined;
  });
  const missing = asked.map((d, i) => (answers[i] === undefined ? i : -1)).filter((i) => i >= 0);
  // A change wakes every device's longpoll at once and they all ask for the same revisions within milliseconds:
  // one request per revision goes to the store, the others wait for its answer (request coalescing).
  let inflight = inflightByFeed.get(feed);
  if (!inflight) inflightByFeed.set(feed, (inflight = new Map()));
  const waits: Array<Promise<void>> = [];
  const toFetch: number[] = [];
  for (const i of missing) {
    const key = keyOf(asked[i]!);
    const pending = key ? inflight.get(key) : undefined;
    if (pending) waits.push(pending.then((docs) => void (answers[i] = docs)));
    else toFetch.push(i);
  }
  if (toFetch.length) {
    const fetched = new Map<string, string | undefined>();
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const mine: string[] = [];
    for (const i of toFetch) {
      const key = keyOf(asked[i]!);
      if (key && !inflight.has(key)) {
        inflight.set(key, done.then(() => fetched.get(key)));
        mine.push(key);
      }
    }
    try {
      const upstream = await couch.forward(db, pathAndQuery, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ docs: toFetch.map((i) => asked[i]) }),
        signal: clientSignal(c),
      });
      if (upstream.status !== 200) return new Response(upstream.body, { status: upstream.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
      const { results } = (await upstream.json()) as { results: BulkGetResult[] };
      if (!Array.isArray(results) || results.length !== toFetch.length || results.some((r, k) => r?.id !== asked[toFetch[k]!]!.id)) {
        // Not one result per entry asked (a store may group entries of one document): the store answers it all.
        return forwardToStore(c, couch, db, pathAndQuery, { body: text, contentType: 'application/json' });
      }
      results.forEach((result, k) => {
        const i = toFetch[k]!;
        const docs = JSON.stringify(result.docs);
        answers[i] = docs;
        const key = keyOf(asked[i]!);
        if (key) fetched.set(key, docs);
        // Errors (missing revisions) are not remembered: the revision may arrive in a moment.
        if (key && result.docs.every((d) => typeof d === 'object' && d !== null && 'ok' in d)) feed.bulkGetStore(key, asked[i]!.id, docs);
      });
    } finally {
      for (const key of mine) inflight.delete(key);
      settle();
    }
  }
  await Promise.all(waits);
  // A request this one waited on failed: the store answers this one whole.
  if (answers.some((a) => a === undefined)) return forwardToStore(c, couch, db, pathAndQuery, { body: text, contentType: 'application/json' });
  const body = `{"results":[${asked.map((d, i) => `{"id":${JSON.stringify(d.id)},"docs":${answers[i]}}`).join(',')}]}`;
  return c.body(body, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
}

/** How long one answer of the store to `GET /{db}` (the database's info) serves every device asking. */
const DB_INFO_TTL_MS = 1000;
/** How long a device waits for a newer info before it is given the last good one (when there is one). */
const DB_INFO_WAIT_MS = 2000;
/** A read of the info the store has not answered by then is given up, so the next device's request asks again. */
const DB_INFO_UPSTREAM_TIMEOUT_MS = 10_000;

type DbInfoAnswer = { status: number; body: string };
interface DbInfoEntry {
  /** The read under way or done, and when it was asked. */
  at: number;
  answer: Promise<DbInfoAnswer>;
  /** The newest 200 answer, kept while a newer read is under way. */
  lastGood?: DbInfoAnswer;
  /** Whether `answer` has settled: then it is given as it is, with no wait to bound. */
  settled?: boolean;
}
const dbInfoCache = new WeakMap<CouchClient, Map<string, DbInfoEntry>>();

/**
 * A public database's info (what PouchDB asks first, to see that the database is there), from one request to the
 * store per second however many devices start at once: the answer is at most that old, as a slow answer would be.
 * A failed answer is not kept. One slow or lost read of the store does not hold every device that asked in its second:
 * after DB_INFO_WAIT_MS they are given the last good answer (the info only tells PouchDB the database is there; the
 * change feed, not this, says what to replicate), and a read unanswered after DB_INFO_UPSTREAM_TIMEOUT_MS is dropped
 * (before, a lost read held its second's devices for good). Written for 1,000-device runs on CouchDB where devices
 * waited 30 s for this answer (2026-12-03); those waits turned out not to be here (no gateway handler took over 5 s:
 * the connections waited in the gateway's accept queue, see the README), so this only guards against a lost read.
 */
async function dbInfoThroughCache(couch: CouchClient, db: string): Promise<Response> {
  let cache = dbInfoCache.get(couch);
  if (!cache) dbInfoCache.set(couch, (cache = new Map()));
  const now = Date.now();
  let entry = cache.get(db);
  if (!entry || now - entry.at > DB_INFO_TTL_MS) {
    const answer = couch
      .forward(db, '', { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(DB_INFO_UPSTREAM_TIMEOUT_MS) })
      .then(async (res) => ({ status: res.status, body: await res.text() }))
      // A read given up (its time ran out while the body came, too) is the store not answering: a 503 to retry.
      .catch((err: Error) => Promise.reject(err instanceof CouchUnavailableError ? err : new CouchUnavailableError(err.message)));
    const kept: DbInfoEntry = { at: now, answer, lastGood: entry?.lastGood };
    entry = kept;
    cache.set(db, kept);
    answer.then(
      (a) => {
        kept.settled = true;
        if (a.status === 200) kept.lastGood = a;
        else if (cache.get(db) === kept) cache.delete(db);
      },
      () => {
        // Expired at once: the next request asks again, and still has the last good answer to fall back on.
        kept.settled = true;
        kept.at = 0;
      },
    );
  }
  const fallback = entry.lastGood;
  const { status, body } =
    fallback && !entry.settled
      ? await Promise.race([entry.answer.catch(() => fallback), new Promise<DbInfoAnswer>((r) => setTimeout(() => r(fallback), DB_INFO_WAIT_MS).unref())])
      : await entry.answer;
  return new Response(body, { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
