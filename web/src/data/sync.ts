// Live pull replication of the public databases from the gateway into the device. Screens never wait for
// it: they read the local databases, which this keeps current while online and leaves intact while offline.
// A first sync loads the gateway's snapshot in bulk, then replication continues from its sequence.
import { createRemote, reviewsDb, sanctuariesDb, type LocalDb } from './local-db';
import { loadPublicDbs } from './first-sync';
import { directoryBulkLoad } from './sanctuary-directory';
import { loadSnapshot, readSyncState, removeMissingDocs, saveSyncState } from './snapshot-load';
import { markSynced, useSyncStatus } from './sync-status';

const MAX_BACKOFF_MS = 10_000;
type Replication = PouchDB.Replication.Replication<object>;

interface Feed {
  name: 'sanctuaries' | 'reviews';
  local: () => LocalDb<object>;
  replication?: Replication;
  paused: boolean;
  /** The remote sequence everything up to which is on this device. */
  seq?: string | number;
  saveTimer?: ReturnType<typeof setTimeout>;
}

const feeds: Feed[] = [
  { name: 'sanctuaries', local: () => sanctuariesDb() as unknown as LocalDb<object>, paused: false },
  { name: 'reviews', local: () => reviewsDb() as unknown as LocalDb<object>, paused: false },
];

let started = false;
let docsWritten = 0;

function updatePhase() {
  const online = navigator.onLine;
  if (!online) {
    useSyncStatus.setState({ online, phase: 'offline' });
    return;
  }
  if (feeds.every((f) => f.paused)) markSynced();
  else useSyncStatus.setState({ online, phase: 'syncing' });
}

async function saveSeq(feed: Feed) {
  if (feed.seq !== undefined) await saveSyncState(feed.local(), feed.seq);
}

function scheduleSave(feed: Feed, delay = 1000) {
  clearTimeout(feed.saveTimer);
  feed.saveTimer = setTimeout(() => void saveSeq(feed), delay);
}

/**
 * Where replication should start: our saved sequence, or a snapshot on a device without one. A copy with documents
 * but no saved sequence is a first sync that was cut off (the page closed while it wrote; its worker leaves the
 * same), or one from before the sequence was kept. Replication would start it again from the first change (a cut-off
 * first sync has no replication checkpoint either); the snapshot is loaded over it instead, as on a first visit, and
 * what the snapshot lacks is removed.
 */
async function prepare(feed: Feed): Promise<void> {
  const db = feed.local();
  const state = await readSyncState(db);
  if (state) {
    feed.seq = state.seq;
    return;
  }
  if (!navigator.onLine) return;
  const cutOff = (await db.info()).doc_count > 0;
  let kept: Set<string> | undefined;
  const bulk = feed.name === 'sanctuaries' ? directoryBulkLoad : null;
  bulk?.begin();
  try {
    performance.mark(`ss:${feed.name}-snapshot-start`);
    const result = await loadSnapshot(feed.name, () => db, {
      onProgress: (written, total) => useSyncStatus.setState({ phase: 'syncing', docsWritten: docsWritten + written, pending: total - written }),
      onDocuments: async (docs) => {
        if (cutOff) kept = new Set(docs.map((doc) => (doc as { _id: string })._id));
        await bulk?.ingest(docs);
      },
    });
    if (result) {
      performance.mark(`ss:${feed.name}-snapshot-loaded`);
      docsWritten += result.docs;
      feed.seq = result.updateSeq;
    }
  } catch (err) {
    // Fall back to plain replication from the start.
    kept = undefined;
    console.warn(`[sync] ${feed.name} snapshot failed; replicating instead`, err);
  } finally {
    // The directory follows the local feed from here, so it hears of the removals below.
    bulk?.end(await db.info().then((info) => info.update_seq, () => undefined));
  }
  if (feed.seq === undefined) return;
  try {
    if (kept) {
      const removed = await removeMissingDocs(db, kept);
      if (removed) console.info(`[sync] ${feed.name}: ${removed} documents of a cut-off copy were deleted on the server since`);
    }
    await saveSeq(feed);
  } catch (err) {
    // Without the saved sequence, the next start loads the snapshot over this copy again.
    console.warn(`[sync] ${feed.name}: could not finish the copy`, err);
  }
}

function startFeed(feed: Feed) {
  feed.replication?.cancel();
  feed.paused = false;
  const remote = createRemote<object>(feed.name);
  const rep = feed.local().replicate.from(remote, {
    live: true,
    retry: true,
    // Measured here: batches of 1000 halve the time of a replication compared with the default 100.
    batch_size: 1000,
    batches_limit: 4,
    // Checkpoints only on the device: the proxy is read-only, so reading and writing one on the server only
    // produced a 404 and a refused (403) write per start, errors in the console, and nothing else.
    checkpoint: 'target',
    ...(feed.seq !== undefined ? { since: feed.seq } : {}),
    back_off_function: (delay: number) => (delay === 0 ? 500 : Math.min(delay * 2, MAX_BACKOFF_MS)),
  });
  feed.replication = rep;
  rep
    .on('change', (info) => {
      docsWritten += info.docs_written;
      feed.seq = info.last_seq as string | number;
      scheduleSave(feed);
      const pending = (info as { pending?: number }).pending;
      useSyncStatus.setState({ phase: 'syncing', docsWritten, pending: typeof pending === 'number' ? pending : null });
    })
    .on('paused', (err) => {
      feed.paused = !err;
      if (err) {
        useSyncStatus.setState({ phase: navigator.onLine ? 'error' : 'offline', error: navigator.onLine ? 'Cannot reach the server; retrying…' : null });
      } else {
        scheduleSave(feed, 0);
        updatePhase();
      }
    })
    .on('active', () => {
      feed.paused = false;
      useSyncStatus.setState({ phase: 'syncing', error: null });
    })
    .on('denied', (err) => console.warn(`[sync] ${feed.name} denied`, err))
    .on('error', (err) => {
      feed.paused = false;
      useSyncStatus.setState({ phase: 'error', error: (err as Error).message ?? 'Sync failed' });
    });
}

async function startAll() {
  // On a device without the public databases, a worker fills them first (data/first-sync).
  await loadPublicDbs();
  await Promise.all(feeds.map((feed) => prepare(feed).then(() => startFeed(feed))));
}

/** Starts live replication once per page; restarts promptly when the browser comes back online. */
export function startSync() {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    docsWritten = 0;
    useSyncStatus.setState({ online: true, phase: 'syncing', docsWritten: 0 });
    void startAll();
  });
  window.addEventListener('offline', () => useSyncStatus.setState({ online: false, phase: 'offline' }));
  if (!navigator.onLine) useSyncStatus.setState({ online: false, phase: 'offline' });
  void startAll();
}
