// The gateway's in-memory copy of the sanctuaries, prepared for searching. Once the gateway follows the store
// (routes/replication.ts), the copy is kept change by change from the same dump and shared change feed as the
// first-sync snapshot, and the index is rebuilt from it after a change: the store is not listed again. Before that
// (and in API-only use, where nothing follows), a short TTL: once it has expired, the next search asks the store for
// the database's update_seq (cheap) and lists every listing again only if it moved. At 100k listings that listing
// took the store tens of seconds and the gateway hundreds of megabytes for each change, while searches waited.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { toSanctuary, type Sanctuary, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { isSanctuaryDoc } from '@ss/domain/sanctuary-doc';
import { createSearchIndex, type SanctuarySearchIndex } from '@ss/domain/search';
import { ListingSlots, nextSearchIndex } from '@ss/domain/listing-slots';
import { mendNameOrder, sortByName } from '@ss/domain/sort';
import { SEARCH_DIRECTORY_TTL_MS } from './freshness.ts';

export { SEARCH_DIRECTORY_TTL_MS };

export interface SearchDirectory {
  /** The current index; reloads first when the TTL has expired and the database changed since. */
  current(): Promise<SanctuarySearchIndex<Sanctuary>>;
  /** Every sanctuary in name order (as the app lists them) and a token that changes with them; same freshness. */
  listing(): Promise<{ seq: string; sanctuaries: readonly Sanctuary[] }>;
  /**
   * A copy kept from outside, change by change (routes/replication.ts hands it the sanctuaries' snapshot's documents):
   * `put` each document as it now is (null: gone), in order; once `readyWhen`'s test passes, searches read it.
   */
  follower(): { put: (id: string, doc: object | null) => void; readyWhen: (ready: () => boolean) => void };
}

export function searchDirectory(
  couch: CouchClient,
  { ttlMs = SEARCH_DIRECTORY_TTL_MS, clock = Date.now, log = console.warn }: { ttlMs?: number; clock?: () => number; log?: (line: string) => void } = {},
): SearchDirectory {
  let cached:
    | { seq: string; index: SanctuarySearchIndex<Sanctuary>; items: Sanctuary[]; sorted?: Sanctuary[] | undefined; checkedAt: number; kept?: true }
    | undefined;
  let refreshing: Promise<SanctuarySearchIndex<Sanctuary>> | undefined;

  async function refresh(): Promise<SanctuarySearchIndex<Sanctuary>> {
    try {
      // The sequence is read before the list, so a write made while listing shows up as a change next time.
      const info = await couch.call(() => couch.use(DB.sanctuaries).info());
      const seq = String(info.update_seq);
      if (cached && cached.seq === seq) {
        cached.checkedAt = clock();
        return cached.index;
      }
      const items = (await couch.sanctuaries.list()).map(toSanctuary);
      cached = { seq, index: createSearchIndex(items), items, checkedAt: clock() };
      return cached.index;
    } catch (err) {
      // While the store restarts, searching the copy we have beats refusing; with none, the error stands (503).
      if (!cached) throw err;
      log(`[gateway] search is using its last copy of the sanctuaries: ${(err as Error).message}`);
      cached.checkedAt = clock();
      return cached.index;
    }
  }

  // The copy kept change by change, once something follows the store for us: listings by slot (ListingSlots), so that
  // each new version of the index is made from the one before in time proportional to what changed (at 100k listings a
  // version built afresh was ~0.5 s, and the word index the next word search built 1.1-1.6 s).
  const slots = new ListingSlots<Sanctuary>();
  let keptVersion = 0;
  let keptReady: (() => boolean) | undefined;

  function keep(id: string, doc: object | null) {
    if (doc && isSanctuaryDoc<SanctuaryDoc>(doc)) slots.put(toSanctuary(doc));
    else if (!slots.remove(id)) return;
    keptVersion += 1;
  }

  /**
   * The index of the kept copy; undefined until it is ready. A new version after a change, at most once per TTL: each is
   * still a copy of every listing's slot and of the index's per-listing arrays (~60 ms at 100k), and changes may come by
   * the thousand (a bulk import through the feed).
   */
  function fromKept(): SanctuarySearchIndex<Sanctuary> | undefined {
    if (!keptReady?.()) return undefined;
    const seq = `kept-${keptVersion}`;
    const fresh = cached?.kept && clock() - cached.checkedAt < ttlMs;
    if (cached?.seq !== seq && !fresh) {
      const previous = cached?.kept ? cached : undefined;
      const { items, changed: changedSlots } = slots.take();
      const index = nextSearchIndex(previous?.index, items, changedSlots);
      // The name order too (a sort of every listing: ~0.2 s at 100k), once the served pages have asked for it.
      let sorted: Sanctuary[] | undefined;
      if (previous?.sorted) {
        const gone = new Set<Sanctuary>();
        const added: Sanctuary[] = [];
        for (const p of changedSlots) {
          if (p < previous.items.length) gone.add(previous.items[p]!);
          if (p < items.length) added.push(items[p]!);
        }
        for (let p = items.length; p < previous.items.length; p++) gone.add(previous.items[p]!);
        sorted = mendNameOrder(previous.sorted, gone, added);
      }
      cached = { seq, index, items, sorted, checkedAt: clock(), kept: true };
    }
    return cached!.index;
  }

  function current() {
    const index = fromKept();
    if (index) return Promise.resolve(index);
    if (cached && clock() - cached.checkedAt < ttlMs) return Promise.resolve(cached.index);
    // Concurrent searches share one refresh.
    refreshing ??= refresh().finally(() => (refreshing = undefined));
    return refreshing;
  }

  return {
    current,
    follower() {
      return {
        put: keep,
        readyWhen(ready) {
          keptReady = ready;
        },
      };
    },
    async listing() {
      await current();
      const c = cached!;
      c.sorted ??= sortByName(c.items);
      return { seq: c.seq, sanctuaries: c.sorted };
    },
  };
}
