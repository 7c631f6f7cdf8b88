/// <reference lib="webworker" />
// The first sync of a device without local databases, off the page's thread: the gateway's snapshot of each public
// database is downloaded, parsed and written to PouchDB here, where the thousands of writes (most of a second of
// script and IndexedDB work on a slow phone, in one-frame batches) hold up no tap, scroll or paint. The page opens
// the databases only once this has closed them (data/first-sync.ts): PouchDB's IndexedDB adapter keeps a database's
// sequence and count in memory, and a live change feed on the page would not hear writes made here.
import type { Sanctuary } from '@ss/domain/sanctuary';
import { sanctuariesOf, writeDirectoryRecord } from './directory-record';
import type { PublicDbName } from './local-db-names';
import { LOCAL_DB_NAMES } from './local-db-names';
import { loadSnapshot, saveSyncState } from './snapshot-load';

/** From the page: which databases to fill; then, once the page holds the sanctuaries it was sent, 'taken'. */
export type FirstSyncRequest = { type: 'fill'; names: PublicDbName[] } | { type: 'taken' };

export type FirstSyncMessage =
  /**
   * Every sanctuary of the snapshot before any is written, as the directory keeps them (Sanctuary, not the stored
   * document) and in name order: one line of JSON each, so the page parses them in slices and has nothing to convert
   * or sort. Copying one string between threads is quicker than copying the objects. The page shows them at once and
   * answers 'taken'; the worker's writes to PouchDB wait for that, so as not to hold it up.
   */
  | { type: 'listings'; lines: string }
  /** The sanctuaries are the directory's record (data/directory-record), written here while the page reads the lines. */
  | { type: 'recorded' }
  | { type: 'progress'; name: PublicDbName; written: number; total: number }
  /**
   * `loaded`: the snapshot was written (null: the gateway had no snapshot to give); `recorded`: the directory's
   * record is written again with the local sequence after it, before the worker closes.
   */
  | { type: 'done'; name: PublicDbName; loaded: { docs: number; updateSeq: string | number; localSeq: string | number; recorded: boolean } | null }
  /**
   * That second write of the record failed: it keeps sequence 0, so the page writes it instead (else the next start
   * would catch up from the first change).
   */
  | { type: 'unrecorded' }
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
  // The listings as the directory keeps them, in name order: its record is written here, not on the page (at 10k
  // listings, copying them into IndexedDB is a long task of its own on a slow phone).
  let listings: Sanctuary[] | undefined;
  const record = (localSeq: number | string) =>
    writeDirectoryRecord(listings!, localSeq).then(
      () => true,
      (err: unknown) => (console.warn('[sync] the first-sync worker could not write the directory record', err), false),
    );
  try {
    // The download starts at once, while PouchDB loads and opens. Should another tab fill the database meanwhile,
    // writing the same revisions again with new_edits false changes nothing.
    const result = await loadSnapshot(name, open, {
      batches: 'largest',
      onProgress: (written, total) => post({ type: 'progress', name, written, total }),
      ...(name === 'sanctuaries'
        ? {
            // While the page reads the listings, their record is written (with sequence 0, as nothing is in PouchDB
            // yet: an interrupted first sync still leaves the device its directory, and the next start catches up).
            onDocuments: async (docs: readonly object[]) => {
              const items = (listings = sanctuariesOf(docs));
              await Promise.all([
                new Promise<void>((resolve) => {
                  taken = resolve;
                  post({ type: 'listings', lines: items.map((item) => JSON.stringify(item)).join('\n') });
                }),
                record(0).then((ok) => ok && post({ type: 'recorded' })),
              ]);
            },
          }
        : {}),
    });
    if (!result) return post({ type: 'done', name, loaded: null });
    const written = await open();
    await saveSyncState(written, result.updateSeq);
    const localSeq = (await written.info()).update_seq;
    // The page hears of it at once; the record is rewritten before the worker closes.
    const recording = listings ? record(localSeq) : undefined;
    post({ type: 'done', name, loaded: { docs: result.docs, updateSeq: result.updateSeq, localSeq, recorded: Boolean(recording) } });
    if (recording && !(await recording)) post({ type: 'unrecorded' });
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
