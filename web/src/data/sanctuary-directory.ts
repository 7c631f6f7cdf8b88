// Every sanctuary on this device, in memory, live. A cold start paints from one compact IndexedDB record
// (a structured-clone read of tens of milliseconds) instead of opening PouchDB and reading every document
// (hundreds); PouchDB stays the source of truth and this record is rewritten, debounced, after it changes.
// Beside it, in the same transaction, a preview record: the count and the first result cards of the home page
// without a search, which is all its first screen needs. web/inline/early-directory.js reads only that on a cold start
// at /, and the whole record is read once those cards are on screen (at 100,000 listings its read alone takes
// most of a second).
import type { Sanctuary, SanctuaryDoc } from '@ss/domain/sanctuary';
import { isSanctuaryDoc, toSanctuary } from '@ss/domain/sanctuary-doc';
import { kvGet, kvSet } from './kv-store';
import type { LocalDb } from './local-db';
import { sortByName } from '@ss/domain/sort';
import { ListingSlots } from '@ss/domain/listing-slots';
import { createSearchIndex, type SanctuarySearchIndex } from '@ss/domain/search';
import { CACHE_KEY, PREVIEW_KEY, previewOf, writeDirectoryRecord, type CacheRecord } from './directory-record';
import { forEachInSlices } from '../lib/in-slices';
import { loadPublicDbs, onSanctuarySnapshot } from './first-sync';
import { SearchIndexChain } from './search-index-chain';
import { pageData, type DirectoryPreview } from './page-data';

const CACHE_WRITE_DELAY_MS = 1500;

export type { DirectoryPreview };
export { previewOf };

export interface DirectorySnapshot {
  status: 'loading' | 'ready';
  items: ReadonlyMap<string, Sanctuary>;
  /** Every listing in name order, worked out the first time it is asked for. */
  byName(): Sanctuary[];
  /** The listings prepared for searching, made the first time it is asked for (from the last one made, when it can). */
  searchIndex(): SanctuarySearchIndex<Sanctuary>;
}

const NONE: Sanctuary[] = [];
const NO_INDEX = createSearchIndex(NONE);
/** What pre-rendering showed, and so what hydration must render first: nothing read yet. */
const LOADING: DirectorySnapshot = { status: 'loading', items: new Map(), byName: () => NONE, searchIndex: () => NO_INDEX };
let snapshot: DirectorySnapshot = LOADING;
let working = new Map<string, Sanctuary>();
/**
 * The same listings by slot: each published snapshot's search index is made from the last one made, in time proportional
 * to the listings changed since (at 100k listings a word search after a change otherwise built the word index afresh:
 * 1.1-1.7 s in Node, several times that on a phone).
 */
const slots = new ListingSlots<Sanctuary>();
const indexes = new SearchIndexChain<Sanctuary>();

function setListing(id: string, listing: Sanctuary) {
  working.set(id, listing);
  slots.put(listing);
}

function dropListing(id: string): boolean {
  slots.remove(id);
  return working.delete(id);
}

/**
 * Whether `working` holds its listings in name order: filled, when empty, from a source in name order (the directory's
 * record, a first sync's worker), with nothing added or changed since but deletions. Sorting 10k listings is tens of
 * milliseconds, 100k most of a second, and then it is not needed.
 */
let nameOrdered = false;

/** Puts listings from a source in name order into `working`; those it has already are kept, unless `fresher`. */
function addInNameOrder(items: readonly Sanctuary[], fresher: boolean) {
  const wasEmpty = working.size === 0;
  let added = false;
  for (const item of items) {
    if (!fresher && working.has(item.id)) continue;
    setListing(item.id, item);
    added = true;
  }
  if (added) nameOrdered = wasEmpty;
}

const inNameOrder = (items: ReadonlyMap<string, Sanctuary>, ordered: boolean) => (ordered ? [...items.values()] : sortByName(items.values()));
let localSeq: number | string = 0;
const listeners = new Set<() => void>();
let started = false;
let publishQueued = false;
let cacheTimer: ReturnType<typeof setTimeout> | undefined;
let feed: PouchDB.Core.Changes<SanctuaryDoc> | undefined;
/** True while a first sync writes the snapshot; the change feed is paused meanwhile. */
let bulkLoading = false;
/** A first sync handed over every listing, and `localSeq` is where the local database was once they were written. */
let bulkLoaded = false;
/** The directory changed since it was last published / since its record was last written. */
let unpublished = false;
let unrecorded = false;

/** Shown only while the directory itself is loading; let go once it has been read. */
let preview: DirectoryPreview | null = null;
const previewListeners = new Set<() => void>();

function setPreview(next: DirectoryPreview | null) {
  if (next === preview) return;
  preview = next;
  previewListeners.forEach((l) => l());
}

/** What web/inline/early-directory.js began reading while the page was parsing, taken once. */
function takeEarly<T>(name: '__ssEarlyDirectory' | '__ssEarlyPreview'): Promise<T | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as { __ssEarlyDirectory?: Promise<unknown>; __ssEarlyPreview?: Promise<unknown> };
  const read = w[name] as Promise<T | undefined> | undefined;
  w[name] = undefined;
  return read?.catch(() => undefined);
}

const earlyPreview = takeEarly<DirectoryPreview>('__ssEarlyPreview');
void earlyPreview?.then((read) => {
  if (read?.first?.length && snapshot.status === 'loading') {
    performance.mark('ss:directory-preview');
    setPreview(read);
  }
});

/** Resolves after the next frame has been painted (or 100 ms, should frames be paused in a hidden tab). */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    const done = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(done), resolve()), 0));
  });

