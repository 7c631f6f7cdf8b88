import { beforeAll, describe, expect, it } from 'vitest';
import { testGazetteer } from '../tests/gazetteer-fixture.ts';
import { MAP_EARTH_RADIUS_MILES } from './constants.ts';
import { distanceMiles } from './geo.ts';
import type { Sanctuary } from './sanctuary.ts';
import { createSearchIndex, searchSanctuaries, selectSmallest, withDistances, type SearchOptions } from './search.ts';
import type { SearchCriteria } from './search-criteria.ts';

function sanctuary(id: string, fields: Partial<Sanctuary> & Pick<Sanctuary, 'name' | 'city' | 'state' | 'latitude' | 'longitude'>): Sanctuary {
  return {
    id, description: '', address: '', zipCode: '', coordinatesApproximate: true, phone: '', email: '', website: '', animalTypes: [],
    isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '', hasToursAvailable: false,
    tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [], ...fields,
  };
}

const week = (hours: string, overrides: Record<string, string> = {}) => ({
  Monday: hours, Tuesday: hours, Wednesday: hours, Thursday: hours, Friday: hours, Saturday: hours, Sunday: hours, ...overrides,
});

const LIST: Sanctuary[] = [
  sanctuary('happy-trails', {
    name: 'Happy Trails Farm Animal Sanctuary', city: 'Ravenna', state: 'OH', zipCode: '44266', latitude: 41.1576, longitude: -81.242,
    description: 'Rescued farm animals on a hillside farm.', animalTypes: ['pigs', 'cows'], hasVolunteerOpportunities: true,
    acceptingAnimals: true, operatingHours: week('10:00 AM - 4:00 PM'),
  }),
  sanctuary('cleveland-pig-rescue', {
    name: 'Cleveland Pig Rescue', city: 'Cleveland', state: 'OH', latitude: 41.4993, longitude: -81.6944,
    description: 'Potbellied pigs looking for homes.', animalTypes: ['pigs'], hasToursAvailable: true,
  }),
  sanctuary('lake-erie-goats', {
    name: 'Lake Erie Goat Haven', city: 'Sandusky', state: 'OH', latitude: 41.4489, longitude: -82.708, animalTypes: ['goats'],
    hasAdoptions: true, acceptingAnimals: false, operatingHours: week('9am-5pm', { Wednesday: '' }),
    upcomingEvents: [{ title: 'Goat yoga', date: '2026-06-01', description: '' }],
  }),
  sanctuary('farm-sanctuary', {
    name: 'Farm Sanctuary', city: 'Watkins Glen', state: 'NY', latitude: 42.3806, longitude: -76.8733, animalTypes: ['cows', 'pigs', 'chickens'],
    acceptingAnimals: false, upcomingEvents: [{ title: 'Hoe-Down', date: '2025-08-01', description: '' }],
    description: 'The first farm animal sanctuary of its kind.',
  }),
  sanctuary('green-mountain', {
    name: 'Green Mountain Animal Rescue', city: 'Woodstock', state: 'VT', latitude: 43.6243, longitude: -72.5185, animalTypes: ['horses'],
  }),
  sanctuary('pasados', {
    name: 'Pasado’s Safe Haven', city: 'Sultan', state: 'WA', latitude: 47.8626, longitude: -121.8165, animalTypes: ['horses', 'pigs'],
    operatingHours: week('9am-5pm'), hasLodging: true,
  }),
];

// A Wednesday: 15:00 UTC is 11:00 in Ohio and 08:00 in Washington state.
const NOW = new Date('2026-05-06T15:00:00Z');
let options: SearchOptions;
beforeAll(() => {
  options = { gazetteer: testGazetteer(), now: NOW };
}, 60_000);

const search = (criteria: SearchCriteria, opts: SearchOptions = options) => searchSanctuaries(criteria, LIST, opts);
const ids = (criteria: SearchCriteria, opts?: SearchOptions) => search(criteria, opts).results.map((r) => r.sanctuary.id);

