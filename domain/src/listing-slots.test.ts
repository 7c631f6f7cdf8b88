import { describe, expect, it } from 'vitest';
import { ListingSlots, nextSearchIndex } from './listing-slots.ts';
import type { Sanctuary } from './sanctuary.ts';
import { createSearchIndex, searchSanctuaries, type SanctuarySearchIndex } from './search.ts';

const listing = (id: string, name: string, city = 'Ravenna'): Sanctuary => ({
  id, name, city, state: 'OH', latitude: 41.15, longitude: -81.24, description: '', address: '', zipCode: '', coordinatesApproximate: true,
  phone: '', email: '', website: '', animalTypes: ['pigs'], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false,
  volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
});

describe('listing slots', () => {
  it('keep a listing in its slot as it changes, add new ones last, and give a removed one’s slot to the last', () => {
    const slots = new ListingSlots();
    for (const id of ['a', 'b', 'c', 'd']) slots.put(listing(id, id.toUpperCase()));
    expect(slots.take()).toEqual({ items: ['a', 'b', 'c', 'd'].map((id) => listing(id, id.toUpperCase())), changed: new Set([0, 1, 2, 3]) });
    slots.put(listing('b', 'Bee'));
    expect(slots.remove('a')).toBe(true);
    expect(slots.remove('zz')).toBe(false);
    const { items, changed } = slots.take();
    expect(items.map((s) => `${s.id}:${s.name}`)).toEqual(['d:D', 'b:Bee', 'c:C']);
    // Slot 3 is past the end now: removed.
    expect(changed).toEqual(new Set([0, 1]));
    expect(slots.size).toBe(3);
    expect(slots.take().changed.size).toBe(0);
  });

  it('give each version of the index made from the one before the answers of one built afresh', () => {
    const slots = new ListingSlots();
    const words = (index: SanctuarySearchIndex, q: string) => searchSanctuaries({ query: q }, index).results.map((h) => h.sanctuary.id);
    let index: SanctuarySearchIndex | undefined;
    const steps: Array<(s: ListingSlots) => void> = [
      (s) => ['Pig Haven', 'Goat Farm', 'Cow Rescue', 'Hen House'].forEach((name, i) => s.put(listing(`l${i}`, name))),
      (s) => s.put(listing('l1', 'Goat Meadow')),
      (s) => (s.remove('l0'), s.put(listing('l9', 'Pig Palace'))),
      (s) => (s.remove('l9'), s.remove('l3'), s.put(listing('l2', 'Cow and Pig Rescue', 'Akron'))),
    ];
    for (const step of steps) {
      step(slots);
      const { items, changed } = slots.take();
      index = nextSearchIndex(index, items, changed);
      const fresh = createSearchIndex(items);
      for (const q of ['pig', 'goat', 'rescue', 'meadow', 'hen', 'akron']) expect(words(index, q), q).toEqual(words(fresh, q));
    }
    expect([words(index!, 'akron'), words(index!, 'palace'), words(index!, 'hen')]).toEqual([['l2'], [], []]);
  });
});
