// The map's cluster index (cluster-index.ts): which results are drawn as clusters at a zoom, where a cluster's tap
// goes, the zoom at which a result stands on its own; and the same answers through the worker's protocol, with the page
// taking over when the worker fails.
import { describe, expect, it, vi } from 'vitest';
import { MAP } from '@ss/domain/constants';
import { buildIndex, clusterResponder, drawablesIn, openingOf, pageSource, placesOf, workerSource, zoomShowing, type ClusterAnswer, type ClusterRequest, type WorkerLike } from './cluster-index';

// Two listings about 1.1 km apart (0.01° of latitude), a third at the same address as the second; one far away.
const near = [
  { latitude: 42.0, longitude: -76.0 },
  { latitude: 42.01, longitude: -76.0 },
  { latitude: 42.01, longitude: -76.0 },
];
const far = { latitude: 30.27, longitude: -97.74 };
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('the index', () => {
  it('clusters results close on screen, and a cluster opens where it splits, centred on what it holds', () => {
    const index = buildIndex(placesOf([...near, far]));
    const country = drawablesIn(index, WORLD, MAP.zoomDefault);
    expect(country).toHaveLength(2);
    const cluster = country.find((d) => 'clusterId' in d);
    expect(cluster).toMatchObject({ count: 3 });
    const alone = country.find((d) => 'i' in d);
    expect(alone).toMatchObject({ i: 3 });
    expect(alone!.latitude).toBeCloseTo(far.latitude, 9);
    expect(alone!.longitude).toBeCloseTo(far.longitude, 9);
    const opening = openingOf(index, (cluster as { clusterId: number }).clusterId);
    expect(opening.latitude).toBeCloseTo(42.005, 6);
    expect(opening.longitude).toBeCloseTo(-76.0, 6);
    // At that zoom it has split.
    expect(drawablesIn(index, WORLD, opening.zoom).filter((d) => 'clusterId' in d && d.count === 3)).toEqual([]);
  });

  it("tells the zoom at which a result stands on its own; two at one address only at the map's deepest", () => {
    const index = buildIndex(placesOf(near));
    const alone = (zoom: number) => drawablesIn(index, WORLD, zoom).some((d) => 'i' in d && d.i === 0);
    const z = zoomShowing(index, 0, near[0]!, MAP.minZoom);
    expect(alone(z)).toBe(true);
    expect(alone(z - 1)).toBe(false);
    expect(z).toBeGreaterThan(MAP.zoomWithResults);
    expect(z).toBeLessThan(MAP.maxZoom);
    // From a deeper zoom on, that zoom.
    expect(zoomShowing(index, 0, near[0]!, z + 2)).toBe(z + 2);
    expect(zoomShowing(index, 2, near[2]!, MAP.minZoom)).toBe(MAP.maxZoom);
  });
});

/** A worker stand-in that runs the real responder, answering a task later, each message cloned as a worker's would be. */
function fakeWorker(options: { failOn?: ClusterRequest['type'] } = {}) {
  const respond = clusterResponder();
  const sent: ClusterRequest['type'][] = [];
  const worker: WorkerLike & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(message) {
      const copy = structuredClone(message);
      sent.push(copy.type);
      setTimeout(() => {
        if (worker.terminated) return;
        if (options.failOn === copy.type) {
          worker.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
          return;
        }
        const answer = respond(copy);
        if (answer) worker.onmessage?.({ data: structuredClone(answer) } as MessageEvent<ClusterAnswer>);
      }, 0);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return { worker, sent };
}

describe('through a worker', () => {
  it('answers as the page would, and leaves the page its own copy of the places', async () => {
    const places = placesOf([...near, far]);
    const { worker, sent } = fakeWorker();
    const source = workerSource(places, () => worker);
    const page = pageSource(places);
    expect(await source.drawables(WORLD, MAP.zoomDefault)).toEqual(await page.drawables(WORLD, MAP.zoomDefault));
    const cluster = (await page.drawables(WORLD, MAP.zoomDefault)).find((d) => 'clusterId' in d) as { clusterId: number };
    expect(await source.opening(cluster.clusterId)).toEqual(await page.opening(cluster.clusterId));
    expect(await source.zoomShowing(2, near[2]!, MAP.minZoom)).toBe(MAP.maxZoom);
    expect(sent).toEqual(['load', 'drawables', 'opening', 'zoomShowing']);
    // The places were transferred as a copy: the page's array is whole.
    expect(places.length).toBe(8);
    source.close();
    expect(worker.terminated).toBe(true);
  });

  it('when the worker fails, the page builds the index and answers what was asked meanwhile', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { worker } = fakeWorker({ failOn: 'drawables' });
    const source = workerSource(placesOf([...near, far]), () => worker);
    const answer = await source.drawables(WORLD, MAP.zoomDefault);
    expect(answer).toHaveLength(2);
    expect(worker.terminated).toBe(true);
    // Later questions are answered on the page.
    expect(await source.zoomShowing(2, near[2]!, MAP.minZoom)).toBe(MAP.maxZoom);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cluster worker failed'), 'boom');
    warn.mockRestore();
  });

  it('a question before any results were sent is refused, not left waiting', () => {
    const respond = clusterResponder();
    expect(respond({ type: 'drawables', id: 7, box: WORLD, zoom: 4 })).toEqual({ id: 7, ok: false, message: 'no results loaded' });
  });
});
