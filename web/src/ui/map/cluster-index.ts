// Which results the map draws as clusters, and which on their own, at each zoom (supercluster: a KD-tree per zoom).
// The index of a few thousand results is built on the page (a few tens of milliseconds at most); a bigger one in a
// worker (cluster.worker.ts), where it took about half a second at 100k on this machine's page thread. The map asks
// either through the same promises (ClusterSource), so it draws the same way whichever builds it.
import Supercluster from 'supercluster';
import { MAP } from '@ss/domain/constants';

/**
 * Results closer than this on screen (CSS pixels at the map's zoom) are drawn as one cluster showing their count: with
 * 40 px cluster icons and 44 px marker targets, a smaller radius let neighbours overlap, leaving too little of each to
 * tap (axe target-size on a phone).
 */
export const CLUSTER_RADIUS = 80;
/**
 * The deepest zoom at which results are clustered; at the map's deepest every result is drawn on its own, and those
 * that would still cover each other (listings at one address) are set around their place.
 */
export const CLUSTER_MAX_ZOOM = MAP.maxZoom - 1;
/** From this many results the index is built in a worker. */
export const WORKER_FROM = 5000;

/** What the map draws at a place: a result (its place in the list, so its letter) or a cluster of `count`. */
export type Drawable = { latitude: number; longitude: number } & ({ i: number } | { clusterId: number; count: number });

interface ResultPoint {
  i: number;
}

type Index = Supercluster<ResultPoint, Record<string, never>>;

/** [west, south, east, north], in degrees. */
export type Box = [number, number, number, number];

/** The results' places as [longitude, latitude] pairs, in list order (what a worker is sent, transferred). */
export function placesOf(sanctuaries: readonly { latitude: number; longitude: number }[]): Float64Array {
  const places = new Float64Array(sanctuaries.length * 2);
  sanctuaries.forEach((s, k) => {
    places[2 * k] = s.longitude;
    places[2 * k + 1] = s.latitude;
  });
  return places;
}

export function buildIndex(places: Float64Array): Index {
  const points = [];
  for (let i = 0; i < places.length / 2; i++) points.push({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [places[2 * i]!, places[2 * i + 1]!] }, properties: { i } });
  // Radius and extent in the same unit: the map's 256 px world at zoom 0.
  return new Supercluster<ResultPoint, Record<string, never>>({ radius: CLUSTER_RADIUS, extent: MAP.tileSize, minZoom: MAP.minZoom, maxZoom: CLUSTER_MAX_ZOOM }).load(points);
}

export function drawablesIn(index: Index, box: Box, zoom: number): Drawable[] {
  return index.getClusters(box, zoom).map((f) => {
    const [longitude, latitude] = f.geometry.coordinates as [number, number];
    const p = f.properties;
    return 'cluster' in p ? { latitude, longitude, clusterId: p.cluster_id, count: p.point_count } : { latitude, longitude, i: p.i };
  });
}

/** Where a cluster's tap goes: the zoom at which it splits, centred on what it holds (not on its own place, their average). */
export function openingOf(index: Index, clusterId: number): { zoom: number; latitude: number; longitude: number } {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const leaf of index.getLeaves(clusterId, Infinity)) {
    const [lng, lat] = leaf.geometry.coordinates as [number, number];
    [west, south, east, north] = [Math.min(west, lng), Math.min(south, lat), Math.max(east, lng), Math.max(north, lat)];
  }
  return { zoom: Math.min(index.getClusterExpansionZoom(clusterId), MAP.maxZoom), latitude: (south + north) / 2, longitude: (west + east) / 2 };
}

/** The least zoom, from `from` on, at which result `i` (at `place`) is drawn on its own rather than in a cluster. */
export function zoomShowing(index: Index, i: number, place: { latitude: number; longitude: number }, from: number): number {
  const near = 1e-6;
  const box: Box = [place.longitude - near, place.latitude - near, place.longitude + near, place.latitude + near];
  for (let z = Math.max(Math.floor(from), MAP.minZoom); z <= CLUSTER_MAX_ZOOM; z++) {
    if (index.getClusters(box, z).some((f) => !('cluster' in f.properties) && f.properties.i === i)) return z;
  }
  return CLUSTER_MAX_ZOOM + 1;
}

