// The offline gazetteer's assets, fetched once on first use (the service worker precaches them) and parsed
// into lookup tables. Search works with no network once they are on the device.
import { GAZETTEER_FILES, parseGazetteer, type Gazetteer, type PlacesAsset, type ZipsAsset } from '@ss/domain/gazetteer';

let loading: Promise<Gazetteer> | undefined;

async function fetchJson<T>(file: string): Promise<T> {
  const res = await fetch(`/geo/${file}`);
  if (!res.ok) throw new Error(`Could not load the place list (${res.status})`);
  return (await res.json()) as T;
}

export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= Promise.all([fetchJson<PlacesAsset>(GAZETTEER_FILES.places), fetchJson<ZipsAsset>(GAZETTEER_FILES.zips)])
    .then(([places, zips]) => parseGazetteer({ places, zips }))
    .catch((err: unknown) => {
      loading = undefined; // try again next time
      throw err;
    });
  return loading;
}
