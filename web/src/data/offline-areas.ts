// Map areas saved for offline use: their tiles go into the same Cache Storage cache the service worker reads
// map tiles from ('map-tiles'), and the list of areas lives in IndexedDB so it survives restarts.
import { create } from 'zustand';
import { TILE_URL, retinaSuffix, tileUrls, tileZoomOffset, type Bounds } from '../lib/tiles';
import { kvGet, kvSet } from './kv-store';

export const TILE_CACHE = 'map-tiles';
const AREAS_KEY = 'offline-areas-v1';
const CONCURRENCY = 4;

export interface OfflineArea {
  id: string;
  name: string;
  bounds: Bounds;
  /** The map's zooms. */
  fromZoom: number;
  toZoom: number;
  /**
   * How many levels deeper its tiles are (tileZoomOffset when it was saved: 1 on a high-resolution screen). Absent in
   * areas saved before the map asked for sharper tiles: 0.
   */
  zoomOffset?: number;
  tiles: number;
  bytes: number;
  savedAt: string;
}

interface AreasState {
  areas: OfflineArea[];
  loaded: boolean;
}

export const useOfflineAreas = create<AreasState>(() => ({ areas: [], loaded: false }));

export async function loadOfflineAreas(): Promise<void> {
  const areas = (await kvGet<OfflineArea[]>(AREAS_KEY).catch(() => undefined)) ?? [];
  useOfflineAreas.setState({ areas, loaded: true });
}

async function persist(areas: OfflineArea[]) {
  useOfflineAreas.setState({ areas });
  await kvSet(AREAS_KEY, areas);
}

/** Downloads every tile of the area into the tile cache; reports progress; can be cancelled. */
export async function saveOfflineArea(
  area: Omit<OfflineArea, 'id' | 'tiles' | 'bytes' | 'savedAt' | 'zoomOffset'>,
  onProgress: (done: number, total: number, bytes: number) => void,
  signal?: AbortSignal,
): Promise<OfflineArea> {
  const zoomOffset = tileZoomOffset();
  const urls = tileUrls(area.bounds, area.fromZoom, area.toZoom, TILE_URL, retinaSuffix(), zoomOffset);
  const cache = await caches.open(TILE_CACHE);
  let next = 0;
  let done = 0;
  let bytes = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      if (signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
      const url = urls[next++]!;
      try {
        const res = await fetch(url, { mode: 'cors', signal: signal ?? null });
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.clone().blob();
        await cache.put(url, res);
        bytes += blob.size;
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        failed++;
      }
      done++;
      onProgress(done, urls.length, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  if (failed === urls.length) throw new Error('No map tiles could be downloaded. Check your connection and try again.');
  const saved: OfflineArea = { ...area, zoomOffset, id: crypto.randomUUID(), tiles: urls.length - failed, bytes, savedAt: new Date().toISOString() };
  await persist([...useOfflineAreas.getState().areas, saved]);
  return saved;
}

/**
 * Whether an area's tiles are not the ones this screen's map asks for: saved on a screen of another resolution, or
 * before the map asked high-resolution screens for sharper tiles. Offline, such an area shows no map here until it is
 * saved again.
 */
export const savedForAnotherScreen = (a: OfflineArea, zoomOffset: number = tileZoomOffset()) => (a.zoomOffset ?? 0) !== zoomOffset;

/** The tiles an area saved: at the zooms it was saved with, whatever the screen is now. */
const areaTileUrls = (a: OfflineArea) => tileUrls(a.bounds, a.fromZoom, a.toZoom, TILE_URL, retinaSuffix(), a.zoomOffset ?? 0);

/** Removes an area and the tiles no other saved area needs. */
export async function deleteOfflineArea(id: string): Promise<void> {
  const areas = useOfflineAreas.getState().areas;
  const area = areas.find((a) => a.id === id);
  if (!area) return;
  const rest = areas.filter((a) => a.id !== id);
  const keep = new Set(rest.flatMap(areaTileUrls));
  const cache = await caches.open(TILE_CACHE);
  await Promise.all(areaTileUrls(area).filter((u) => !keep.has(u)).map((u) => cache.delete(u)));
  await persist(rest);
}
