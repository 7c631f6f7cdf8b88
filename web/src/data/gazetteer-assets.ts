// Fetches the offline gazetteer's assets (built by scripts/build-gazetteer.ts, precached by the service worker) and
// parses them, wherever that runs: in the gazetteer's worker, or on the page where there is no worker.
import { GAZETTEER_FILES, parseGazetteer, type Gazetteer, type PlacesAsset, type ZipsAsset } from '@ss/domain/gazetteer';

async function fetchJson<T>(file: string): Promise<T> {
  const res = await fetch(`/geo/${file}`);
  if (!res.ok) throw new Error(`Could not load the place list (${res.status})`);
  return (await res.json()) as T;
}

export async function fetchGazetteer(): Promise<Gazetteer> {
  const [places, zips] = await Promise.all([fetchJson<PlacesAsset>(GAZETTEER_FILES.places), fetchJson<ZipsAsset>(GAZETTEER_FILES.zips)]);
  return parseGazetteer({ places, zips });
}