function publishNow() {
  publishQueued = false;
  unpublished = false;
  setPreview(null);
  // Marks for the benchmarks (scripts/bench/browser.ts): when the directory first has data to show.
  if (snapshot.status === 'loading' && working.size) performance.mark('ss:directory-ready');
  const items = working;
  const ordered = nameOrdered;
  let byName: Sanctuary[] | undefined;
  const { items: bySlot, changed } = slots.take();
  const at = indexes.publish(changed, bySlot.length);
  let index: SanctuarySearchIndex<Sanctuary> | undefined;
  snapshot = {
    status: 'ready',
    items,
    byName: () => (byName ??= inNameOrder(items, ordered)),
    searchIndex: () => (index ??= indexes.indexOf(bySlot, at)),
  };
  // Copied in the same order.
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
  unrecorded = false;
  return writeDirectoryRecord(inNameOrder(working, nameOrdered), localSeq)
    .then(() => void performance.mark('ss:directory-cached'))
    .catch((err) => console.warn('[data] could not save the directory cache', err));
}

function scheduleCacheWrite() {
  clearTimeout(cacheTimer);
  cacheTimer = setTimeout(() => void writeCache(), CACHE_WRITE_DELAY_MS);
}

function apply(change: PouchDB.Core.ChangesResponseChange<SanctuaryDoc>): boolean {
  localSeq = change.seq;
  let changed = true;
  if (change.deleted || !isSanctuaryDoc<SanctuaryDoc>(change.doc)) changed = dropListing(change.id);
  else {
    setListing(change.id, toSanctuary(change.doc));
    nameOrdered = false;
  }
  if (changed) unpublished = unrecorded = true;
  return changed;
}

async function start() {
  // A first sync may be ingesting the snapshot while this reads: merge, never replace what is already there.
  // web/inline/early-directory.js started this read while the page was parsing; read here only if it could not.
  // When it read the preview instead, its cards are painted first and the whole record is read after.
  const early = takeEarly<CacheRecord>('__ssEarlyDirectory');
  let read = await early;
  if (!read) {
    if (earlyPreview && (await earlyPreview)?.first?.length) await afterPaint();
    read = await kvGet<CacheRecord>(CACHE_KEY).catch(() => undefined);
  }
  const cached = read;
  if (cached?.items?.length) {
    addInNameOrder(cached.items, false);
    // Merged into a first sync's listings, which a worker's record would not hold.
    if (bulkLoading) unrecorded = true;
    localSeq = cached.localSeq;
    publishNow();
    // The home page found no preview (a record written before previews existed): make one from the record, which
    // is in name order already.
    if (earlyPreview && !(await earlyPreview)) void kvSet(PREVIEW_KEY, previewOf(cached.items, cached.localSeq)).catch(() => undefined);
  }

  const db = (await loadPublicDbs()).sanctuariesDb();
  if (!cached && !bulkLoaded) {
    const [info, all] = await Promise.all([db.info(), db.allDocs({ include_docs: true })]);
    for (const row of all.rows) {
      if (isSanctuaryDoc<SanctuaryDoc>(row.doc) && !working.has(row.id)) {
        setListing(row.id, toSanctuary(row.doc));
        nameOrdered = false;
      }
    }
    if (!bulkLoading) localSeq = info.update_seq;
    publishNow();
    if (working.size && !bulkLoading) scheduleCacheWrite();
  } else {
    // Catch up with what reached the local database after the record was written (or the first sync's snapshot).
    const missed = await db.changes({ since: localSeq, include_docs: true });
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
    await forEachInSlices(docs, (doc) => {
      if (isSanctuaryDoc<SanctuaryDoc>(doc)) setListing(doc._id, toSanctuary(doc));
    });
    nameOrdered = false;
    publishNow();
    await writeCache();
  },
  /**
   * `seq`: the local database's update_seq once the snapshot was written; undefined when writing it failed, and the
   * feed then starts from where the directory was before. `recorded`: the directory record was written with that
   * sequence already (by the first sync's worker), so it is written here only if something changed since.
   */
  end(seq: number | string | undefined, recorded = false) {
    if (seq !== undefined) {
      localSeq = seq;
      bulkLoaded = true;
    }
    bulkLoading = false;
    // Publishing an unchanged directory would re-sort, re-index and re-render every listing for nothing.
    if (unpublished) schedulePublish();
    if (!recorded || unrecorded) scheduleCacheWrite();
    if (started) void loadPublicDbs().then((m) => follow(m.sanctuariesDb()));
  },
};

// A first sync in a worker hands the listings over converted and in name order, and writes the directory record.
onSanctuarySnapshot({
  listings(items) {
    directoryBulkLoad.begin();
    addInNameOrder(items, true);
    publishNow();
  },
  recorded: () => void performance.mark('ss:directory-cached'),
  done: (seq, recorded) => directoryBulkLoad.end(seq, recorded),
  unrecorded: scheduleCacheWrite,
});

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

export const directoryPreview = {
  subscribe(listener: () => void) {
    previewListeners.add(listener);
    return () => {
      previewListeners.delete(listener);
    };
  },
  /** The device's own preview, else the one the server rendered the page with (a first visit), else none. */
  getSnapshot: (): DirectoryPreview | null => preview ?? pageData().preview ?? null,
  /** What the HTML shows, so hydration renders it too: the server's cards, or none (the build's pre-rendering). */
  getServerSnapshot: (): DirectoryPreview | null => pageData().preview ?? null,
};
