// /db/{name}: replication proxies. sanctuaries and reviews are pull-only for everyone. Requests are checked
// against ../replication-policy.ts, then streamed to the store and back without buffering, uncompressed
// upstream (continuous feeds stall on the embedded store's gzip). The user's own database is routes/me.ts.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CouchClient } from '@ss/couchdb/client';
import { DB, type DbName } from '@ss/couchdb/definitions';
import { createSnapshotCache } from '../snapshot.ts';
import { readOnlyVerdict } from '../replication-policy.ts';
import { forwardQuery, forwardToStore, pathAfter } from '../store-proxy.ts';

export const READ_ONLY_DBS = new Set<string>([DB.sanctuaries, DB.reviews]);
const MAX_READ_BODY_BYTES = 1024 * 1024;

export function replicationRoutes(couch: CouchClient) {
  const app = new Hono();

  app.use(
    '*',
    bodyLimit({ maxSize: MAX_READ_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }),
  );

  const snapshot = createSnapshotCache(couch);
  // Build the snapshots in the background at start, so the first device after a deploy does not wait for it.
  for (const db of READ_ONLY_DBS) void snapshot(db as DbName).catch(() => undefined);
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

  const rawPath = pathAfter(c, `/db/${db}`);
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return c.json({ error: 'bad_request', reason: 'Malformed path.' }, 400);
  }
  const verdict = readOnlyVerdict(c.req.method, path, url.searchParams);
  if (!verdict.allow) {
    // CouchDB-shaped body so PouchDB reports it sensibly, plus the `error` text our API uses everywhere.
    return c.json({ error: 'forbidden', reason: verdict.reason }, verdict.status);
  }
  // The only POSTs the policy allows are queries (_bulk_get, _revs_diff, _all_docs): their bodies are checked.
  if (c.req.method === 'POST') return forwardQuery(c, couch, db, path, rawPath + url.search);
  return forwardToStore(c, couch, db, rawPath + url.search);
}
