// The offline gazetteer for the workers (placing listings approved by a swept admin decision on the map): the
// assets the build writes for the web app, read once from WEB_DIST/geo, web/dist/geo or web/public/geo.
import fs from 'node:fs';
import path from 'node:path';
import { GAZETTEER_FILES, parseGazetteer, type Gazetteer, type GazetteerAssets } from '@ss/domain/gazetteer';

export function gazetteerDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const web = path.resolve(import.meta.dirname, '../../web');
  return [...(env.WEB_DIST ? [path.join(env.WEB_DIST, 'geo')] : []), path.join(web, 'dist/geo'), path.join(web, 'public/geo')];
}

/**
 * A lazy loader of the first readable assets in `dirs`. Unlike the gateway's it keeps looking on later calls
 * while none are found (a worker may start before the build has written them), saying so once.
 */
export function workerGazetteer(dirs: readonly string[] = gazetteerDirs(), log: (line: string) => void = console.warn): () => Gazetteer | null {
  let loaded: Gazetteer | undefined;
  let warned = false;
  return () => {
    if (loaded) return loaded;
    for (const dir of dirs) {
      if (!fs.existsSync(path.join(dir, GAZETTEER_FILES.places))) continue;
      try {
        const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown;
        return (loaded = parseGazetteer({ places: read(GAZETTEER_FILES.places), zips: read(GAZETTEER_FILES.zips) } as GazetteerAssets));
      } catch (err) {
        if (!warned) log(`[workers] gazetteer in ${dir} is unreadable: ${(err as Error).message}`);
      }
    }
    if (!warned) log(`[workers] no gazetteer assets in ${dirs.join(' or ')}: approvals wait until npm run build has written them`);
    warned = true;
    return null;
  };
}