describe('no criteria', () => {
  it('lists every sanctuary by name, without distances', () => {
    const r = search({});
    expect(r.results.map((h) => h.sanctuary.name)).toEqual([
      'Cleveland Pig Rescue', 'Farm Sanctuary', 'Green Mountain Animal Rescue', 'Happy Trails Farm Animal Sanctuary', 'Lake Erie Goat Haven', 'Pasado’s Safe Haven',
    ]);
    expect(r.results.every((h) => h.distance === null)).toBe(true);
    expect(r).toMatchObject({ place: null, origin: null, radius: null });
  });
});

describe('a place as the origin', () => {
  it("'44101' lists the sanctuaries within the default 50 miles, nearest first, with turf distances", () => {
    const r = search({ query: '44101' });
    expect(r.place).toMatchObject({ kind: 'zip', label: 'Cleveland, OH 44101' });
    expect(r.radius).toBe(50);
    expect(r.results.map((h) => h.sanctuary.id)).toEqual(['cleveland-pig-rescue', 'happy-trails']);
    for (const h of r.results) expect(h.distance).toBeCloseTo(distanceMiles(r.origin!, h.sanctuary), 9);
    expect(r.results[1]!.distance).toBeGreaterThan(25);
    expect(r.results[1]!.distance).toBeLessThan(35);
  });

  it('widens with the radius; 500 (Any distance) means no limit, everything sorted by distance', () => {
    expect(ids({ query: '44101', radius: 100 })).toEqual(['cleveland-pig-rescue', 'happy-trails', 'lake-erie-goats']);
    const all = search({ query: '44101', radius: 500 });
    expect(all.radius).toBeNull();
    expect(all.results.map((h) => h.sanctuary.id)).toEqual(['cleveland-pig-rescue', 'happy-trails', 'lake-erie-goats', 'farm-sanctuary', 'green-mountain', 'pasados']);
    const distances = all.results.map((h) => h.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.at(-1)).toBeGreaterThan(1900);
  });

  it("reads 'City, ST' and 'city state' too", () => {
    expect(search({ query: 'ravenna oh', radius: 5 }).results.map((h) => h.sanctuary.id)).toEqual(['happy-trails']);
    expect(search({ query: 'Watkins Glen, NY', radius: 5 }).place).toMatchObject({ kind: 'city', label: 'Watkins Glen, NY' });
    expect(ids({ query: 'Watkins Glen, NY', radius: 5 })).toEqual(['farm-sanctuary']);
  });

  it('lists a whole state for a state name, nearest its centre first, whatever the radius', () => {
    const r = search({ query: 'Ohio', radius: 5 });
    expect(r.place).toMatchObject({ kind: 'state', state: 'OH' });
    expect(r.radius).toBeNull();
    expect(r.results.map((h) => h.sanctuary.state)).toEqual(['OH', 'OH', 'OH']);
    expect(ids({ query: 'WA' })).toEqual(['pasados']);
  });

  it('explicit coordinates win over a typed place, which is still reported', () => {
    const r = search({ query: '44101', latitude: 47.9, longitude: -121.9, radius: 25 });
    expect(r.origin).toEqual({ latitude: 47.9, longitude: -121.9 });
    expect(r.place).toMatchObject({ kind: 'zip' });
    expect(r.results.map((h) => h.sanctuary.id)).toEqual(['pasados']);
    expect(ids({ latitude: 41.5, longitude: -81.7, radius: 10 })).toEqual(['cleveland-pig-rescue']);
  });

  it("uses the map's earth radius when asked", () => {
    const home = search({ query: '44101', radius: 500 }).results;
    const map = search({ query: '44101', radius: 500 }, { ...options, earthRadiusMiles: MAP_EARTH_RADIUS_MILES }).results;
    expect(map[3]!.distance! / home[3]!.distance!).toBeCloseTo(MAP_EARTH_RADIUS_MILES / 3959, 12);
  });

  it('takes a bare town name where a listed sanctuary is, and searches words when a name has them instead', () => {
    expect(search({ query: 'Woodstock' }).place).toMatchObject({ label: 'Woodstock, VT' });
    expect(ids({ query: 'Woodstock', radius: 5 })).toEqual(['green-mountain']);
    // 'Rescue' is a town in Virginia, but here it is in sanctuaries' names (and, as a prefix, in a description).
    const rescue = search({ query: 'rescue' });
    expect(rescue.place).toBeNull();
    expect(rescue.results.map((h) => h.sanctuary.id)).toEqual(['cleveland-pig-rescue', 'green-mountain', 'happy-trails']);
  });
});

