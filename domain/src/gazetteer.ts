// The offline US gazetteer: reads "44101", "Columbus, OH", "santa fe new mexico" or "Ohio" as a place with
// coordinates. No I/O here: callers load the compact assets (built by scripts/build-gazetteer.ts) and parse them.
import { US_STATES } from './us-states.ts';

export const GAZETTEER_FORMAT_VERSION = 1;
/** File names of the assets, relative to the directory they are served from (`/geo/` in the web app). */
export const GAZETTEER_FILES = { places: 'places.json', zips: 'zips.json' } as const;
/** Coordinates are stored as integers in thousandths of a degree (about 110 m), delta-encoded. */
const COORD_SCALE = 1000;

/** One state as stored: postal code, name, centroid (degrees × 1000) and the radius of a circle around it. */
export type StateRow = [code: string, name: string, lat: number, lon: number, radiusMiles: number];

/** places.json: states, then every city and town (GeoNames, plus postal place names GeoNames lacks). */
export interface PlacesAsset {
  v: typeof GAZETTEER_FORMAT_VERSION;
  credit: string;
  states: StateRow[];
  /** Place names joined by '|'. */
  names: string;
  /** Index into `states` per place. */
  state: number[];
  /** Latitude, longitude, latitude, … in thousandths of a degree, each delta-encoded from the previous place's. */
  coords: number[];
}

/** zips.json: every ZIP code, ascending, with its centroid and the place its mail goes to. */
export interface ZipsAsset {
  v: typeof GAZETTEER_FORMAT_VERSION;
  credit: string;
  /** Delta-encoded ZIP numbers. */
  zip: number[];
  /** Latitude, longitude, … of the centroid as offsets from its town's coordinates, in thousandths of a degree. */
  offsets: number[];
  /** Delta-encoded index into the places. */
  place: number[];
}

export interface GazetteerAssets {
  places: PlacesAsset;
  zips: ZipsAsset;
}

export interface StateInfo {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  radiusMiles: number;
}

export interface Gazetteer {
  credit: string;
  states: StateInfo[];
  placeNames: string[];
  placeState: Uint8Array;
  placeLat: Float64Array;
  placeLon: Float64Array;
  /** How many ZIP codes carry the place's name: our stand-in for population when a bare name is ambiguous. */
  placeRank: Uint32Array;
  zipCodes: Int32Array;
  zipLat: Float64Array;
  zipLon: Float64Array;
  zipPlace: Int32Array;
  stateByKey: Map<string, number>;
}

export type PlaceKind = 'zip' | 'city' | 'state';

export interface PlaceMatch {
  kind: PlaceKind;
  /** What was understood, for the UI: "Columbus, OH", "Cleveland, OH 44101", "Ohio". */
  label: string;
  latitude: number;
  longitude: number;
  /** Postal code of the state. */
  state: string;
  zip?: string;
  /** States only: a circle around the centroid that covers the state. */
  radiusMiles?: number;
  /** Cities only: true when the text named a city without its state, so the place is our best guess. */
  bare?: boolean;
}

/** Undoes delta encoding of every `stride`-th value starting at `start`. */
function decodeDeltas(values: readonly number[], stride = 1, start = 0): Int32Array {
  const out = new Int32Array(Math.floor(values.length / stride));
  let acc = 0;
  for (let i = 0; i < out.length; i++) {
    acc += values[i * stride + start]!;
    out[i] = acc;
  }
  return out;
}

function scaled(values: Int32Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! / COORD_SCALE;
  return out;
}

function checkArrays(what: string, length: number, arrays: Record<string, unknown>) {
  for (const [name, arr] of Object.entries(arrays)) {
    if (!Array.isArray(arr) || arr.length !== length) throw new Error(`Gazetteer ${what}: "${name}" should be an array of ${length}`);
  }
}

/** Lowercase, no accents, apostrophes or dots, other punctuation as spaces, single spaces. */
export function normalizePlaceText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = /[^\x00-\x7f]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text;
  // One pass over the characters: this runs for every town name when the index is built.
  let out = '';
  let space = false;
  for (let i = 0; i < ascii.length; i++) {
    let c = ascii.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (space && out) out += ' ';
      space = false;
      out += String.fromCharCode(c);
    } else if (c !== 39 && c !== 46 && c !== 0x2019) space = true;
  }
  return out;
}

