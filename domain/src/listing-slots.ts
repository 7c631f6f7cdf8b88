// Listings by slot, so that each new version of a search index can be made from the one before
// (SanctuarySearchIndex.next) in time proportional to what changed: a listing keeps its slot while it changes, a new one
// takes the next slot, and a removed listing's slot is taken by the last one. The gateway's copy of the directory and
// the device's both keep one.
import { createSearchIndex, type SanctuarySearchIndex } from './search.ts';
import type { Sanctuary } from './sanctuary.ts';

export class ListingSlots<S extends Sanctuary = Sanctuary> {
  private readonly slots: S[] = [];
  private readonly slotOf = new Map<string, number>();
  private changed = new Set<number>();

  get size(): number {
    return this.slots.length;
  }

  /** The listing as it now is, new or changed. */
  put(listing: S): void {
    const at = this.slotOf.get(listing.id);
    if (at === undefined) {
      this.slotOf.set(listing.id, this.slots.length);
      this.changed.add(this.slots.length);
      this.slots.push(listing);
    } else {
      this.slots[at] = listing;
      this.changed.add(at);
    }
  }

  /** Removes a listing; false when there was none with this id. */
  remove(id: string): boolean {
    const at = this.slotOf.get(id);
    if (at === undefined) return false;
    this.slotOf.delete(id);
    const last = this.slots.pop()!;
    if (at < this.slots.length) {
      this.slots[at] = last;
      this.slotOf.set(last.id, at);
      this.changed.add(at);
    }
    return true;
  }

  /** The listings now, in slot order (a copy), and the slots changed since the last call. */
  take(): { items: S[]; changed: Set<number> } {
    const changed = this.changed;
    this.changed = new Set();
    return { items: this.slots.slice(), changed };
  }
}

/**
 * The index of `items`: made from `previous` (the index of the slots as they were) when there is one, with `changed`
 * the slots changed since; else built afresh.
 */
export function nextSearchIndex<S extends Sanctuary>(previous: SanctuarySearchIndex<S> | undefined, items: readonly S[], changed: ReadonlySet<number>): SanctuarySearchIndex<S> {
  return previous ? previous.next(items, changed) : createSearchIndex(items);
}
