// Loads the offline gazetteer for the gateway from the built web app's assets (<web dist>/geo/), read once.
import fs from 'node:fs';
import path from 'node:path';
import { GAZETTEER_FILES, parseGazetteer, type Gazetteer, type GazetteerAssets } from '@ss/domain/gazetteer';

/** Reads and parses the assets in `dir`. Throws when they are missing or malformed. */
export function loadGazetteerFromDir(dir: string): Gazetteer {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown;
  return parseGazetteer({ places: read(GAZETTEER_FILES.places), zips: read(GAZETTEER_FILES.zips) } as GazetteerAssets);
}

/**
 * A lazy, memoised gazetteer from the first of `dirs` holding the assets. Without any (the web app was never
 * built), it says so once and returns null: searches then read the query as words only.
 */
export function gazetteerLoader(dirs: readonly string[], log: (line: string) => void = console.warn): () => Gazetteer | null {
  let loaded: Gazetteer | null | undefined;
  return () => {
    if (loaded !== undefined) return loaded;
    for (const dir of dirs) {
      if (!fs.existsSync(path.join(dir, GAZETTEER_FILES.places))) continue;
      try {
        return (loaded = loadGazetteerFromDir(dir));
      } catch (err) {
        log(`[gateway] gazetteer in ${dir} is unreadable: ${(err as Error).message}`);
      }
    }
    log(`[gateway] no gazetteer assets in ${dirs.join(' or ')}: place names will not be understood (run npm run build)`);
    return (loaded = null);
  };
}

/** Where the gateway looks for the assets: the served web app, then the build's source folder (development). */
export function defaultGazetteerDirs(webDist: string | undefined): string[] {
  const repoWeb = path.resolve(import.meta.dirname, '../../web');
  return [...(webDist ? [path.join(webDist, 'geo')] : []), path.join(repoWeb, 'dist/geo'), path.join(repoWeb, 'public/geo')];
}
