// Test helper: the real gazetteer assets (built by scripts/build-gazetteer.ts when missing or stale), parsed.
import fs from 'node:fs';
import path from 'node:path';
import { buildGazetteer, GEO_OUT_DIR } from '../../scripts/build-gazetteer.ts';
import { GAZETTEER_FILES, parseGazetteer, type Gazetteer, type GazetteerAssets } from '../src/gazetteer.ts';

let cached: Gazetteer | undefined;

export function readGazetteerAssets(): GazetteerAssets {
  buildGazetteer();
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(GEO_OUT_DIR, name), 'utf8'));
  return { places: read(GAZETTEER_FILES.places), zips: read(GAZETTEER_FILES.zips) };
}

export function testGazetteer(): Gazetteer {
  return (cached ??= parseGazetteer(readGazetteerAssets()));
}
