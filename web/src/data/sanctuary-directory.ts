// Every sanctuary on this device, in memory, live. A cold start paints from one compact IndexedDB record
// (a structured-clone read of tens of milliseconds) instead of opening PouchDB and reading every document
// (hundreds); PouchDB stays the source of truth and this record is rewritten, debounced, after it changes.
import type { Sanctuary, SanctuaryDoc } from '@ss/domain/sanctuary';
import { isSanctuaryDoc, toSanctuary } from '@ss/domain/sanctuary';
import { kvGet, kvSet } from './kv-store';
import type { LocalDb } from './local-db';
import { byName } from './sort';
import { loadLocalDb } from './local-db-loader';

/** Also read by public/early-directory.js: change both together. */
const CACHE_KEY = 'directory-v1';
const CACHE_WRITE_DELAY_MS = 1500;

interface CacheRecord {
  /** The local database's update_seq the record reflects. */
  localSeq: number | string;
  items: Sanctuary[];
}

export interface DirectorySnapshot {
  status: 'loading' | 'ready';
  items: ReadonlyMap<string, Sanctuary>;
}

/** What pre-rendering showed, and so what hydration must render first: nothing read yet. */
const LOADING: DirectorySnapshot = { status: 'loading', items: new Map() };
let snapshot: DirectorySnapshot = LOADING;
let working = new Map<string, Sanctuary>();
let localSeq: number | string = 0;
const listeners = new Set<() => void>();
let started = false;
let publishQueued = false;
let cacheTimer: ReturnType<typeof setTimeout> | undefined;
let feed: PouchDB.Core.Changes<SanctuaryDoc> | undefined;
/** True while a first sync writes the snapshot; the change feed is paused meanwhile. */
let bulkLoading = false;

function publishNow() {
  publishQueued = false;
  // Marks for the benchmarks (scripts/bench/browser.ts): when the directory first has data to show.
  if (snapshot.status === 'loading' && working.size) performance.mark('ss:directory-ready');
  snapshot = { status: 'ready', items: working };
  working = new Map(working);
  listeners.forEach((l) => l());
}

/**
 * A first sync writes thousands of documents a second, and every publish re-sorts, re-indexes and re-renders
 * the whole directory: publish at most every PUBLISH_INTERVAL_MS while changes stream in.
 */
const PUBLISH_INTERVAL_MS = 300;
function schedulePublish() {
  if (publishQueued) return;
  publishQueued = true;
  setTimeout(publishNow, PUBLISH_INTERVAL_MS);
}

function writeCache(): Promise<void> {
  clearTimeout(cacheTimer);
  // Stored in name order, so the next cold start's sort has almost nothing to do.
  const items = [...working.values()].sort(byName);
  const record: CacheRecord = { localSeq, items };
  return kvSet(CACHE_KEY, record)
    .then(() => void performance.mark('ss:directory-cached'))
    .catch((err) => console.warn('[data] could not save the directory cache', err));
}

function scheduleCacheWrite() {
  clearTimeout(cacheTimer);
  cacheTimer = setTimeout(() => void writeCache(), CACHE_WRITE_DELAY_MS);
}

function apply(change: PouchDB.Core.ChangesResponseChange<SanctuaryDoc>): boolean {
  localSeq = change.seq;
  if (change.deleted || !isSanctuaryDoc(change.doc)) return working.delete(change.id);
  working.set(change.id, toSanctuary(change.doc));
  return true;
}

async function start() {
  // A first sync may be ingesting the snapshot while this reads: merge, never replace what is already there.
  // public/early-directory.js started this read while the page was parsing; read here only if it could not.
  const early = (window as { __ssEarlyDirectory?: Promise<CacheRecord | undefined> }).__ssEarlyDirectory;
  (window as { __ssEarlyDirectory?: unknown }).__ssEarlyDirectory = undefined;
  const cached = (await early?.catch(() => undefined)) ?? (await kvGet<CacheRecord>(CACHE_KEY).catch(() => undefined));
  if (cached?.items?.length) {
    for (const item of cached.items) if (!working.has(item.id)) working.set(item.id, item);
    localSeq = cached.localSeq;
    publishNow();
  }

  const db = (await loadLocalDb()).sanctuariesDb();
  if (!cached) {
    const [info, all] = await Promise.all([db.info(), db.allDocs({ include_docs: true })]);
    for (const row of all.rows) if (isSanctuaryDoc(row.doc) && !working.has(row.id)) working.set(row.id, toSanctuary(row.doc));
    if (!bulkLoading) localSeq = info.update_seq;
    publishNow();
    if (working.size && !bulkLoading) scheduleCacheWrite();
  } else {
    // Catch up with what reached the local database after the record was written.
    const missed = await db.changes({ since: cached.localSeq, include_docs: true });
    let changed = false;
    for (const change of missed.results) changed = apply(change as PouchDB.Core.ChangesResponseChange<SanctuaryDoc>) || changed;
    if (changed) {
      schedulePublish();
      scheduleCacheWrite();
    }
  }

  follow(db);
}


/** Follows the local database live from `localSeq`, unless a bulk load is writing to it. */
function follow(db: LocalDb<SanctuaryDoc>) {
  if (feed || bulkLoading) return;
  feed = db
    .changes<SanctuaryDoc>({ since: localSeq, live: true, include_docs: true })
    .on('change', (change) => {
      if (apply(change)) {
        schedulePublish();
        scheduleCacheWrite();
      }
    })
    .on('error', (err) => console.error('[data] sanctuary change feed stopped', err));
}

/**
 * A first sync writes the whole directory in bulk. Reading every one of those writes back through the change
 * feed would cost as much again, so the loader hands the documents here directly and the feed resumes after.
 */
export const directoryBulkLoad = {
  begin() {
    bulkLoading = true;
    feed?.cancel();
    feed = undefined;
  },
  /** The whole snapshot: shown at once and made durable as the directory record before PouchDB stores it. */
  async ingest(docs: readonly object[]) {
    for (const doc of docs) if (isSanctuaryDoc(doc)) working.set(doc._id, toSanctuary(doc));
    publishNow();
    await writeCache();
  },
  async end() {
    const db = (await loadLocalDb()).sanctuariesDb();
    localSeq = (await db.info()).update_seq;
    bulkLoading = false;
    schedulePublish();
    scheduleCacheWrite();
    if (started) follow(db);
  },
};

export const sanctuaryDirectory = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    if (!started) {
      started = true;
      start().catch((err) => {
        console.error('[data] could not read the local directory', err);
        publishNow();
      });
    }
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => snapshot,
  getServerSnapshot: () => LOADING,
};
