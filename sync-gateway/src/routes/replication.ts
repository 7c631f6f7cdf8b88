// /db/{name}: replication proxies. sanctuaries and reviews are pull-only for everyone. Requests are checked
// against ./replication-policy.ts, then streamed to the store and back without buffering, uncompressed
// upstream (continuous feeds stall on the embedded store's gzip).
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CouchClient } from '@ss/couchdb/client';
import { DB, type DbName } from '@ss/couchdb/definitions';
import { createSnapshotCache } from '../snapshot.ts';
import { readOnlyVerdict } from '../replication-policy.ts';

export const READ_ONLY_DBS = new Set<string>([DB.sanctuaries, DB.reviews]);
const MAX_READ_BODY_BYTES = 1024 * 1024;
/** Response headers worth passing back; hop-by-hop and server-identifying ones are dropped. */
const PASS_HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'x-couch-request-id'];

export function replicationRoutes(couch: CouchClient) {
  const app = new Hono();

  app.use(
    '*',
    bodyLimit({ maxSize: MAX_READ_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  );

  const snapshot = createSnapshotCache(couch);
  app.get('/:db/_snapshot', async (c) => {
    const db = c.req.param('db');
    if (!READ_ONLY_DBS.has(db)) return c.json({ error: 'Unknown or private database' }, 404);
    const snap = await snapshot(db as DbName);
    if (c.req.header('if-none-match') === snap.etag) return c.body(null, 304);
    return c.body(new Uint8Array(snap.gzip), 200, {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
      etag: snap.etag,
      'x-update-seq': String(snap.updateSeq),
    });
  });

  app.all('/:db/*', (c) => proxy(c, couch));
  app.all('/:db', (c) => proxy(c, couch));
  return app;
}

async function proxy(c: Context, couch: CouchClient) {
  const db = c.req.param('db') ?? '';
  if (!READ_ONLY_DBS.has(db)) {
    // Creating, deleting or writing any other database is refused here, before the store sees it.
    const isRead = c.req.method === 'GET' || c.req.method === 'HEAD';
    return isRead ? c.json({ error: 'Unknown or private database' }, 404) : c.json({ error: 'forbidden', reason: 'Not allowed.' }, 403);
  }

  const url = new URL(c.req.url);
  const prefix = `/db/${db}`;
  const rawPath = url.pathname.slice(url.pathname.indexOf(prefix) + prefix.length);
  const path = decodeURIComponent(rawPath);
  const verdict = readOnlyVerdict(c.req.method, path, url.searchParams);
  if (!verdict.allow) {
    // CouchDB-shaped body so PouchDB reports it sensibly, plus the `error` text our API uses everywhere.
    return c.json({ error: 'forbidden', reason: verdict.reason }, verdict.status);
  }

  const headers: Record<string, string> = { accept: c.req.header('accept') ?? 'application/json' };
  const contentType = c.req.header('content-type');
  if (contentType) headers['content-type'] = contentType;

  const upstream = await couch.forward(db, rawPath + url.search, {
    method: c.req.method,
    headers,
    body: c.req.method === 'GET' || c.req.method === 'HEAD' ? null : c.req.raw.body,
    signal: c.req.raw.signal,
  });

  const out = new Headers();
  for (const name of PASS_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  // Never let an intermediary or the browser cache feed responses.
  out.set('cache-control', 'no-store');
  const body = upstream.body ? endQuietlyOnAbort(upstream.body, c.req.raw.signal) : null;
  return new Response(body, { status: upstream.status, headers: out });
}

/**
 * When the browser goes away mid-feed (a live longpoll, a closed tab) the upstream read is aborted; that is
 * the normal end of a feed, not an error worth a stack trace in the log.
 */
function endQuietlyOnAbort(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        if (signal.aborted) controller.close();
        else controller.error(err);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
