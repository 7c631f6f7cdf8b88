// The one sanctuary search, run on the device over the local copy and by the gateway for GET
// /api/sanctuaries/search: a place or words, a radius, filters, open now; nearest first.
import { distance as turfDistance } from '@turf/distance';
import { ANIMAL_TYPES, DEFAULT_RADIUS_MILES, HOME_EARTH_RADIUS_MILES } from './constants.ts';
import { lookupPlace, normalizePlaceText, placeNameKey, type Gazetteer, type PlaceMatch } from './gazetteer.ts';
import { DEG_TO_RAD, type LatLon } from './geo.ts';
import { approximateTimeZone, localDayAndMinute, parseOperatingHours, statusAt, type WeeklySchedule } from './open-now.ts';
import { ANY_DISTANCE_MILES, type SearchCriteria } from './search-criteria.ts';
import type { Sanctuary } from './sanctuary.ts';
import { TextIndex, type TextField } from './text-index.ts';
import { upcomingEvents } from './sanctuary-card.ts';
import { stateName } from './us-states.ts';

export interface SearchHit<S extends Sanctuary = Sanctuary> {
  sanctuary: S;
  /** Miles from the origin at full precision (show it with formatMiles), or null when there is no origin. */
  distance: number | null;
}

export interface SearchResult<S extends Sanctuary = Sanctuary> {
  /** Nearest first when there is an origin; otherwise best text match first; then by name. */
  results: SearchHit<S>[];
  /** The place the query was read as, or null (the query was used as words, or there was none). */
  place: PlaceMatch | null;
  /** Where distances are measured from: explicit coordinates, else the place, else null. */
  origin: LatLon | null;
  /** The radius applied in miles; null when none was (no origin, 'Any distance', or a whole state). */
  radius: number | null;
  /** How many sanctuaries matched: `results` holds them all, or the first `limit` when one was given. */
  total: number;
}

export interface SearchOptions {
  /** Reads the query as a place. Without it (not loaded yet) the query is only ever used as words. */
  gazetteer?: Gazetteer | null;
  /** The moment for 'open now' and upcoming events; defaults to now. */
  now?: Date;
  /** Earth radius for distances; the spec's Home value (3959) unless given (the map sort uses 3958.756). */
  earthRadiusMiles?: number;
  /**
   * Only the first this many results are wanted (the gateway's answers): they are picked out of the matches without
   * sorting them all (at 100k listings a search for a whole state or any distance matches thousands).
   */
  limit?: number;
}

const ANIMAL_BITS = new Map<string, number>(ANIMAL_TYPES.map((t, i) => [t, 1 << i]));

// The yes/no filters, one bit each. Only a plain `true` counts: an unknown intake status is not "accepting".
const FLAG_BITS = {
  hasVolunteerOpportunities: 1,
  hasToursAvailable: 2,
  acceptingAnimals: 4,
  hasAdoptions: 8,
  isHiring: 16,
  hasLodging: 32,
} as const;

function flagBits(s: Sanctuary): number {
  return (
    (s.hasVolunteerOpportunities === true ? FLAG_BITS.hasVolunteerOpportunities : 0) |
    (s.hasToursAvailable === true ? FLAG_BITS.hasToursAvailable : 0) |
    (s.acceptingAnimals === true ? FLAG_BITS.acceptingAnimals : 0) |
    (s.hasAdoptions === true ? FLAG_BITS.hasAdoptions : 0) |
    (s.isHiring === true ? FLAG_BITS.isHiring : 0) |
    (s.hasLodging === true ? FLAG_BITS.hasLodging : 0)
  );
}

const TEXT_FIELDS: ReadonlyArray<TextField<Sanctuary>> = [
  { get: (s) => s.name, boost: 3 },
  { get: (s) => s.city, boost: 2 },
  { get: (s) => `${s.state} ${stateName(s.state)}`, boost: 1.5 },
  { get: (s) => s.animalTypes.join(' '), boost: 1.5 },
  { get: (s) => s.description, boost: 1 },
  { get: (s) => s.zipCode, boost: 1 },
];