describe('words', () => {
  it('match names, towns, states and descriptions, with typos, nearest-free and best first', () => {
    expect(ids({ query: 'Cleaveland pig' })).toEqual(['cleveland-pig-rescue']);
    expect(ids({ query: 'pasado' })).toEqual(['pasados']);
    const typo = search({ query: 'sanctuery' });
    expect(typo.place).toBeNull();
    // A match in the name beats a match in the description only.
    expect(typo.results.map((h) => h.sanctuary.id)).toEqual(['farm-sanctuary', 'happy-trails']);
    expect(ids({ query: 'farm ohio' })).toEqual(['happy-trails']);
    expect(ids({ query: 'potbellied' })).toEqual(['cleveland-pig-rescue']);
    expect(ids({ query: 'haven wa' })).toEqual(['pasados']);
    expect(ids({ query: 'pigs in ohio' }).sort()).toEqual(['cleveland-pig-rescue', 'happy-trails']);
  });

  it('that match nothing give no results and no place', () => {
    const r = search({ query: 'xyzzy' });
    expect(r).toEqual({ results: [], place: null, origin: null, radius: null, total: 0 });
    expect(ids({ query: 'farm', hasLodging: true })).toEqual([]);
  });

  it('are all the query is without a gazetteer (not loaded yet): a ZIP then matches listed ZIP codes', () => {
    expect(search({ query: '44266' }, { now: NOW }).place).toBeNull();
    expect(ids({ query: '44266' }, { now: NOW })).toEqual(['happy-trails']);
    expect(ids({ query: 'Ohio' }, { now: NOW }).sort()).toEqual(['cleveland-pig-rescue', 'happy-trails', 'lake-erie-goats']);
  });
});

describe('filters', () => {
  it('narrow on the spec’s flags; false means no filter', () => {
    expect(ids({ hasVolunteerOpportunities: true })).toEqual(['happy-trails']);
    expect(ids({ hasToursAvailable: true })).toEqual(['cleveland-pig-rescue']);
    expect(ids({ hasToursAvailable: false })).toHaveLength(LIST.length);
    // An unknown intake status (null) is not "accepting".
    expect(ids({ acceptingAnimals: true })).toEqual(['happy-trails']);
  });

  it('keep sanctuaries caring for any chosen animal type', () => {
    expect(ids({ animalTypes: ['goats'] })).toEqual(['lake-erie-goats']);
    expect(ids({ animalTypes: ['goats', 'horses'] })).toEqual(['green-mountain', 'lake-erie-goats', 'pasados']);
    expect(ids({ animalTypes: [] })).toHaveLength(LIST.length);
  });

  it('service filters: events upcoming on the day, and flags only data that carries them matches', () => {
    expect(ids({ hasUpcomingEvents: true })).toEqual(['lake-erie-goats']);
    expect(ids({ hasUpcomingEvents: true }, { ...options, now: new Date('2026-07-01T00:00:00Z') })).toEqual([]);
    expect(ids({ hasAdoptions: true })).toEqual(['lake-erie-goats']);
    expect(ids({ hasLodging: true })).toEqual(['pasados']);
    expect(ids({ isHiring: true })).toEqual([]);
  });

  it('open now, in each sanctuary’s time: a listing without hours is left out, a blank day is closed', () => {
    // 11:00 in Ohio: Happy Trails open; Lake Erie closed (blank Wednesday); Cleveland and others list no hours.
    // 08:00 in Washington: Pasado's not open yet.
    expect(ids({ openNow: true })).toEqual(['happy-trails']);
    expect(ids({ openNow: true }, { ...options, now: new Date('2026-05-06T18:00:00Z') })).toContain('pasados');
  });

  it('combine with a place and each other', () => {
    expect(ids({ query: '44101', radius: 100, animalTypes: ['pigs'], openNow: true })).toEqual(['happy-trails']);
    expect(ids({ query: '44101', radius: 100, animalTypes: ['pigs'], hasToursAvailable: true })).toEqual(['cleveland-pig-rescue']);
    expect(ids({ query: 'Ohio', hasVolunteerOpportunities: true, acceptingAnimals: true })).toEqual(['happy-trails']);
    expect(ids({ query: 'farm', animalTypes: ['chickens'] })).toEqual(['farm-sanctuary']);
  });
});

