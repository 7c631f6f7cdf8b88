// A device's first sync of a public database: stream the gateway's gzip NDJSON snapshot into the local
// database with bulkDocs(new_edits: false), a thousand documents at a time, and report the sequence the
// snapshot reflects so live replication continues from there instead of re-reading every change.
import type { LocalDb } from './local-db';

const BATCH = 1000;

export interface SnapshotResult {
  updateSeq: string | number;
  docs: number;
}

export async function loadSnapshot(
  name: 'sanctuaries' | 'reviews',
  db: LocalDb<object>,
  onProgress: (written: number, total: number | null) => void,
  onBatch?: (docs: readonly object[]) => void,
): Promise<SnapshotResult | null> {
  const res = await fetch(`/db/${name}/_snapshot`, { headers: { accept: 'application/x-ndjson' } });
  if (!res.ok || !res.body) return null;

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let header: { update_seq: string | number; doc_count: number } | null = null;
  let batch: object[] = [];
  let written = 0;

  const flush = async () => {
    if (!batch.length) return;
    const docs = batch;
    batch = [];
    await db.bulkDocs(docs as PouchDB.Core.PutDocument<object>[], { new_edits: false });
    written += docs.length;
    onBatch?.(docs);
    onProgress(written, header?.doc_count ?? null);
  };

  const takeLine = async (line: string) => {
    if (!line) return;
    const value = JSON.parse(line) as object;
    if (!header) header = value as { update_seq: string | number; doc_count: number };
    else {
      batch.push(value);
      if (batch.length >= BATCH) await flush();
    }
  };

  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      await takeLine(line);
    }
  }
  await takeLine(buffered.trim());
  await flush();
  if (!header) return null;
  const { update_seq: updateSeq } = header as { update_seq: string | number };
  return { updateSeq, docs: written };
}
