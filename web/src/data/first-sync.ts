// A device's first sync, when it has no public databases yet: a worker downloads the gateway's snapshots and writes
// them (data/first-sync.worker.ts), so the first visit's thousands of writes do not block the page. The directory
// is handed the listings as soon as they arrive, as on the page. The public databases are opened on the page only
// once the worker has closed them (loadPublicDbs); after that, live replication (data/sync) continues from the
// snapshot's sequence. Where a worker cannot be used, or the device has the databases already, nothing happens here
// and data/sync loads what is missing on the page.
import type { Sanctuary } from '@ss/domain/sanctuary';
import { forEachInSlices } from '../lib/in-slices';
import { loadLocalDb, type LocalDbModule } from './local-db-loader';
import { indexedDbNameOf, type PublicDbName } from './local-db-names';
import type { FirstSyncMessage, FirstSyncRequest } from './first-sync.worker';
import { useSyncStatus } from './sync-status';

/** Who takes the sanctuaries of a first sync as they arrive (data/sanctuary-directory), without reading them back. */
export interface SnapshotListener {
  /** Every sanctuary of the snapshot, in name order; the worker writes them once this has settled. */
  listings(items: Sanctuary[]): void;
  /** The worker has written them as the directory's record (data/directory-record): the device has them offline. */
  recorded(): void;
  /**
   * The worker has finished with them: the local database's update_seq then, or undefined if writing failed;
   * `recorded`, whether the worker writes the directory's record again with that sequence.
   */
  done(localSeq: number | string | undefined, recorded: boolean): void;
  /** After `done(…, true)`: the worker could not write the record again after all, so the page should. */
  unrecorded(): void;
}

let sanctuaryListener: SnapshotListener | undefined;

export function onSanctuarySnapshot(listener: SnapshotListener) {
  sanctuaryListener = listener;
}

const PUBLIC_DBS: readonly PublicDbName[] = ['sanctuaries', 'reviews'];

/** Lines of JSON parsed in slices, so the page stays responsive (10k listings are ~10 MB of it). */
async function parseLines<T>(text: string): Promise<T[]> {
  const values: T[] = [];
  if (text) await forEachInSlices(text.split('\n'), (line) => values.push(JSON.parse(line) as T));
  return values;
}

/** The public databases this device has no IndexedDB database for; none when the browser cannot say. */
async function missingDatabases(): Promise<PublicDbName[]> {
  if (typeof Worker === 'undefined' || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const present = new Set((await indexedDB.databases()).map((db) => db.name));
  return PUBLIC_DBS.filter((name) => !present.has(indexedDbNameOf(name)));
}

function runWorker(names: PublicDbName[]): Promise<void> {
  const worker = new Worker(new URL('./first-sync.worker.ts', import.meta.url), { type: 'module', name: 'first-sync' });
  const written = new Map<PublicDbName, number>();
  // The listener that was handed the sanctuaries, until it is told they were written.
  let handed: SnapshotListener | undefined;
  return new Promise<void>((resolve) => {
    const finish = () => {
      window.removeEventListener('offline', finish);
      worker.terminate();
      performance.mark('ss:first-sync-closed');
      // Should the worker stop before saying where the listings were written, the directory follows the database from
      // where it was (a plain read of what the worker wrote).
      handed?.done(undefined, false);
      handed = undefined;
      resolve();
    };
    // A download cut off by going offline may never end by itself: stop, and let replication go on when back online.
    window.addEventListener('offline', finish);
    worker.onerror = (event) => {
      console.warn('[sync] the first-sync worker failed; syncing on the page instead', event.message);
      finish();
    };
    worker.onmessage = ({ data }: MessageEvent<FirstSyncMessage>) => {
      switch (data.type) {
        case 'listings':
          handed = sanctuaryListener;
          void parseLines<Sanctuary>(data.lines)
            .then((items) => handed?.listings(items))
            .catch((err) => console.warn('[sync] could not read the listings of the first sync', err))
            .then(() => worker.postMessage({ type: 'taken' } satisfies FirstSyncRequest));
          break;
        case 'progress': {
          written.set(data.name, data.written);
          const docsWritten = [...written.values()].reduce((sum, n) => sum + n, 0);
          useSyncStatus.setState({ phase: 'syncing', docsWritten, pending: data.total - data.written });
          break;
        }
        case 'recorded':
          handed?.recorded();
          break;
        case 'done':
          if (data.loaded) performance.mark(`ss:${data.name}-snapshot-loaded`);
          if (data.name === 'sanctuaries') {
            handed?.done(data.loaded?.localSeq, data.loaded?.recorded ?? false);
            handed = undefined;
          }
          break;
        case 'unrecorded':
          sanctuaryListener?.unrecorded();
          break;
        case 'failed':
          console.warn(`[sync] ${data.name} snapshot failed; replicating instead`, data.message);
          break;
        case 'closed':
          finish();
      }
    };
    if (names.includes('sanctuaries')) performance.mark('ss:sanctuaries-snapshot-start');
    worker.postMessage({ type: 'fill', names } satisfies FirstSyncRequest);
  });
}

let filling: Promise<void> | undefined;

/** Resolves once the page may open the public databases: at once, unless a first sync is filling them in a worker. */
export function fillEmptyDevice(): Promise<void> {
  return (filling ??= (async () => {
    if (!navigator.onLine) return;
    const names = await missingDatabases();
    if (names.length) await runWorker(names);
  })().catch((err) => console.warn('[sync] first sync in a worker could not start', err)));
}

let publicLoading: Promise<LocalDbModule> | undefined;

/**
 * PouchDB, for the public databases (sanctuaries, reviews): once a first sync in a worker has finished with them,
 * at once on a device that has them already. The device's own databases (the account's) use loadLocalDb and never wait.
 */
export function loadPublicDbs(): Promise<LocalDbModule> {
  return (publicLoading ??= Promise.all([loadLocalDb(), fillEmptyDevice()]).then(([m]) => m));
}