// Spellings people use interchangeably in town names: "St. Louis" / "Saint Louis", "Ft Worth", "Mt Vernon".
const TOKEN_ALIASES: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };
const ALIAS_RE = /\b(?:st|ste|ft|mt)\b/g;

const HAS_ALIAS = /\b(?:st|ste|ft|mt)\b/;
const PLAIN_NAME = /^[A-Za-z]+(?: [A-Za-z]+)*$/;

/** The key a town name is indexed under: normalised, with the usual abbreviations spelled out. */
export function placeNameKey(name: string): string {
  // Most names are plain words: lowercasing is all they need (this runs for every town when indexing).
  const norm = PLAIN_NAME.test(name) ? name.toLowerCase() : normalizePlaceText(name);
  return HAS_ALIAS.test(norm) ? norm.replace(ALIAS_RE, (t) => TOKEN_ALIASES[t]!) : norm;
}

const STATE_ALIASES: Readonly<Record<string, string>> = {
  'virgin islands': 'VI',
  'us virgin islands': 'VI',
  'united states virgin islands': 'VI',
  'commonwealth of the northern mariana islands': 'MP',
  'northern marianas': 'MP',
};

// Postal codes that are also everyday words: alone, they count as a state only when typed in capitals.
const WORDLIKE_CODES = new Set(['in', 'or', 'me', 'ok', 'hi', 'as']);

export function parseGazetteer(raw: GazetteerAssets): Gazetteer {
  const { places, zips } = raw;
  if (places?.v !== GAZETTEER_FORMAT_VERSION || zips?.v !== GAZETTEER_FORMAT_VERSION) {
    throw new Error(`Gazetteer assets are not format ${GAZETTEER_FORMAT_VERSION}; rebuild them (scripts/build-gazetteer.ts)`);
  }
  const placeNames = places.names.split('|');
  const nPlaces = placeNames.length;
  checkArrays('places', nPlaces, { state: places.state });
  checkArrays('places', 2 * nPlaces, { coords: places.coords });
  checkArrays('zips', zips.zip.length, { place: zips.place });
  checkArrays('zips', 2 * zips.zip.length, { offsets: zips.offsets });

  const states: StateInfo[] = places.states.map(([code, name, lat, lon, radiusMiles]) => ({
    code,
    name,
    latitude: lat / COORD_SCALE,
    longitude: lon / COORD_SCALE,
    radiusMiles,
  }));
  const stateByKey = new Map<string, number>();
  states.forEach((s, i) => {
    stateByKey.set(s.code.toLowerCase(), i);
    stateByKey.set(normalizePlaceText(s.name), i);
    const ours = US_STATES[s.code];
    if (ours) stateByKey.set(normalizePlaceText(ours), i);
  });
  for (const [alias, code] of Object.entries(STATE_ALIASES)) {
    const i = stateByKey.get(code.toLowerCase());
    if (i !== undefined) stateByKey.set(alias, i);
  }

  const placeState = Uint8Array.from(places.state);
  const zipPlace = decodeDeltas(zips.place);
  const placeRank = new Uint32Array(nPlaces);
  for (const p of zipPlace) {
    if (p < 0 || p >= nPlaces) throw new Error('Gazetteer zips: place index out of range');
    placeRank[p]!++;
  }
  const latQ = decodeDeltas(places.coords, 2, 0);
  const lonQ = decodeDeltas(places.coords, 2, 1);
  const nZips = zipPlace.length;
  const zipLat = new Float64Array(nZips);
  const zipLon = new Float64Array(nZips);
  for (let i = 0; i < nZips; i++) {
    zipLat[i] = (latQ[zipPlace[i]!]! + zips.offsets[2 * i]!) / COORD_SCALE;
    zipLon[i] = (lonQ[zipPlace[i]!]! + zips.offsets[2 * i + 1]!) / COORD_SCALE;
  }
  return {
    credit: places.credit,
    states,
    placeNames,
    placeState,
    placeLat: scaled(latQ),
    placeLon: scaled(lonQ),
    placeRank,
    zipCodes: decodeDeltas(zips.zip),
    zipLat,
    zipLon,
    zipPlace,
    stateByKey,
  };
}

