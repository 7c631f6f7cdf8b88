import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingSlots } from '@ss/domain/listing-slots';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { SanctuarySearchIndex, searchSanctuaries } from '@ss/domain/search';
import { SearchIndexChain } from './search-index-chain';

const listing = (id: string, name: string): Sanctuary => ({
  id, name, city: 'Ravenna', state: 'OH', latitude: 41.15, longitude: -81.24, description: '', address: '', zipCode: '', coordinatesApproximate: true,
  phone: '', email: '', website: '', animalTypes: [], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false,
  volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
});
const found = (index: SanctuarySearchIndex, q: string) => searchSanctuaries({ query: q }, index).results.map((h) => h.sanctuary.id).sort();

describe('search index chain', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes each snapshot’s index from the last one made, through snapshots nobody searched, and older ones afresh', () => {
    const slots = new ListingSlots();
    const chain = new SearchIndexChain();
    const publish = () => {
      const { items, changed } = slots.take();
      return { items, at: chain.publish(changed, items.length) };
    };
    ['Pig Haven', 'Goat Farm', 'Cow Rescue'].forEach((name, i) => slots.put(listing(`l${i}`, name)));
    const first = publish();
    const made = vi.spyOn(SanctuarySearchIndex.prototype, 'next');
    const i1 = chain.indexOf(first.items, first.at);
    expect(found(i1, 'goat')).toEqual(['l1']);
    expect(made).not.toHaveBeenCalled();
    // Two snapshots; only the second is searched: made from the first's index with both snapshots' changes.
    slots.put(listing('l1', 'Sheep Farm'));
    const second = publish();
    slots.remove('l0');
    slots.put(listing('l3', 'Goat Palace'));
    const third = publish();
    const i3 = chain.indexOf(third.items, third.at);
    expect(made).toHaveBeenCalledTimes(1);
    expect([found(i3, 'goat'), found(i3, 'sheep'), found(i3, 'pig')]).toEqual([['l3'], ['l1'], []]);
    expect(chain.indexOf(third.items, third.at)).toBe(i3);
    // The second, asked for late (a render begun before the third): made afresh, right for its own listings.
    const i2 = chain.indexOf(second.items, second.at);
    expect(made).toHaveBeenCalledTimes(1);
    expect([found(i2, 'sheep'), found(i2, 'pig')]).toEqual([['l1'], ['l0']]);
    // And the chain goes on from the third.
    slots.put(listing('l2', 'Cow and Goat Rescue'));
    const fourth = publish();
    expect(found(chain.indexOf(fourth.items, fourth.at), 'goat')).toEqual(['l2', 'l3']);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('starts afresh after a snapshot that changed more than an eighth of the listings (a first sync)', () => {
    const slots = new ListingSlots();
    const chain = new SearchIndexChain();
    slots.put(listing('a', 'Alpha'));
    let { items, changed } = slots.take();
    chain.indexOf(items, chain.publish(changed, items.length));
    for (let i = 0; i < 1500; i++) slots.put(listing(`n${i}`, `Haven ${i}`));
    ({ items, changed } = slots.take());
    const made = vi.spyOn(SanctuarySearchIndex.prototype, 'next');
    const index = chain.indexOf(items, chain.publish(changed, items.length));
    expect(made).not.toHaveBeenCalled();
    expect(found(index, 'alpha')).toEqual(['a']);
  });
});