/** The name order's comparison: case-insensitive, then by id. */
function byNameKey(keyA: string, idA: string, keyB: string, idB: string): number {
  return keyA < keyB ? -1 : keyA > keyB ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0;
}

/** What a new version of a list has in common with the one before: see SanctuarySearchIndex.next. */
interface Basis<S extends Sanctuary> {
  previous: SanctuarySearchIndex<S>;
  /** Positions (below the new length) whose listing changed; positions past the old length are new ones. */
  changed: ReadonlySet<number>;
}

/**
 * A list of sanctuaries prepared for searching: coordinates in typed arrays for the radius loop; the text
 * index, name order, parsed hours and time zones built the first time a search needs them. Immutable: when the
 * list changes, make a new one, or, when the new list is the old one with a few positions changed, added or removed
 * (listings kept by slot: listing-slots.ts), derive it with `next`, which carries over all the work that is still good
 * (the device's directory and the gateway's copy of it, up to 100k listings, changing one by one).
 */
export class SanctuarySearchIndex<S extends Sanctuary = Sanctuary> {
  readonly sanctuaries: readonly S[];
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly latRad: Float64Array;
  readonly lonRad: Float64Array;
  readonly cosLat: Float64Array;
  /** Per sanctuary: the yes/no filters as bits (FLAG_BITS), and the animal types as bits (ANIMAL_TYPES order). */
  readonly flags: Uint8Array;
  readonly animals: Uint16Array;
  readonly states: string[];
  private text: TextIndex<S> | undefined;
  private ranks: { rank: Uint32Array; byRank: Uint32Array } | undefined;
  /** Per position, the name as nameContains compares it, and the town as statesWithTown does; made on first use. */
  private nameKeys: string[] | undefined;
  private townKeys: string[] | undefined;
  private names: string | undefined;
  private townStates: Map<string, string[]> | undefined;
  private readonly schedules: Array<WeeklySchedule | undefined>;
  private readonly zones: Array<string | undefined>;
  /** Scratch buffers for one search (searches are synchronous, so one set serves all): distances by position,
   *  the survivors, and their sort keys. */
  readonly scratch: Float64Array;
  readonly scratchFound: Uint32Array;
  readonly scratchKeys: Float64Array;