describe('index', () => {
  it('can be built once and reused, and gives the same answers as the plain list', () => {
    const index = createSearchIndex(LIST);
    for (const criteria of [{}, { query: '44101', radius: 500 }, { query: 'sanctuery' }, { animalTypes: ['pigs'] as const }]) {
      expect(searchSanctuaries(criteria, index, options)).toEqual(search(criteria));
    }
    expect(index.sanctuaries).toBe(LIST);
  });

  it('orders name ties by id and keeps many equal distances stable by name', () => {
    const twins = Array.from({ length: 50 }, (_, i) =>
      sanctuary(`twin-${String(49 - i).padStart(2, '0')}`, { name: 'Twin', city: 'Ravenna', state: 'OH', latitude: 41.1576, longitude: -81.242 }),
    );
    const r = searchSanctuaries({ query: '44101' }, twins, options).results.map((h) => h.sanctuary.id);
    expect(r).toEqual([...r].sort());
  });
});

describe('a limit', () => {
  it('gives the first results of the whole answer, and how many there were in all', () => {
    const many = [...LIST, ...LIST.map((s, i) => ({ ...s, id: `${s.id}-again`, name: `${s.name} ${i % 2 ? 'East' : 'West'}`, latitude: s.latitude + 0.3 }))];
    const index = createSearchIndex(many);
    const CRITERIA: SearchCriteria[] = [{}, { query: '44101', radius: 500 }, { query: 'farm sanctuary' }, { query: 'Ohio' }, { animalTypes: ['pigs'] }];
    for (const criteria of CRITERIA) {
      const whole = searchSanctuaries(criteria, index, options);
      expect(whole.total).toBe(whole.results.length);
      for (const limit of [0, 1, 2, 3, 5, 8, whole.total, whole.total + 4]) {
        const some = searchSanctuaries(criteria, index, { ...options, limit });
        expect(some.total).toBe(whole.total);
        expect(some.results, `${JSON.stringify(criteria)} limit ${limit}`).toEqual(whole.results.slice(0, limit));
      }
    }
  });

  it('selectSmallest puts the k smallest first', () => {
    let seed = 5;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 200; run++) {
      const n = 1 + Math.floor(rnd() * 60);
      const values = Float64Array.from(new Set(Array.from({ length: n }, () => Math.floor(rnd() * 1000))));
      const k = 1 + Math.floor(rnd() * values.length);
      const sorted = [...values].sort((a, b) => a - b);
      selectSmallest(values, k);
      expect([...values.subarray(0, k)].sort((a, b) => a - b)).toEqual(sorted.slice(0, k));
    }
  });
});