/** Normalised town name → the places of that name, best first (most ZIP codes, then asset order). */
interface NameIndex {
  get(key: string): (ArrayLike<number> & Iterable<number>) | undefined;
}

// Built on the first lookup by name rather than at parse time: a ZIP or state lookup never needs it. A gazetteer
// unpacked from another thread comes with its index (unpackGazetteer).
const nameIndexes = new WeakMap<Gazetteer, NameIndex>();

function nameIndex(g: Gazetteer): NameIndex {
  return nameIndexes.get(g) ?? buildNameIndex(g);
}

function buildNameIndex(g: Gazetteer): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  for (let i = 0; i < g.placeNames.length; i++) {
    const key = placeNameKey(g.placeNames[i]!);
    const list = byName.get(key);
    if (!list) byName.set(key, [i]);
    else {
      list.push(i);
      if (g.placeRank[i]! > g.placeRank[list[0]!]!) [list[0], list[list.length - 1]] = [i, list[0]!];
    }
  }
  nameIndexes.set(g, byName);
  return byName;
}

/**
 * A gazetteer as it crosses from a worker to the page: its typed arrays are transferred (not copied), the place names
 * travel as one string, and the name index goes along in flat form (the keys in order, and for the k-th key the
 * places `nameMembers[nameStarts[k]]` up to `nameMembers[nameStarts[k + 1]]`), so the page has nothing to build:
 * loading, parsing and indexing the assets took ~100 ms of the page's thread on this machine, four times that on a
 * slow phone, on a visitor's first search.
 */
export interface PackedGazetteer extends Omit<Gazetteer, 'placeNames'> {
  names: string;
  nameKeys: string;
  nameStarts: Uint32Array;
  nameMembers: Uint32Array;
}

/** Packs a gazetteer (see PackedGazetteer); `transfer` lists the buffers to hand over with it (postMessage). */
export function packGazetteer(g: Gazetteer): { packed: PackedGazetteer; transfer: ArrayBuffer[] } {
  const built = nameIndexes.get(g);
  const byName = built instanceof Map ? built : buildNameIndex(g);
  const keys = [...byName.keys()].sort();
  const nameStarts = new Uint32Array(keys.length + 1);
  const nameMembers = new Uint32Array(g.placeNames.length);
  let at = 0;
  keys.forEach((key, k) => {
    nameStarts[k] = at;
    for (const i of byName.get(key)!) nameMembers[at++] = i;
  });
  nameStarts[keys.length] = at;
  const { placeNames, ...rest } = g;
  const packed: PackedGazetteer = { ...rest, names: placeNames.join('|'), nameKeys: keys.join('|'), nameStarts, nameMembers };
  const arrays = [g.placeState, g.placeLat, g.placeLon, g.placeRank, g.zipCodes, g.zipLat, g.zipLon, g.zipPlace, nameStarts, nameMembers];
  return { packed, transfer: [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))] };
}