  constructor(sanctuaries: readonly S[], basis?: Basis<S>) {
    const n = sanctuaries.length;
    const previous = basis?.previous;
    // Positions carried over from the previous version as they are.
    const kept = previous ? Math.min(n, previous.sanctuaries.length) : 0;
    this.sanctuaries = sanctuaries;
    const carried = <T extends Float64Array | Uint8Array | Uint16Array>(make: new (n: number) => T, from: T | undefined): T => {
      const array = new make(n);
      if (from) array.set(from.subarray(0, kept));
      return array;
    };
    this.latitude = carried(Float64Array, previous?.latitude);
    this.longitude = carried(Float64Array, previous?.longitude);
    this.latRad = carried(Float64Array, previous?.latRad);
    this.lonRad = carried(Float64Array, previous?.lonRad);
    this.cosLat = carried(Float64Array, previous?.cosLat);
    this.flags = carried(Uint8Array, previous?.flags);
    this.animals = carried(Uint16Array, previous?.animals);
    const carriedList = <T>(from: T[] | undefined): T[] => {
      if (!from) return new Array<T>(n);
      const list = from.slice(0, n);
      while (list.length < n) list.push(undefined as T);
      return list;
    };
    this.states = carriedList(previous?.states);
    this.schedules = carriedList(previous?.schedules);
    this.zones = carriedList(previous?.zones);
    const set = (i: number) => {
      const s = sanctuaries[i]!;
      this.latitude[i] = s.latitude;
      this.longitude[i] = s.longitude;
      this.latRad[i] = s.latitude * DEG_TO_RAD;
      this.lonRad[i] = s.longitude * DEG_TO_RAD;
      this.cosLat[i] = Math.cos(this.latRad[i]!);
      this.flags[i] = flagBits(s);
      let animals = 0;
      for (const t of s.animalTypes) animals |= ANIMAL_BITS.get(t) ?? 0;
      this.animals[i] = animals;
      this.states[i] = s.state;
      this.schedules[i] = undefined;
      this.zones[i] = undefined;
    };
    const fresh = basis ? [...basis.changed].filter((i) => i < kept) : [];
    for (let i = kept; i < n; i++) fresh.push(i);
    if (basis) for (const i of fresh) set(i);
    else for (let i = 0; i < n; i++) set(i);
    this.scratch = new Float64Array(n);
    this.scratchFound = new Uint32Array(n);
    this.scratchKeys = new Float64Array(n);
    if (!previous) return;

    // The lazy parts the previous version had made, carried over and mended where the list changed.
    const gone = new Set(fresh);
    for (let i = n; i < previous.sanctuaries.length; i++) gone.add(i);
    if (previous.ranks) this.ranks = this.mendedRanks(previous.ranks.byRank, gone, fresh);
    const mended = (keys: string[] | undefined, key: (s: S) => string) => {
      if (!keys) return undefined;
      const out = keys.slice(0, n);
      for (const i of fresh) out[i] = key(sanctuaries[i]!);
      return out;
    };
    this.nameKeys = mended(previous.nameKeys, nameKey);
    this.townKeys = mended(previous.townKeys, townKey);
    // Positions past the new length were removed: changes too, for the text index (which leaves itself to be built
    // afresh by the next word search once much has changed).
    if (previous.text) this.text = previous.text.withChanges(sanctuaries, gone);
  }

  /**
   * The index of `sanctuaries`, a new version of this index's list: the same listing at every position but those in
   * `changed` (positions past this list's length are new; past the new list's length, removed).
   */
  next(sanctuaries: readonly S[], changed: Iterable<number>): SanctuarySearchIndex<S> {
    return new SanctuarySearchIndex(sanctuaries, { previous: this, changed: new Set(changed) });
  }

