// GET /api/sanctuaries/search against a real embedded store with the default seed, and the search copy's
// freshness check (update_seq) against PouchDB Server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB } from '@ss/couchdb/definitions';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { buildGazetteer } from '../../../scripts/build-gazetteer.ts';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';
import { createApp } from '../../src/app.ts';
import { SEARCH_PLACE_HEADER } from '../../src/routes/search.ts';
import { searchDirectory } from '../../src/search-directory.ts';

let fx: StoreFixture;

beforeAll(async () => {
  buildGazetteer();
  fx = await startStoreFixture();
});
afterAll(() => fx.stop());

describe('search against the seeded store', () => {
  it("'Watkins Glen, NY' finds Farm Sanctuary there, nearest first with distances", async () => {
    const res = await createApp({ couch: fx.couch }).request('/api/sanctuaries/search?query=Watkins%20Glen%2C%20NY&radius=100');
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get(SEARCH_PLACE_HEADER)!)).toBe('Watkins Glen, NY');
    const list = (await res.json()) as Array<{ id: string; distance: number }>;
    expect(list[0]).toMatchObject({ id: 'farm-sanctuary-watkins-glen-ny' });
    expect(list[0]!.distance).toBeLessThan(2);
    const distances = list.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d <= 100)).toBe(true);
  });

  it('sees a new sanctuary once the TTL has passed and update_seq moved', async () => {
    let now = 0;
    const directory = searchDirectory(fx.couch, { ttlMs: 1000, clock: () => now });
    const before = (await directory.current()).sanctuaries.length;
    const doc = {
      _id: 'search-test-new', type: 'sanctuary', schemaVersion: 1, createdAt: 't', updatedAt: 't', name: 'Brand New Refuge', description: '',
      address: '', city: 'Ravenna', state: 'OH', zipCode: '', latitude: 41.16, longitude: -81.24, coordinatesApproximate: true, phone: '',
      email: '', website: '', animalTypes: [], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '',
      hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
    } as SanctuaryDoc;
    await fx.couch.call(() => fx.couch.use<SanctuaryDoc>(DB.sanctuaries).insert(doc));
    expect((await directory.current()).sanctuaries).toHaveLength(before);
    now = 2000;
    const after = await directory.current();
    expect(after.sanctuaries).toHaveLength(before + 1);
    now = 4000;
    expect(await directory.current()).toBe(after); // nothing changed: the same copy
  });

  it('a gateway following the store searches its copy kept from the feed: a new listing is found, the store never listed again', async () => {
    let lists = 0;
    const couch = { ...fx.couch, sanctuaries: { ...fx.couch.sanctuaries, list: () => (lists++, fx.couch.sanctuaries.list()) } };
    const app = createApp({ couch });
    try {
      app.warm();
      const ids = async (qs: string) => ((await (await app.request(`/api/sanctuaries/search?${qs}`)).json()) as Array<{ id: string }>).map((x) => x.id);
      // Once the sanctuaries' snapshot is filled, searches read the kept copy (the seed's Farm Sanctuary is in it).
      await waitFor(async () => app.following() && (await ids('query=Watkins%20Glen%2C%20NY')).includes('farm-sanctuary-watkins-glen-ny'));
      const listedBefore = lists;
      const doc = {
        _id: 'search-test-kept', type: 'sanctuary', schemaVersion: 1, createdAt: 't', updatedAt: 't', name: 'Kept Copy Refuge', description: '',
        address: '', city: 'Ravenna', state: 'OH', zipCode: '', latitude: 41.16, longitude: -81.24, coordinatesApproximate: true, phone: '',
        email: '', website: '', animalTypes: [], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '',
        hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
      } as SanctuaryDoc;
      await fx.couch.call(() => fx.couch.use<SanctuaryDoc>(DB.sanctuaries).insert(doc));
      // Within the copy's freshness (a rebuild at most every SEARCH_DIRECTORY_TTL_MS).
      await waitFor(async () => (await ids('query=kept%20copy%20refuge')).includes('search-test-kept'), 15_000, 250);
      expect(lists).toBe(listedBefore);
    } finally {
      await app.close();
    }
  }, 40_000);
});
