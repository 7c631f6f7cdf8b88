// The gateway's in-memory copy of the sanctuaries, prepared for searching. Kept fresh with a short TTL: once it
// has expired, the next search asks CouchDB for the database's update_seq (cheap) and reloads only if it moved.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { toSanctuary, type Sanctuary } from '@ss/domain/sanctuary';
import { createSearchIndex, type SanctuarySearchIndex } from '@ss/domain/search';
import { sortByName } from '@ss/domain/sort';
import { SEARCH_DIRECTORY_TTL_MS } from './freshness.ts';

export { SEARCH_DIRECTORY_TTL_MS };

export interface SearchDirectory {
  /** The current index; reloads first when the TTL has expired and the database changed since. */
  current(): Promise<SanctuarySearchIndex<Sanctuary>>;
  /** Every sanctuary in name order (as the app lists them) and the update_seq they reflect; same freshness. */
  listing(): Promise<{ seq: string; sanctuaries: readonly Sanctuary[] }>;
}

export function searchDirectory(
  couch: CouchClient,
  { ttlMs = SEARCH_DIRECTORY_TTL_MS, clock = Date.now, log = console.warn }: { ttlMs?: number; clock?: () => number; log?: (line: string) => void } = {},
): SearchDirectory {
  let cached:
    | { seq: string; index: SanctuarySearchIndex<Sanctuary>; items: Sanctuary[]; sorted?: Sanctuary[]; checkedAt: number }
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

  function current() {
    if (cached && clock() - cached.checkedAt < ttlMs) return Promise.resolve(cached.index);
    // Concurrent searches share one refresh.
    refreshing ??= refresh().finally(() => (refreshing = undefined));
    return refreshing;
  }

  return {
    current,
    async listing() {
      await current();
      const c = cached!;
      c.sorted ??= sortByName(c.items);
      return { seq: c.seq, sanctuaries: c.sorted };
    },
  };
}
