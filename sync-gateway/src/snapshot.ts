// A gzip-compressed NDJSON dump of a public database for a device's first sync: line 1 is
// {"update_seq": …, "doc_count": …}, then one document (with _rev) per line. Loading it with
// bulkDocs(new_edits: false) and continuing replication from update_seq is several times faster than a
// first replication from zero. Built once per update_seq and shared by every device that asks.
import { gzipSync } from 'node:zlib';
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';

export interface Snapshot {
  updateSeq: string | number;
  docCount: number;
  gzip: Buffer;
  etag: string;
  builtAt: number;
}

/** A database changing constantly should not rebuild its snapshot on every request. */
const MIN_REBUILD_INTERVAL_MS = 30_000;

export function createSnapshotCache(couch: CouchClient) {
  const cache = new Map<DbName, Snapshot>();
  const building = new Map<DbName, Promise<Snapshot>>();

  async function build(db: DbName): Promise<Snapshot> {
    const parts: string[] = [];
    let updateSeq: string | number = 0;
    let docCount = 0;
    for await (const chunk of couch.dump(db)) {
      if ('updateSeq' in chunk) updateSeq = chunk.updateSeq;
      else {
        for (const doc of chunk.docs) parts.push(JSON.stringify(doc));
        docCount += chunk.docs.length;
      }
    }
    const body = JSON.stringify({ update_seq: updateSeq, doc_count: docCount }) + '\n' + parts.join('\n') + (parts.length ? '\n' : '');
    const gzip = gzipSync(body, { level: 6 });
    return { updateSeq, docCount, gzip, etag: `"${db}-${String(updateSeq)}"`, builtAt: Date.now() };
  }

  return async function snapshot(db: DbName): Promise<Snapshot> {
    const current = cache.get(db);
    if (current && Date.now() - current.builtAt < MIN_REBUILD_INTERVAL_MS) return current;
    if (current) {
      const info = await couch.call(() => couch.nano.db.get(db));
      if (String(info.update_seq) === String(current.updateSeq)) {
        current.builtAt = Date.now();
        return current;
      }
    }
    let pending = building.get(db);
    if (!pending) {
      pending = build(db).finally(() => building.delete(db));
      building.set(db, pending);
    }
    const fresh = await pending;
    cache.set(db, fresh);
    return fresh;
  };
}
