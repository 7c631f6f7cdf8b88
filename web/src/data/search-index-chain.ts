// Search indexes for a directory published snapshot by snapshot (sanctuary-directory.ts), each made from the last one
// made when it can be (SanctuarySearchIndex.next): in time proportional to the listings changed since, instead of
// indexing every listing again (at 100k listings the word index alone took 1.1-1.7 s in Node, several times that on a
// phone, at the first word search after any change).
import { nextSearchIndex } from '@ss/domain/listing-slots';
import type { Sanctuary } from '@ss/domain/sanctuary';
import type { SanctuarySearchIndex } from '@ss/domain/search';

export class SearchIndexChain<S extends Sanctuary = Sanctuary> {
  /** The index made for the latest snapshot that asked for one, by the snapshot's number. */
  private last: { index: SanctuarySearchIndex<S>; at: number } | undefined;
  /** The slots each snapshot after it changed: every one of them, kept only while there is such an index. */
  private readonly changedBy = new Map<number, ReadonlySet<number>>();
  private published = 0;

  /** A new snapshot of `size` listings, with the slots changed since the one before; its number. */
  publish(changed: ReadonlySet<number>, size: number): number {
    const at = ++this.published;
    if (this.last && changed.size <= Math.max(1000, size >>> 3)) this.changedBy.set(at, changed);
    else {
      // So much changed (a first sync's hand-over) that a new index is as quick to make afresh.
      this.last = undefined;
      this.changedBy.clear();
    }
    return at;
  }

  /** The index of snapshot `at`, whose listings by slot are `items`. */
  indexOf(items: readonly S[], at: number): SanctuarySearchIndex<S> {
    if (this.last?.at === at) return this.last.index;
    let previous: SanctuarySearchIndex<S> | undefined;
    const changed = new Set<number>();
    if (this.last && this.last.at < at) {
      previous = this.last.index;
      for (let n = this.last.at + 1; n <= at; n++) for (const p of this.changedBy.get(n)!) changed.add(p);
    }
    const index = nextSearchIndex(previous, items, changed);
    // An older snapshot's (a render that began before the last publish) is made afresh and not kept.
    if (at === this.published) {
      this.last = { index, at };
      this.changedBy.clear();
    }
    return index;
  }
}