  /** The previous version's name order without `gone`, with `fresh` put in their places. */
  private mendedRanks(previous: Uint32Array, gone: ReadonlySet<number>, fresh: readonly number[]): { rank: Uint32Array; byRank: Uint32Array } {
    const list = this.sanctuaries;
    const keyOf = (i: number) => list[i]!.name.toLowerCase();
    const isGone = new Uint8Array(previous.length);
    for (const i of gone) if (i < isGone.length) isGone[i] = 1;
    const keptOrder = new Uint32Array(previous.length);
    let kept = 0;
    for (let r = 0; r < previous.length; r++) {
      const i = previous[r]!;
      if (!isGone[i]) keptOrder[kept++] = i;
    }
    const added = fresh.map((i) => ({ i, key: keyOf(i), id: list[i]!.id })).sort((a, b) => byNameKey(a.key, a.id, b.key, b.id));
    const byRank = new Uint32Array(list.length);
    let at = 0;
    let from = 0;
    for (const a of added) {
      // Where it goes among the kept ones (binary search), after the added ones before it.
      let lo = from;
      let hi = kept;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const k = keptOrder[mid]!;
        if (byNameKey(keyOf(k), list[k]!.id, a.key, a.id) < 0) lo = mid + 1;
        else hi = mid;
      }
      byRank.set(keptOrder.subarray(from, lo), at);
      at += lo - from;
      from = lo;
      byRank[at++] = a.i;
    }
    byRank.set(keptOrder.subarray(from, kept), at);
    const rank = new Uint32Array(list.length);
    for (let r = 0; r < byRank.length; r++) rank[byRank[r]!] = r;
    return { rank, byRank };
  }

  /** Name order (case-insensitive, then id): position → rank, and rank → position. */
  nameOrder(): { rank: Uint32Array; byRank: Uint32Array } {
    if (!this.ranks) {
      const keys = this.sanctuaries.map((s) => s.name.toLowerCase());
      const ids = this.sanctuaries.map((s) => s.id);
      const byRank = Uint32Array.from(keys.keys()).sort((a, b) => byNameKey(keys[a]!, ids[a]!, keys[b]!, ids[b]!));
      const rank = new Uint32Array(byRank.length);
      byRank.forEach((pos, r) => (rank[pos] = r));
      this.ranks = { rank, byRank };
    }
    return this.ranks;
  }

  /** Sanctuaries matching every word of `query` in name, town, state, animal types, description or ZIP, typos tolerated. */
  textSearch(query: string): { positions: number[]; scores: number[] } {
    this.text ??= new TextIndex<S>(this.sanctuaries, TEXT_FIELDS);
    return this.text.search(query);
  }

  /** True when some sanctuary's name contains these words, in this order. */
  nameContains(words: string): boolean {
    this.nameKeys ??= this.sanctuaries.map(nameKey);
    this.names ??= `\n${this.nameKeys.join('\n')}\n`;
    const phrase = normalizePlaceText(words);
    return phrase.length > 0 && this.names.includes(` ${phrase} `);
  }

  /** States where a listed sanctuary is in a town of this name. */
  statesWithTown(town: string): readonly string[] {
    if (!this.townStates) {
      this.townKeys ??= this.sanctuaries.map(townKey);
      this.townStates = new Map();
      this.townKeys.forEach((key, i) => {
        const state = this.states[i]!;
        const states = this.townStates!.get(key);
        if (!states) this.townStates!.set(key, [state]);
        else if (!states.includes(state)) states.push(state);
      });
    }
    return this.townStates.get(placeNameKey(town)) ?? [];
  }

  schedule(i: number): WeeklySchedule {
    let schedule = this.schedules[i];
    if (schedule === undefined) this.schedules[i] = schedule = parseOperatingHours(this.sanctuaries[i]!.operatingHours);
    return schedule;
  }

  timeZone(i: number): string {
    let zone = this.zones[i];
    if (zone === undefined) {
      const s = this.sanctuaries[i]!;
      this.zones[i] = zone = s.timeZone || approximateTimeZone(s.state, s.latitude, s.longitude);
    }
    return zone;
  }
}

const nameKey = (s: Sanctuary) => ` ${normalizePlaceText(s.name)} `;
const townKey = (s: Sanctuary) => placeNameKey(s.city);

export function createSearchIndex<S extends Sanctuary>(sanctuaries: readonly S[]): SanctuarySearchIndex<S> {
  return new SanctuarySearchIndex(sanctuaries);
}

// Passing the same array again reuses its index (the gateway's cached list, a screen re-rendering).
const indexes = new WeakMap<readonly Sanctuary[], SanctuarySearchIndex<Sanctuary>>();

function indexFor<S extends Sanctuary>(sanctuaries: readonly S[]): SanctuarySearchIndex<S> {
  let index = indexes.get(sanctuaries) as SanctuarySearchIndex<S> | undefined;
  if (!index) {
    index = new SanctuarySearchIndex(sanctuaries);
    indexes.set(sanctuaries, index as unknown as SanctuarySearchIndex<Sanctuary>);
  }
  return index;
}

/**
 * Reads the query as a place when the gazetteer knows it. A bare town name ("Woodstock") is only a guess: when
 * a listed sanctuary is in a town of that name we take that town, and when a sanctuary's name contains the
 * words instead ("Rescue") we search them as words.
 */
function understand<S extends Sanctuary>(query: string, index: SanctuarySearchIndex<S>, gazetteer: Gazetteer | null | undefined): PlaceMatch | null {
  if (!query || !gazetteer) return null;
  const place = lookupPlace(gazetteer, query);
  if (!place?.bare) return place;
  const states = index.statesWithTown(query);
  if (states.includes(place.state)) return place;
  for (const state of states) {
    const there = lookupPlace(gazetteer, `${query}, ${state}`);
    if (there) return there;
  }
  return index.nameContains(query) ? null : place;
}

