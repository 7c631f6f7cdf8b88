// Every sanctuary on this device, in memory, live. A cold start paints from one compact IndexedDB record
// (a structured-clone read of tens of milliseconds) instead of opening PouchDB and reading every document
// (hundreds); PouchDB stays the source of truth and this record is rewritten, debounced, after it changes.
import { isSanctuaryDoc, toSanctuary, type Sanctuary, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { kvGet, kvSet } from './kv-store';
import { sanctuariesDb } from './local-db';

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

let snapshot: DirectorySnapshot = { status: 'loading', items: new Map() };
let working = new Map<string, Sanctuary>();
let localSeq: number | string = 0;
const listeners = new Set<() => void>();
let started = false;
let publishQueued = false;
let cacheTimer: ReturnType<typeof setTimeout> | undefined;

function publishNow() {
  publishQueued = false;
  snapshot = { status: 'ready', items: working };
  working = new Map(working);
  listeners.forEach((l) => l());
}

// Replication writes up to a thousand documents at once: publish at most once per frame.
function schedulePublish() {
  if (publishQueued) return;
  publishQueued = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(publishNow);
  else setTimeout(publishNow, 16);
}

function scheduleCacheWrite() {
  clearTimeout(cacheTimer);
  cacheTimer = setTimeout(() => {
    const record: CacheRecord = { localSeq, items: [...snapshot.items.values()] };
    kvSet(CACHE_KEY, record).catch((err) => console.warn('[data] could not save the directory cache', err));
  }, CACHE_WRITE_DELAY_MS);
}

function apply(change: PouchDB.Core.ChangesResponseChange<SanctuaryDoc>): boolean {
  localSeq = change.seq;
  if (change.deleted || !isSanctuaryDoc(change.doc)) return working.delete(change.id);
  working.set(change.id, toSanctuary(change.doc));
  return true;
}

async function start() {
  const cached = await kvGet<CacheRecord>(CACHE_KEY).catch(() => undefined);
  if (cached?.items?.length) {
    working = new Map(cached.items.map((s) => [s.id, s]));
    localSeq = cached.localSeq;
    publishNow();
  }

  const db = sanctuariesDb();
  if (!cached) {
    const [info, all] = await Promise.all([db.info(), db.allDocs({ include_docs: true })]);
    working = new Map();
    for (const row of all.rows) if (isSanctuaryDoc(row.doc)) working.set(row.id, toSanctuary(row.doc));
    localSeq = info.update_seq;
    publishNow();
    if (working.size) scheduleCacheWrite();
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

  db.changes<SanctuaryDoc>({ since: localSeq, live: true, include_docs: true })
    .on('change', (change) => {
      if (apply(change)) {
        schedulePublish();
        scheduleCacheWrite();
      }
    })
    .on('error', (err) => console.error('[data] sanctuary change feed stopped', err));
}

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
};
