/// <reference lib="webworker" />
// The first sync of a device without local databases, off the page's thread: the gateway's snapshot of each public
// database is downloaded, parsed and written to PouchDB here, where the thousands of writes (most of a second of
// script and IndexedDB work on a slow phone, in one-frame batches) hold up no tap, scroll or paint. The page opens
// the databases only once this has closed them (data/first-sync.ts): PouchDB's IndexedDB adapter keeps a database's
// sequence and count in memory, and a live change feed on the page would not hear writes made here.
import type { PublicDbName } from './local-db-names';
import { LOCAL_DB_NAMES } from './local-db-names';
import { loadSnapshot, saveSyncState } from './snapshot-load';

/** From the page: which databases to fill; then, once the page holds the sanctuaries it was sent, 'taken'. */
export type FirstSyncRequest = { type: 'fill'; names: PublicDbName[] } | { type: 'taken' };

export type FirstSyncMessage =
  /**
   * Every sanctuary of the snapshot (its JSON line), before any is written: the page shows them at once and keeps
   * them as the directory's record, and answers 'taken'; the worker's writes wait for that, so as not to hold it up.
   */
  | { type: 'documents'; name: PublicDbName; lines: string[] }
  | { type: 'progress'; name: PublicDbName; written: number; total: number }
  /** `loaded`: the snapshot was written (null: the gateway had no snapshot to give). */
  | { type: 'done'; name: PublicDbName; loaded: { docs: number; updateSeq: string | number; localSeq: string | number } | null }
  | { type: 'failed'; name: PublicDbName; message: string }
  /** Every database is closed: the page may open them. */
  | { type: 'closed' };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FirstSyncMessage) => scope.postMessage(message);
// Loaded while the snapshots download.
const pouch = import('./local-db');
let taken: () => void = () => {};

async function fill(name: PublicDbName): Promise<void> {
  let db: PouchDB.Database<object> | undefined;
  const open = async () => {
    const { PouchDB, LOCAL_ADAPTER } = await pouch;
    return (db ??= new PouchDB<object>(LOCAL_DB_NAMES[name], LOCAL_ADAPTER));
  };
  try {
    // The download starts at once, while PouchDB loads and opens. Should another tab fill the database meanwhile,
    // writing the same revisions again with new_edits false changes nothing.
    const result = await loadSnapshot(name, open, {
      batches: 'largest',
      onProgress: (written, total) => post({ type: 'progress', name, written, total }),
      ...(name === 'sanctuaries'
        ? {
            onLines: (lines: readonly string[]) =>
              new Promise<void>((resolve) => {
                taken = resolve;
                post({ type: 'documents', name, lines: lines as string[] });
              }),
          }
        : {}),
    });
    if (!result) return post({ type: 'done', name, loaded: null });
    const written = await open();
    await saveSyncState(written, result.updateSeq);
    post({ type: 'done', name, loaded: { docs: result.docs, updateSeq: result.updateSeq, localSeq: (await written.info()).update_seq } });
  } catch (err) {
    post({ type: 'failed', name, message: err instanceof Error ? err.message : String(err) });
  } finally {
    await db?.close().catch(() => undefined);
  }
}

scope.onmessage = ({ data }: MessageEvent<FirstSyncRequest>) => {
  if (data.type === 'taken') taken();
  else void Promise.all(data.names.map(fill)).then(() => post({ type: 'closed' }));
};
