// A device's first sync of a public database: fetch the gateway's gzip NDJSON snapshot, hand the documents
// to whoever can use them at once (the directory record makes the app usable offline in well under a second),
// then store them in the local PouchDB with bulkDocs(new_edits: false) so replication continues from the
// snapshot's sequence instead of re-reading every change.
import type { LocalDb } from './local-db';

/** Larger batches load faster; smaller ones report progress more often. */
const BATCH = 2500;

export interface SnapshotResult {
  updateSeq: string | number;
  docs: number;
}

export interface SnapshotHooks {
  onProgress?: (written: number, total: number) => void;
  /** Every document, once the whole snapshot has arrived and before it is written to PouchDB. */
  onDocuments?: (docs: readonly object[]) => Promise<void> | void;
}

export async function loadSnapshot(name: 'sanctuaries' | 'reviews', db: LocalDb<object>, hooks: SnapshotHooks = {}): Promise<SnapshotResult | null> {
  const res = await fetch(`/db/${name}/_snapshot`, { headers: { accept: 'application/x-ndjson' } });
  if (!res.ok || !res.body) return null;

  // Parse line by line as the body streams in, so parsing overlaps the download.
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let header: { update_seq: string | number; doc_count: number } | null = null;
  const docs: object[] = [];
  let rest = '';
  const take = (line: string) => {
    if (!line) return;
    const value = JSON.parse(line) as object;
    if (header) docs.push(value);
    else header = value as { update_seq: string | number; doc_count: number };
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  take(rest.trim());
  if (!header) return null;
  const { update_seq: updateSeq } = header as { update_seq: string | number };

  await hooks.onDocuments?.(docs);
  for (let i = 0; i < docs.length; i += BATCH) {
    await db.bulkDocs(docs.slice(i, i + BATCH) as PouchDB.Core.PutDocument<object>[], { new_edits: false });
    hooks.onProgress?.(Math.min(i + BATCH, docs.length), docs.length);
  }
  return { updateSeq, docs: docs.length };
}
