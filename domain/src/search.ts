// The one sanctuary search, run on the device over the local copy and by the gateway for GET
// /api/sanctuaries/search: a place or words, a radius, filters, open now; nearest first.
import { distance as turfDistance } from '@turf/distance';
import { ANIMAL_TYPES, DEFAULT_RADIUS_MILES, HOME_EARTH_RADIUS_MILES } from './constants.ts';
import { lookupPlace, normalizePlaceText, placeNameKey, type Gazetteer, type PlaceMatch } from './gazetteer.ts';
import { DEG_TO_RAD, type LatLon } from './geo.ts';
import { approximateTimeZone, localDayAndMinute, parseOperatingHours, statusAt, type WeeklySchedule } from './open-now.ts';
import { ANY_DISTANCE_MILES, type SearchCriteria } from './search-criteria.ts';
import type { Sanctuary } from './sanctuary.ts';
import { TextIndex } from './text-index.ts';
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
}

export interface SearchOptions {
  /** Reads the query as a place. Without it (not loaded yet) the query is only ever used as words. */
  gazetteer?: Gazetteer | null;
  /** The moment for 'open now' and upcoming events; defaults to now. */
  now?: Date;
  /** Earth radius for distances; the spec's Home value (3959) unless given (the map sort uses 3958.756). */
  earthRadiusMiles?: number;
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

/**
 * A list of sanctuaries prepared for searching: coordinates in typed arrays for the radius loop; the text
 * index, name order, parsed hours and time zones built the first time a search needs them. Immutable: when the
 * list changes, make a new one (the web app does so per published snapshot; the cost is paid lazily).
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
  private names: string | undefined;
  private townStates: Map<string, string[]> | undefined;
  private readonly schedules: Array<WeeklySchedule | undefined>;
  private readonly zones: Array<string | undefined>;
  /** Scratch buffers for one search (searches are synchronous, so one set serves all): distances by position,
   *  the survivors, and their sort keys. */
  readonly scratch: Float64Array;
  readonly scratchFound: Uint32Array;
  readonly scratchKeys: Float64Array;

  constructor(sanctuaries: readonly S[]) {
    const n = sanctuaries.length;
    this.sanctuaries = sanctuaries;
    this.latitude = new Float64Array(n);
    this.longitude = new Float64Array(n);
    this.latRad = new Float64Array(n);
    this.lonRad = new Float64Array(n);
    this.cosLat = new Float64Array(n);
    this.flags = new Uint8Array(n);
    this.animals = new Uint16Array(n);
    this.states = new Array<string>(n);
    for (let i = 0; i < n; i++) {
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
    }
    this.schedules = new Array<WeeklySchedule | undefined>(n);
    this.zones = new Array<string | undefined>(n);
    this.scratch = new Float64Array(n);
    this.scratchFound = new Uint32Array(n);
    this.scratchKeys = new Float64Array(n);
  }

  /** Name order (case-insensitive, then id): position → rank, and rank → position. */
  nameOrder(): { rank: Uint32Array; byRank: Uint32Array } {
    if (!this.ranks) {
      const keys = this.sanctuaries.map((s) => s.name.toLowerCase());
      const ids = this.sanctuaries.map((s) => s.id);
      const byRank = Uint32Array.from(keys.keys()).sort((a, b) =>
        keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0,
      );
      const rank = new Uint32Array(byRank.length);
      byRank.forEach((pos, r) => (rank[pos] = r));
      this.ranks = { rank, byRank };
    }
    return this.ranks;
  }

  /** Sanctuaries matching every word of `query` in name, town, state, animal types, description or ZIP, typos tolerated. */
  textSearch(query: string): { positions: number[]; scores: number[] } {
    this.text ??= new TextIndex<S>(this.sanctuaries, [
      { get: (s) => s.name, boost: 3 },
      { get: (s) => s.city, boost: 2 },
      { get: (s) => `${s.state} ${stateName(s.state)}`, boost: 1.5 },
      { get: (s) => s.animalTypes.join(' '), boost: 1.5 },
      { get: (s) => s.description, boost: 1 },
      { get: (s) => s.zipCode, boost: 1 },
    ]);
    return this.text.search(query);
  }

  /** True when some sanctuary's name contains these words, in this order. */
  nameContains(words: string): boolean {
    this.names ??= `\n${this.sanctuaries.map((s) => ` ${normalizePlaceText(s.name)} `).join('\n')}\n`;
    const phrase = normalizePlaceText(words);
    return phrase.length > 0 && this.names.includes(` ${phrase} `);
  }

  /** States where a listed sanctuary is in a town of this name. */
  statesWithTown(town: string): readonly string[] {
    if (!this.townStates) {
      this.townStates = new Map();
      for (const s of this.sanctuaries) {
        const key = placeNameKey(s.city);
        const states = this.townStates.get(key);
        if (!states) this.townStates.set(key, [s.state]);
        else if (!states.includes(s.state)) states.push(s.state);
      }
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

/**
 * Sorts positions by a non-negative key (ties and no key: by name) with one native sort of a Float64Array:
 * the key, scaled to an integer, and the name rank packed into one exactly representable double.
 */
function sortPositions(found: Uint32Array, keys: Float64Array | null, m: number, rank: Uint32Array, byRank: Uint32Array): Uint32Array {
  const base = 2 ** Math.max(1, Math.ceil(Math.log2(rank.length + 1)));
  let max = 0;
  if (keys) for (let k = 0; k < m; k++) max = Math.max(max, keys[k]!);
  // Key steps: as fine as the 53 bits left beside the rank allow (for 100k sanctuaries, ~2e-7 of a mile).
  const scale = keys && max > 0 ? Math.floor((2 ** 53 / base - 1) / max) : 0;
  const packed = new Float64Array(m);
  for (let k = 0; k < m; k++) packed[k] = (keys ? Math.floor(keys[k]! * scale) * base : 0) + rank[found[k]!]!;
  packed.sort();
  const out = new Uint32Array(m);
  for (let k = 0; k < m; k++) out[k] = byRank[packed[k]! % base]!;
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
  const sorted = sortPositions(found, keys, m, rank, byRank);
  const results = new Array<SearchHit<S>>(sorted.length);
  for (let k = 0; k < sorted.length; k++) {
    const i = sorted[k]!;
    results[k] = { sanctuary: list[i]!, distance: origin ? scratch[i]! : null };
  }
  return { results, place, origin, radius };
}

/** Results in the spec's API shape: each sanctuary with its `distance` (omitted when there is no origin). */
export function withDistances<S extends Sanctuary>(results: readonly SearchHit<S>[]): S[] {
  return results.map(({ sanctuary, distance }) => (distance === null ? sanctuary : { ...sanctuary, distance }));
}
