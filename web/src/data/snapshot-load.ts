// A device's first sync of a public database: fetch the gateway's gzip NDJSON snapshot, hand the documents
// to whoever can use them at once (the directory record makes the app usable offline in well under a second),
// then store them in the local PouchDB with bulkDocs(new_edits: false) so replication continues from the
// snapshot's sequence instead of re-reading every change. On a device without local databases this runs in a
// worker (data/first-sync.worker.ts), else on the page (data/sync.ts).
import type { LocalDb } from './local-db';

/** Where a device keeps the remote sequence everything up to which it holds (a local document: never replicated). */
export const SYNC_STATE_ID = '_local/ss-sync';

export interface SyncState {
  _id: string;
  _rev?: string;
  seq: string | number;
}

export async function readSyncState(db: LocalDb<object>): Promise<SyncState | null> {
  try {
    return (await db.get(SYNC_STATE_ID)) as unknown as SyncState;
  } catch {
    return null;
  }
}

/** Saves `seq` as the device's sync state, unless it is already; a concurrent save that wins is left as it is. */
export async function saveSyncState(db: LocalDb<object>, seq: string | number): Promise<void> {
  const current = await readSyncState(db);
  if (current && String(current.seq) === String(seq)) return;
  await db.put({ _id: SYNC_STATE_ID, ...(current?._rev ? { _rev: current._rev } : {}), seq } as never).catch(() => {
    // A concurrent save won; the next change saves again.
  });
}

// Batches: PouchDB checks and writes a whole batch in one task, so a big batch blocks input for its whole length
// (316 listings in one batch: 130 ms here, over half a second on a slow phone), while many small ones cost a
// transaction each (100k listings in batches of 2,500 load fastest). So the first batch is small and each next one
// is sized from how long the last took, aiming at TARGET_BATCH_MS: one frame, so a first sync never holds up a tap or
// a scroll on any device. Aiming at 50 ms instead wrote 10k listings ~20 % sooner (3.1 s against 3.9 s here) but
// left long tasks of 100-200 ms on a slow phone (Lighthouse's total blocking time on `/` ~1,100 ms against ~300-500
// ms); the directory itself is usable offline long before either finishes (sanctuary-directory's record).
const FIRST_BATCH = 25;
const MIN_BATCH = 10;
const MAX_BATCH = 2500;
const TARGET_BATCH_MS = 16;

/** The next batch size after a batch of `size` documents took `ms`. */
export function nextBatchSize(size: number, ms: number): number {
  const scaled = Math.round((size * TARGET_BATCH_MS) / Math.max(ms, 1));
  // Never more than double at once: one quick batch (a cache hit, an idle moment) is not a promise.
  return Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.min(scaled, size * 2)));
}

export interface SnapshotResult {
  updateSeq: string | number;
  docs: number;
}

/**
 * A download that has received nothing for this long is given up (and replication fetches the documents instead): a
 * connection that stays open but stalls would otherwise keep the first sync, and on a first visit the public databases,
 * waiting forever. The gateway sends its first bytes as soon as it has the snapshot and then streams them.
 */
export const SNAPSHOT_STALL_MS = 20_000;

export interface SnapshotHooks {
  /**
   * 'frame' (the default): batches sized to take one frame each, for the page's own thread. 'largest': batches of
   * MAX_BATCH, the fastest in all, where nothing waits on the thread (a worker).
   */
  batches?: 'frame' | 'largest';
  onProgress?: (written: number, total: number) => void;
  /** Every document, once the whole snapshot has arrived and before it is written to PouchDB. */
  onDocuments?: (docs: readonly object[]) => Promise<void> | void;
}

/** `open` is asked for the database once the snapshot has arrived, so opening it overlaps the download. */
export async function loadSnapshot(
  name: 'sanctuaries' | 'reviews',
  open: () => LocalDb<object> | Promise<LocalDb<object>>,
  hooks: SnapshotHooks = {},
): Promise<SnapshotResult | null> {
  const snapshot = await download(name);
  if (!snapshot) return null;
  const { updateSeq, docs } = snapshot;

  await hooks.onDocuments?.(docs);
  const db = await open();
  const adaptive = hooks.batches !== 'largest';
  let size = adaptive ? FIRST_BATCH : MAX_BATCH;
  for (let i = 0; i < docs.length; ) {
    const batch = docs.slice(i, i + size) as PouchDB.Core.PutDocument<object>[];
    const started = performance.now();
    await db.bulkDocs(batch, { new_edits: false });
    i += batch.length;
    hooks.onProgress?.(i, docs.length);
    if (adaptive) size = nextBatchSize(batch.length, performance.now() - started);
  }
  return { updateSeq, docs: docs.length };
}

/** The snapshot's sequence and documents; null when the gateway has none to give. Throws when the download stalls. */
async function download(name: 'sanctuaries' | 'reviews'): Promise<{ updateSeq: string | number; docs: object[] } | null> {
  const stalled = new AbortController();
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const received = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stalled.abort(new Error(`the ${name} snapshot stalled: nothing received for ${SNAPSHOT_STALL_MS / 1000} s`)), SNAPSHOT_STALL_MS);
  };
  received();
  try {
    const res = await fetch(`/db/${name}/_snapshot`, { headers: { accept: 'application/x-ndjson' }, signal: stalled.signal });
    if (!res.ok || !res.body) return null;
    // Parse line by line as the body streams in, so parsing overlaps the download.
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let header: { update_seq: string | number; doc_count: number } | null = null;
    const docs: object[] = [];
    let rest = '';
    const take = (line: string) => {
      if (!line) return;
      const value = JSON.parse(line) as object;
      if (!header) header = value as { update_seq: string | number; doc_count: number };
      else docs.push(value);
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received();
      const lines = (rest + value).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) take(line);
    }
    take(rest.trim());
    if (!header) return null;
    return { updateSeq: (header as { update_seq: string | number }).update_seq, docs };
  } finally {
    clearTimeout(stallTimer);
  }
}

/**
 * Documents of an earlier copy that a snapshot no longer has: deleted on the server since that copy was made, and
 * deleted here too (the snapshot holds live documents only, and replication goes on from after it). Design documents
 * are the device's own (the gateway never sends any), and are left alone. Returns how many were deleted.
 */
export async function removeMissingDocs(db: LocalDb<object>, kept: ReadonlySet<string>): Promise<number> {
  const { rows } = await db.allDocs();
  const gone = rows
    .filter((row) => !kept.has(row.id) && !row.id.startsWith('_design/'))
    .map((row) => ({ _id: row.id, _rev: row.value.rev, _deleted: true }));
  if (gone.length) await db.bulkDocs(gone);
  return gone.length;
}