describe('an index made from the version before', () => {
  it('answers every search as one built afresh, through listings changed, added and removed, whatever it had built', () => {
    // Variations of the listings above: renamed, moved, other animals and hours; a seeded generator, so a failure repeats.
    let seed = 11;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let made = 0;
    const variant = (): Sanctuary => {
      const base = LIST[Math.floor(rnd() * LIST.length)]!;
      const other = LIST[Math.floor(rnd() * LIST.length)]!;
      return {
        ...base,
        id: `v-${made++}`,
        name: rnd() < 0.3 ? other.name : rnd() < 0.5 ? `${base.name} ${other.city}` : base.name,
        description: rnd() < 0.5 ? other.description : base.description,
        animalTypes: rnd() < 0.5 ? other.animalTypes : base.animalTypes,
        operatingHours: rnd() < 0.5 ? other.operatingHours : base.operatingHours,
        latitude: base.latitude + (rnd() - 0.5),
        longitude: base.longitude + (rnd() - 0.5),
      };
    };
    const CRITERIA: SearchCriteria[] = [
      {},
      { query: '44101', radius: 100 },
      { query: 'Ohio' },
      { query: 'Woodstock', radius: 5 },
      { query: 'rescue' },
      { query: 'farm pigs' },
      { query: 'sanctuery' },
      { openNow: true },
      { animalTypes: ['goats'], query: 'Cleveland, OH', radius: 500 },
    ];
    const answers = (index: ReturnType<typeof createSearchIndex>) =>
      CRITERIA.map((c) => {
        const r = searchSanctuaries(c, index, options);
        return { ids: r.results.map((h) => h.sanctuary.id), distances: r.results.map((h) => h.distance), place: r.place?.label ?? null };
      });
    for (let run = 0; run < 6; run++) {
      let list = [...LIST, ...Array.from({ length: 20 }, variant)];
      let index = createSearchIndex(list);
      for (let step = 0; step < 10; step++) {
        // Every other step, the version before has made all its lazy parts (name order, words, towns, hours).
        if ((step + run) % 2 === 0) answers(index);
        const next = list.slice();
        const changed = new Set<number>();
        for (let c = 1 + Math.floor(rnd() * 3); c > 0; c--) {
          const kind = rnd();
          const at = Math.floor(rnd() * next.length);
          if (kind < 0.45) {
            next[at] = variant();
            changed.add(at);
          } else if (kind < 0.75) {
            next.push(variant());
            changed.add(next.length - 1);
          } else if (next.length > 1) {
            next[at] = next[next.length - 1]!;
            next.pop();
            if (at < next.length) changed.add(at);
          }
        }
        index = index.next(next, changed);
        list = next;
        expect(index.sanctuaries).toBe(next);
        expect(answers(index), `run ${run}, step ${step}`).toEqual(answers(createSearchIndex(next)));
      }
    }
  });

  it('knows the towns and names of listings added, changed and removed since', () => {
    const green = LIST.find((s) => s.id === 'green-mountain')!;
    const others = LIST.filter((s) => s !== green);
    const before = createSearchIndex(others);
    expect(before.statesWithTown('Woodstock')).toEqual([]);
    expect(before.nameContains('Green Mountain')).toBe(false);
    const added = before.next([...others, green], []);
    expect(added.statesWithTown('Woodstock')).toEqual(['VT']);
    expect(added.nameContains('Green Mountain')).toBe(true);
    const moved = added.next([...others, { ...green, name: 'Blue Hill Rescue', city: 'Sultan', state: 'WA' }], [others.length]);
    expect(moved.statesWithTown('Woodstock')).toEqual([]);
    expect(moved.statesWithTown('Sultan')).toEqual(['WA']);
    expect([moved.nameContains('Green Mountain'), moved.nameContains('blue hill')]).toEqual([false, true]);
    // The last two gone: the moved one and Pasado's, the other listing in Sultan.
    expect(others.at(-1)!.id).toBe('pasados');
    const removed = moved.next(others.slice(0, -1), []);
    expect(removed.statesWithTown('Sultan')).toEqual([]);
    expect(removed.nameContains('blue hill')).toBe(false);
    // The versions before answer as they did.
    expect(added.statesWithTown('Woodstock')).toEqual(['VT']);
  });
});

describe('API shape', () => {
  it('puts each distance on its sanctuary, as the spec’s search results', () => {
    const [first] = withDistances(search({ query: '44101' }).results);
    expect(first).toMatchObject({ id: 'cleveland-pig-rescue', name: 'Cleveland Pig Rescue' });
    expect(typeof first!.distance).toBe('number');
    expect(withDistances(search({}).results)[0]).not.toHaveProperty('distance');
  });
});
