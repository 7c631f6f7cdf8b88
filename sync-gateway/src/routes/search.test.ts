// GET /api/sanctuaries/search in-process with app.request(), against an in-memory stand-in for the CouchDB module.
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CouchUnavailableError, type CouchClient } from '@ss/couchdb/client';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { buildGazetteer } from '../../../scripts/build-gazetteer.ts';
import { createApp } from '../app.ts';
import { searchDirectory } from '../search-directory.ts';
import { toSanctuary } from '@ss/domain/sanctuary';
import { createSearchIndex, SanctuarySearchIndex, searchSanctuaries, withDistances, type SearchHit } from '@ss/domain/search';
import { ListingJsonCache, MAX_SEARCH_RESULTS, SEARCH_PLACE_HEADER, SEARCH_TOTAL_HEADER, searchAnswerJson, searchLimit } from './search.ts';

function doc(id: string, fields: Partial<SanctuaryDoc> & Pick<SanctuaryDoc, 'name' | 'city' | 'state' | 'latitude' | 'longitude'>): SanctuaryDoc {
  return {
    _id: id, _rev: '1-x', type: 'sanctuary', schemaVersion: 1, createdAt: 't', updatedAt: 't', description: '', address: '', zipCode: '',
    coordinatesApproximate: true, phone: '', email: '', website: '', animalTypes: [], isVerified: false, acceptingAnimals: null,
    hasVolunteerOpportunities: false, volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [],
    operatingHours: {}, upcomingEvents: [], ...fields,
  };
}

const DOCS = [
  doc('happy-trails', { name: 'Happy Trails Farm Animal Sanctuary', city: 'Ravenna', state: 'OH', latitude: 41.1576, longitude: -81.242, animalTypes: ['pigs', 'cows'], hasVolunteerOpportunities: true }),
  doc('cleveland-pigs', { name: 'Cleveland Pig Rescue', city: 'Cleveland', state: 'OH', latitude: 41.4993, longitude: -81.6944, animalTypes: ['pigs'], hasToursAvailable: true }),
  doc('farm-sanctuary', { name: 'Farm Sanctuary', city: 'Watkins Glen', state: 'NY', latitude: 42.3806, longitude: -76.8733, animalTypes: ['goats'] }),
];

interface FakeCouch {
  couch: CouchClient;
  lists: number;
  seq: number;
  docs: SanctuaryDoc[];
  down: boolean;
}

function fakeCouch(): FakeCouch {
  const state: FakeCouch = { lists: 0, seq: 1, docs: DOCS, down: false, couch: undefined as unknown as CouchClient };
  const guard = <T>(value: () => T) => (state.down ? Promise.reject(new CouchUnavailableError('connect ECONNREFUSED')) : Promise.resolve(value()));
  state.couch = {
    call: <T>(work: () => Promise<T>) => work(),
    use: () => ({ info: () => guard(() => ({ update_seq: `${state.seq}-abc` })) }),
    sanctuaries: {
      list: () => guard(() => (state.lists++, state.docs)),
      get: (id: string) => guard(() => state.docs.find((d) => d._id === id) ?? null),
    },
  } as unknown as CouchClient;
  return state;
}

beforeAll(() => {
  buildGazetteer(); // the gateway reads the built assets (skipped when they are fresh)
}, 60_000);