const RADIANS = { units: 'radians' } as const;

/** Rearranges `values` (distinct) so that its first `k` are its k smallest, in no particular order (quickselect). */
export function selectSmallest(values: Float64Array, k: number): void {
  const target = k - 1;
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    const a = values[lo]!;
    const b = values[(lo + hi) >>> 1]!;
    const c = values[hi]!;
    // The median of three as the pivot.
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    // Now values[lo..j] <= pivot <= values[i..hi], and whatever lies between them equals the pivot.
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return;
  }
}

/**
 * Sorts positions by a non-negative key (ties and no key: by name) with one native sort of a Float64Array:
 * the key, scaled to an integer, and the name rank packed into one exactly representable double. Only the first
 * `limit` are sorted and returned.
 */
function sortPositions(found: Uint32Array, keys: Float64Array | null, m: number, rank: Uint32Array, byRank: Uint32Array, limit: number): Uint32Array {
  const base = 2 ** Math.max(1, Math.ceil(Math.log2(rank.length + 1)));
  let max = 0;
  if (keys) for (let k = 0; k < m; k++) max = Math.max(max, keys[k]!);
  // Key steps: as fine as the 53 bits left beside the rank allow (for 100k sanctuaries, ~2e-7 of a mile).
  const scale = keys && max > 0 ? Math.floor((2 ** 53 / base - 1) / max) : 0;
  let packed = new Float64Array(m);
  for (let k = 0; k < m; k++) packed[k] = (keys ? Math.floor(keys[k]! * scale) * base : 0) + rank[found[k]!]!;
  if (limit < m) {
    if (limit > 0) selectSmallest(packed, limit);
    packed = packed.subarray(0, limit);
  }
  packed.sort();
  const out = new Uint32Array(packed.length);
  for (let k = 0; k < packed.length; k++) out[k] = byRank[packed[k]! % base]!;
  return out;
}