/** The gazetteer a PackedGazetteer was made from; its name index is looked up in the flat form, by binary search. */
export function unpackGazetteer(packed: PackedGazetteer): Gazetteer {
  const { names, nameKeys, nameStarts, nameMembers, ...rest } = packed;
  const g: Gazetteer = { ...rest, placeNames: names.split('|') };
  const keys = nameKeys ? nameKeys.split('|') : [];
  nameIndexes.set(g, {
    get(key) {
      let lo = 0;
      let hi = keys.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const k = keys[mid]!;
        if (k === key) return nameMembers.subarray(nameStarts[mid]!, nameStarts[mid + 1]!);
        if (k < key) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  });
  return g;
}

function findZip(g: Gazetteer, zip: number): number {
  let lo = 0;
  let hi = g.zipCodes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = g.zipCodes[mid]!;
    if (v === zip) return mid;
    if (v < zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function zipMatch(g: Gazetteer, zipText: string): PlaceMatch | null {
  const i = findZip(g, Number(zipText));
  if (i < 0) return null;
  const place = g.zipPlace[i]!;
  const state = g.states[g.placeState[place]!]!;
  return {
    kind: 'zip',
    label: `${g.placeNames[place]}, ${state.code} ${zipText}`,
    latitude: g.zipLat[i]!,
    longitude: g.zipLon[i]!,
    state: state.code,
    zip: zipText,
  };
}

function stateMatch(g: Gazetteer, index: number): PlaceMatch {
  const s = g.states[index]!;
  return { kind: 'state', label: s.name, latitude: s.latitude, longitude: s.longitude, state: s.code, radiusMiles: s.radiusMiles };
}

function cityMatch(g: Gazetteer, place: number, bare: boolean): PlaceMatch {
  const state = g.states[g.placeState[place]!]!.code;
  return {
    kind: 'city',
    label: `${g.placeNames[place]}, ${state}`,
    latitude: g.placeLat[place]!,
    longitude: g.placeLon[place]!,
    state,
    ...(bare ? { bare: true } : {}),
  };
}

function cityInState(g: Gazetteer, cityTokens: readonly string[], stateIndex: number): PlaceMatch | null {
  if (!cityTokens.length) return null;
  let best = -1;
  for (const i of nameIndex(g).get(placeNameKey(cityTokens.join(' '))) ?? []) {
    if (g.placeState[i] === stateIndex && (best < 0 || g.placeRank[i]! > g.placeRank[best]!)) best = i;
  }
  return best < 0 ? null : cityMatch(g, best, false);
}

const ZIP_RE = /^(\d{5})(?:[-\s]?\d{4})?$/;
const COUNTRY_SUFFIX = /(?:^|\s)(?:usa|us|united states(?: of america)?)$/;

/**
 * Reads free text as a US place, or null. Understands a ZIP (or ZIP+4), "City, ST", "City, State",
 * "city st" / "city state" in any case, a state name or postal code, and a bare town name (the town of
 * that name with the most ZIP codes, i.e. usually the most populous). A trailing ", USA" is ignored.
 */
export function lookupPlace(g: Gazetteer, text: string): PlaceMatch | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const zip = ZIP_RE.exec(trimmed);
  if (zip) return zipMatch(g, zip[1]!);

  const parts = trimmed
    .split(',')
    .map((p) => normalizePlaceText(p))
    .filter(Boolean);
  while (parts.length > 1 && COUNTRY_SUFFIX.test(parts[parts.length - 1]!) && !g.stateByKey.has(parts[parts.length - 1]!)) parts.pop();
  if (!parts.length) return null;

  if (parts.length > 1) {
    // "City, ST", "City, State", "City, ST 44101".
    let statePart = parts[parts.length - 1]!;
    const zipTail = /\s(\d{5})$/.exec(statePart);
    if (zipTail) {
      const byZip = zipMatch(g, zipTail[1]!);
      if (byZip) return byZip;
      statePart = statePart.slice(0, zipTail.index);
    }
    const stateIndex = g.stateByKey.get(statePart);
    if (stateIndex === undefined) return null;
    return cityInState(g, parts.slice(0, -1).join(' ').split(' '), stateIndex);
  }

  const whole = parts[0]!;
  const tokens = whole.split(' ');
  const lastToken = tokens[tokens.length - 1]!;
  if (tokens.length > 1 && /^\d{5}$/.test(lastToken)) {
    const byZip = zipMatch(g, lastToken);
    if (byZip) return byZip;
  }

  const wholeState = g.stateByKey.get(whole);
  if (wholeState !== undefined) {
    const typedAsCode = trimmed.replace(/\./g, '').length === 2;
    if (!(typedAsCode && WORDLIKE_CODES.has(whole) && trimmed !== trimmed.toUpperCase())) return stateMatch(g, wholeState);
  }

  // "city st", "city state": try the longest state name at the end first ("santa fe new mexico").
  for (let k = Math.min(4, tokens.length - 1); k >= 1; k--) {
    const stateIndex = g.stateByKey.get(tokens.slice(-k).join(' '));
    if (stateIndex === undefined) continue;
    const city = cityInState(g, tokens.slice(0, -k), stateIndex);
    if (city) return city;
  }

  const bare = nameIndex(g).get(placeNameKey(whole))?.[0];
  return bare === undefined ? null : cityMatch(g, bare, true);
}