describe('GET /api/sanctuaries/search', () => {
  const fake = fakeCouch();
  const app = createApp({ couch: fake.couch });

  it('reads a ZIP as the origin: spec-shaped sanctuaries with distances, nearest first, the place in a header', async () => {
    const res = await app.request('/api/sanctuaries/search?query=44101&radius=50');
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get(SEARCH_PLACE_HEADER)!)).toBe('Cleveland, OH 44101');
    const body = (await res.json()) as Array<{ id: string; distance: number }>;
    expect(body.map((s) => s.id)).toEqual(['cleveland-pigs', 'happy-trails']);
    expect(body[0]).not.toHaveProperty('_id');
    expect(body[0]).not.toHaveProperty('_rev');
    expect(body[0]!.distance).toBeLessThan(body[1]!.distance);
    expect(body[1]!.distance).toBeGreaterThan(25);
  });

  it('takes every parameter of the spec’s calls table, animal types comma-joined', async () => {
    const near = 'latitude=41.5&longitude=-81.7&radius=500';
    const ids = async (qs: string) => ((await (await app.request(`/api/sanctuaries/search?${qs}`)).json()) as Array<{ id: string }>).map((s) => s.id);
    expect(await ids(near)).toEqual(['cleveland-pigs', 'happy-trails', 'farm-sanctuary']);
    expect(await ids(`${near}&animalTypes=goats,cows`)).toEqual(['happy-trails', 'farm-sanctuary']);
    expect(await ids(`${near}&hasVolunteerOpportunities=true`)).toEqual(['happy-trails']);
    expect(await ids(`${near}&hasToursAvailable=true&acceptingAnimals=false`)).toEqual(['cleveland-pigs']);
    expect(await ids(`${near}&acceptingAnimals=true`)).toEqual([]);
    expect(await ids('query=cleavland%20pigs')).toEqual(['cleveland-pigs']);
  });

  it('with no criteria lists everyone by name, without distances, and no place header', async () => {
    const res = await app.request('/api/sanctuaries/search');
    expect(res.headers.get(SEARCH_PLACE_HEADER)).toBeNull();
    const body = (await res.json()) as Array<Record<string, unknown>>;
    expect(body.map((s) => s.name)).toEqual(['Cleveland Pig Rescue', 'Farm Sanctuary', 'Happy Trails Farm Animal Sanctuary']);
    expect(body[0]).not.toHaveProperty('distance');
  });

  it('gzips a big answer for a client that takes gzip, with its length, the place header kept', async () => {
    const plain = await app.request('/api/sanctuaries/search?query=44101&radius=500');
    const zipped = await app.request('/api/sanctuaries/search?query=44101&radius=500', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await zipped.arrayBuffer());
    expect(zipped.headers.get('content-length')).toBe(String(raw.byteLength));
    expect(decodeURIComponent(zipped.headers.get(SEARCH_PLACE_HEADER)!)).toBe('Cleveland, OH 44101');
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toEqual(await plain.json());
  });

  it('holds at most `limit` listings (the best, in order) and says how many matched', async () => {
    const near = 'latitude=41.5&longitude=-81.7&radius=500';
    const whole = await app.request(`/api/sanctuaries/search?${near}`);
    expect(whole.headers.get(SEARCH_TOTAL_HEADER)).toBe('3');
    const first = await app.request(`/api/sanctuaries/search?${near}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get(SEARCH_TOTAL_HEADER)).toBe('3');
    expect(((await first.json()) as Array<{ id: string }>).map((s) => s.id)).toEqual(['cleveland-pigs', 'happy-trails']);
    expect(searchLimit(undefined)).toBe(MAX_SEARCH_RESULTS);
    for (const bad of ['0', '-1', '2.5', 'ten', String(MAX_SEARCH_RESULTS + 1)]) {
      const res = await app.request(`/api/sanctuaries/search?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(`limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`);
    }
  });

  it('answers unknown text with an empty list', async () => {
    const res = await app.request('/api/sanctuaries/search?query=xyzzy');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it.each([
    ['latitude=abc&longitude=1', /latitude must be a number/],
    ['latitude=41', /latitude and longitude go together/],
    ['radius=-3', /radius/],
    ['animalTypes=pigs,dragons', /unknown animal type: dragons/],
    ['openNow=maybe', /openNow must be true or false/],
  ])('refuses ?%s with 400 and a JSON error', async (qs, message) => {
    const res = await app.request(`/api/sanctuaries/search?${qs}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatch(message);
  });

  it('is not mistaken for a sanctuary id, and ids still work', async () => {
    expect((await app.request('/api/sanctuaries/search')).status).toBe(200);
    expect(await (await app.request('/api/sanctuaries/farm-sanctuary')).json()).toMatchObject({ id: 'farm-sanctuary' });
  });

  it('answers 503 with a plain message when CouchDB is unreachable and nothing is cached', async () => {
    const down = fakeCouch();
    down.down = true;
    const res = await createApp({ couch: down.couch }).request('/api/sanctuaries/search?query=44101');
    expect(res.status).toBe(503);
    expect(await res.text()).not.toMatch(/ECONNREFUSED/);
  });
});

describe('ListingJsonCache', () => {
  it('keeps the listings used most recently, within its bytes, and makes a listing again once let go', () => {
    const listings = DOCS.map((d) => toSanctuary(d));
    const sizes = listings.map((l) => Buffer.byteLength(JSON.stringify(l)));
    // Room for the first two, not the three.
    const cache = new ListingJsonCache(sizes[0]! + sizes[1]! + 1);
    const a = cache.of(listings[0]!);
    const b = cache.of(listings[1]!);
    expect(Buffer.from(a).toString()).toBe(JSON.stringify(listings[0]));
    expect(cache.of(listings[0]!)).toBe(a);
    expect(cache.bytes).toBe(sizes[0]! + sizes[1]!);
    // The third pushes out the one used longest ago: the second.
    cache.of(listings[2]!);
    expect(cache.bytes).toBeLessThanOrEqual(sizes[0]! + sizes[1]! + 1);
    expect(cache.of(listings[0]!)).toBe(a);
    const again = cache.of(listings[1]!);
    expect(again).not.toBe(b);
    expect(again).toEqual(b);
  });
});

describe('searchAnswerJson', () => {
  it('gives the same text as serialising the answer whole, with and without distances, twice over (made once, then kept)', () => {
    // One with characters beyond Latin-1 and a quote, as real descriptions have.
    const listings = [...DOCS, doc('rescue-cafe', { name: 'Café “Hope” Rescue — 🐖', city: 'Año', state: 'NM', latitude: 35, longitude: -106 })].map(toSanctuary);
    const cases: SearchHit[][] = [
      listings.map((sanctuary, i) => ({ sanctuary, distance: [3.25, 0, 1234.5678901234, 1e-7][i]! })),
      listings.map((sanctuary) => ({ sanctuary, distance: null })),
      [{ sanctuary: listings[1]!, distance: 7 }, { sanctuary: listings[0]!, distance: null }],
      [],
    ];
    for (let round = 0; round < 2; round++) {
      for (const hits of cases) expect(Buffer.from(searchAnswerJson(hits)).toString('utf8')).toBe(JSON.stringify(withDistances(hits)));
    }
  });
});

describe('the gateway’s search copy of the sanctuaries', () => {
  it('loads once, checks update_seq only after the TTL, and reloads only when it moved', async () => {
    const fake = fakeCouch();
    let now = 0;
    const directory = searchDirectory(fake.couch, { ttlMs: 1000, clock: () => now });
    const first = await directory.current();
    expect(first.sanctuaries).toHaveLength(3);
    await Promise.all([directory.current(), directory.current()]);
    expect(fake.lists).toBe(1);

    now = 1500; // expired, but nothing changed: same index, no reload
    expect(await directory.current()).toBe(first);
    expect(fake.lists).toBe(1);

    fake.docs = DOCS.slice(0, 1);
    fake.seq++;
    now = 1600; // changed, but still fresh: the old copy for now
    expect((await directory.current()).sanctuaries).toHaveLength(3);
    now = 3000;
    expect((await directory.current()).sanctuaries).toHaveLength(1);
    expect(fake.lists).toBe(2);
  });

  it('shares one reload between concurrent searches, and keeps its copy while CouchDB is down', async () => {
    const fake = fakeCouch();
    let now = 0;
    const logs: string[] = [];
    const directory = searchDirectory(fake.couch, { ttlMs: 1000, clock: () => now, log: (l) => logs.push(l) });
    const [a, b] = await Promise.all([directory.current(), directory.current()]);
    expect(a).toBe(b);
    expect(fake.lists).toBe(1);
    fake.down = true;
    now = 5000;
    expect(await directory.current()).toBe(a);
    expect(logs.join('\n')).toMatch(/last copy/);
  });

  it('once a copy kept change by change is ready, searches read it and the store is not listed again', async () => {
    const fake = fakeCouch();
    let now = 0;
    const directory = searchDirectory(fake.couch, { ttlMs: 1000, clock: () => now });
    const follower = directory.follower();
    let ready = false;
    follower.readyWhen(() => ready);
    // Filling (the snapshot's dump): not read yet; the store's listing serves meanwhile.
    for (const d of DOCS.slice(0, 2)) follower.put(d._id, d);
    follower.put('_design/x', { _id: '_design/x', views: {} });
    expect((await directory.current()).sanctuaries).toHaveLength(3);
    expect(fake.lists).toBe(1);

    ready = true;
    const kept = await directory.current();
    expect(kept.sanctuaries.map((x) => x.id).sort()).toEqual(DOCS.slice(0, 2).map((d) => d._id).sort());
    expect(await directory.current()).toBe(kept);
    // A change: searched once the TTL since the last rebuild has passed (a bulk import's thousands of changes rebuild
    // the index once per TTL, not once per search), and still no listing of the store however long it runs.
    follower.put(DOCS[2]!._id, DOCS[2]!);
    now = 500;
    expect(await directory.current()).toBe(kept);
    now = 60_000;
    const changed = await directory.current();
    expect(changed).not.toBe(kept);
    expect(changed.sanctuaries).toHaveLength(3);
    follower.put(DOCS[0]!._id, null);
    now = 120_000;
    expect((await directory.listing()).sanctuaries.map((x) => x.id)).not.toContain(DOCS[0]!._id);
    // Deleting what it never held changes nothing.
    const before = await directory.current();
    follower.put('no-such-listing', null);
    expect(await directory.current()).toBe(before);
    expect(fake.lists).toBe(1);
  });

  it('makes each version of the kept copy from the one before: words, removals and the name order as a new index has them', async () => {
    const fake = fakeCouch();
    let now = 0;
    const directory = searchDirectory(fake.couch, { ttlMs: 1000, clock: () => now });
    const follower = directory.follower();
    follower.readyWhen(() => true);
    for (const d of DOCS) follower.put(d._id, d);
    const words = (index: SanctuarySearchIndex, query: string) => searchSanctuaries({ query }, index).results.map((h) => h.sanctuary.id);
    const first = await directory.current();
    expect(words(first, 'pig rescue')).toEqual(['cleveland-pigs']);
    // The served pages' name order, asked for once: each version after mends it.
    expect((await directory.listing()).sanctuaries.map((x) => x.id)).toEqual(['cleveland-pigs', 'farm-sanctuary', 'happy-trails']);
    const made = vi.spyOn(SanctuarySearchIndex.prototype, 'next');
    // Renamed, removed (the last listing takes its slot) and added.
    follower.put('cleveland-pigs', { ...DOCS[1]!, name: 'Cleveland Goat Haven' });
    follower.put('happy-trails', null);
    follower.put('new-one', doc('new-one', { name: 'Pig Rescue of Akron', city: 'Akron', state: 'OH', latitude: 41.08, longitude: -81.52 }));
    now = 5000;
    const second = await directory.current();
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
    const fresh = createSearchIndex([...second.sanctuaries]);
    for (const query of ['pig rescue', 'goat haven', 'happy trails', 'farm', 'akron']) expect(words(second, query)).toEqual(words(fresh, query));
    expect(words(second, 'pig rescue')).toEqual(['new-one']);
    expect(second.sanctuaries.map((x) => x.id).sort()).toEqual(['cleveland-pigs', 'farm-sanctuary', 'new-one']);
    const listed = (await directory.listing()).sanctuaries;
    expect(listed.map((x) => x.id)).toEqual(['cleveland-pigs', 'farm-sanctuary', 'new-one']);
    expect(listed[0]!.name).toBe('Cleveland Goat Haven');
    // The version before still answers as it did.
    expect(words(first, 'pig rescue')).toEqual(['cleveland-pigs']);
    expect(fake.lists).toBe(0);
  });
});