/** Every sanctuary matching the criteria, with distances. See SearchCriteria for what each field means. */
export function searchSanctuaries<S extends Sanctuary>(
  criteria: SearchCriteria,
  sanctuaries: readonly S[] | SanctuarySearchIndex<S>,
  options: SearchOptions = {},
): SearchResult<S> {
  const index = sanctuaries instanceof SanctuarySearchIndex ? sanctuaries : indexFor(sanctuaries);
  const list = index.sanctuaries;
  const earthRadius = options.earthRadiusMiles ?? HOME_EARTH_RADIUS_MILES;
  const now = options.now ?? new Date();

  const query = criteria.query?.trim() ?? '';
  const place = understand(query, index, options.gazetteer);
  const explicit = Number.isFinite(criteria.latitude) && Number.isFinite(criteria.longitude);
  const origin: LatLon | null = explicit
    ? { latitude: criteria.latitude!, longitude: criteria.longitude! }
    : place
      ? { latitude: place.latitude, longitude: place.longitude }
      : null;
  // A state is an area of its own: everything in it, whatever the radius.
  const inState = place?.kind === 'state' ? place.state : null;
  const requested = criteria.radius ?? DEFAULT_RADIUS_MILES;
  const radius = origin && !inState && requested < ANY_DISTANCE_MILES ? requested : null;

  // Candidates: the text matches when the query is words, else everyone.
  const text = query && !place ? index.textSearch(query) : null;
  const count = text ? text.positions.length : list.length;

  // The radius test compares haversine's `a` term with the radius's, from precomputed radians and cosines:
  // two sines per sanctuary, no square roots or arc tangents. Only the survivors get a distance, from turf.
  const lat0 = origin ? origin.latitude * DEG_TO_RAD : 0;
  const lon0 = origin ? origin.longitude * DEG_TO_RAD : 0;
  const cosLat0 = Math.cos(lat0);
  const maxA = radius !== null ? Math.sin(Math.min(Math.PI, radius / earthRadius) / 2) ** 2 * (1 + 1e-9) + 1e-15 : 2;
  // Latitude alone rules most sanctuaries out: no point is nearer than its difference in latitude.
  const maxDLat = radius !== null ? (radius / earthRadius) * (1 + 1e-9) + 1e-12 : Infinity;
  const { latitude, longitude, latRad, lonRad, cosLat, scratch } = index;
  // turf reads [lon, lat] arrays as they are: one pair reused for every sanctuary allocates nothing.
  const from: [number, number] = origin ? [origin.longitude, origin.latitude] : [0, 0];
  const to: [number, number] = [0, 0];

  let required = 0;
  for (const [field, bit] of Object.entries(FLAG_BITS)) if (criteria[field as keyof typeof FLAG_BITS]) required |= bit;
  let animalMask = 0;
  for (const t of criteria.animalTypes ?? []) animalMask |= ANIMAL_BITS.get(t) ?? 0;
  const { flags, animals, states } = index;
  const clock = criteria.openNow ? new Map<string, { day: number; minute: number }>() : null;

  // Survivors and their sort keys, in the index's preallocated typed arrays: no allocation, no boxed numbers.
  const found = index.scratchFound;
  const keys = origin || text ? index.scratchKeys : null;
  let m = 0;
  let maxScore = 0;
  for (let k = 0; k < count; k++) {
    const i = text ? text.positions[k]! : k;
    if (radius !== null) {
      const dLat = latRad[i]! - lat0;
      if (dLat > maxDLat || dLat < -maxDLat) continue;
      const sinLat = Math.sin(dLat / 2);
      const sinLon = Math.sin((lonRad[i]! - lon0) / 2);
      if (sinLat * sinLat + cosLat0 * cosLat[i]! * sinLon * sinLon > maxA) continue;
    }
    if ((flags[i]! & required) !== required) continue;
    // Any of the chosen animal types.
    if (animalMask && !(animals[i]! & animalMask)) continue;
    if (inState && states[i] !== inState) continue;
    if (criteria.hasUpcomingEvents && (!list[i]!.upcomingEvents.length || !upcomingEvents(list[i]!, now).length)) continue;
    if (clock) {
      const zone = index.timeZone(i);
      let local = clock.get(zone);
      if (!local) clock.set(zone, (local = localDayAndMinute(now, zone)));
      // Open now means hours say so: a listing without hours is left out while the filter is on (issue 12).
      if (statusAt(index.schedule(i), local.day, local.minute) !== 'open') continue;
    }
    if (origin) {
      to[0] = longitude[i]!;
      to[1] = latitude[i]!;
      const distance = turfDistance(from, to, RADIANS) * earthRadius;
      if (radius !== null && distance > radius) continue;
      scratch[i] = distance;
      keys![m] = distance;
    } else if (text) {
      const score = text.scores[k]!;
      maxScore = Math.max(maxScore, score);
      keys![m] = score;
    }
    found[m++] = i;
  }
  // Best score first: sort by how far below the best each one is.
  if (!origin && keys) for (let k = 0; k < m; k++) keys[k] = maxScore - keys[k]!;

  const { rank, byRank } = index.nameOrder();
  const limit = options.limit !== undefined && options.limit >= 0 ? Math.floor(options.limit) : m;
  const sorted = sortPositions(found, keys, m, rank, byRank, limit);
  const results = new Array<SearchHit<S>>(sorted.length);
  for (let k = 0; k < sorted.length; k++) {
    const i = sorted[k]!;
    results[k] = { sanctuary: list[i]!, distance: origin ? scratch[i]! : null };
  }
  return { results, place, origin, radius, total: m };
}

/** Results in the spec's API shape: each sanctuary with its `distance` (omitted when there is no origin). */
export function withDistances<S extends Sanctuary>(results: readonly SearchHit<S>[]): S[] {
  return results.map(({ sanctuary, distance }) => (distance === null ? sanctuary : { ...sanctuary, distance }));
}