/** What the map asks of its results' index, wherever it is built. */
export interface ClusterSource {
  drawables(box: Box, zoom: number): Promise<Drawable[]>;
  opening(clusterId: number): Promise<{ zoom: number; latitude: number; longitude: number }>;
  zoomShowing(i: number, place: { latitude: number; longitude: number }, from: number): Promise<number>;
  close(): void;
}

/** The index built here, on the page. */
export function pageSource(places: Float64Array): ClusterSource {
  const index = buildIndex(places);
  return {
    drawables: async (box, zoom) => drawablesIn(index, box, zoom),
    opening: async (clusterId) => openingOf(index, clusterId),
    zoomShowing: async (i, place, from) => zoomShowing(index, i, place, from),
    close: () => undefined,
  };
}

export type ClusterRequest =
  | { type: 'load'; places: Float64Array }
  | { type: 'drawables'; id: number; box: Box; zoom: number }
  | { type: 'opening'; id: number; clusterId: number }
  | { type: 'zoomShowing'; id: number; i: number; place: { latitude: number; longitude: number }; from: number };

export type ClusterAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** The worker's side: keeps the index it is sent and answers questions about it (cluster.worker.ts). */
export function clusterResponder(): (request: ClusterRequest) => ClusterAnswer | undefined {
  let index: Index | undefined;
  return (request) => {
    if (request.type === 'load') {
      index = buildIndex(request.places);
      return undefined;
    }
    if (!index) return { id: request.id, ok: false, message: 'no results loaded' };
    try {
      const value =
        request.type === 'drawables'
          ? drawablesIn(index, request.box, request.zoom)
          : request.type === 'opening'
            ? openingOf(index, request.clusterId)
            : zoomShowing(index, request.i, request.place, request.from);
      return { id: request.id, ok: true, value };
    } catch (err) {
      return { id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  };
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A question to the worker, before it is numbered. */
type Question = WithoutId<Extract<ClusterRequest, { id: number }>>;

/** What workerSource needs of a worker (a real one, or a test's stand-in). */
export interface WorkerLike {
  postMessage(message: ClusterRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ClusterAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * The index built in a worker. Should the worker fail, the index is built on the page after all, and what was asked
 * meanwhile is answered from it.
 */
export function workerSource(places: Float64Array, makeWorker: () => WorkerLike): ClusterSource {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void; ask(page: ClusterSource): Promise<unknown> }>();
  let next = 0;
  let fallback: ClusterSource | undefined;
  const worker = makeWorker();
  const onPage = () => {
    if (fallback) return fallback;
    worker.terminate();
    fallback = pageSource(places);
    for (const [id, pending] of waiting) {
      waiting.delete(id);
      pending.ask(fallback).then(pending.resolve, pending.reject);
    }
    return fallback;
  };
  worker.onmessage = ({ data }) => {
    const pending = waiting.get(data.id);
    if (!pending) return;
    waiting.delete(data.id);
    if (data.ok) pending.resolve(data.value);
    else pending.reject(new Error(data.message));
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    console.warn('[map] the cluster worker failed; clustering on the page instead', event.message);
    onPage();
  };
  // The worker is sent a copy (transferred): the page keeps its own array for a fallback.
  const copy = places.slice();
  worker.postMessage({ type: 'load', places: copy }, [copy.buffer]);
  const ask = <T>(request: Question, onPageAnswer: (page: ClusterSource) => Promise<T>): Promise<T> => {
    if (fallback) return onPageAnswer(fallback);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, ask: onPageAnswer });
      worker.postMessage({ ...request, id } as ClusterRequest);
    });
  };
  return {
    drawables: (box, zoom) => ask({ type: 'drawables', box, zoom }, (page) => page.drawables(box, zoom)),
    opening: (clusterId) => ask({ type: 'opening', clusterId }, (page) => page.opening(clusterId)),
    zoomShowing: (i, place, from) => ask({ type: 'zoomShowing', i, place, from }, (page) => page.zoomShowing(i, place, from)),
    close: () => {
      worker.terminate();
      waiting.clear();
    },
  };
}

/** The source for a list of results: on the page for a few thousand, in a worker beyond (where there are workers). */
export function clusterSource(sanctuaries: readonly { latitude: number; longitude: number }[]): ClusterSource {
  const places = placesOf(sanctuaries);
  if (sanctuaries.length < WORKER_FROM || typeof Worker === 'undefined') return pageSource(places);
  return workerSource(places, () => new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module', name: 'clusters' }) as unknown as WorkerLike);
}
