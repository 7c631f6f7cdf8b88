// @vitest-environment jsdom
// Where the map starts: fitted already to a search whose results (or the user's place) are known as it is created,
// as FitView would fit them, so it does not start elsewhere and jump at once; otherwise where the spec says.
import { describe, expect, it, vi } from 'vitest';
import { MAP } from '@ss/domain/constants';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { initialView } from './sanctuary-map';

const at = (id: string, latitude: number, longitude: number) => ({ id, name: id, latitude, longitude }) as Sanctuary;
const results = [at('ithaca', 42.44, -76.5), at('austin', 30.27, -97.74), at('honolulu', 21.31, -157.86)];

describe('initialView', () => {
  it('starts fitted to the known results of a search (those in the contiguous US), and says which search', () => {
    const view = initialView(null, results, '{"q":"x"}');
    expect(view.fitted).toBe('{"q":"x"}');
    if (!('bounds' in view)) throw new Error('expected bounds');
    expect(view.bounds.getSouth()).toBe(30.27);
    expect(view.bounds.getNorth()).toBe(42.44);
    expect(view.bounds.getWest()).toBe(-97.74);
    expect(view.bounds.getEast()).toBe(-76.5);
  });

  it('fits every result when none is in the contiguous US', () => {
    const view = initialView(null, [at('honolulu', 21.31, -157.86), at('anchorage', 61.22, -149.9)], 'k');
    if (!('bounds' in view)) throw new Error('expected bounds');
    expect(view.bounds.getSouth()).toBe(21.31);
    expect(view.bounds.getNorth()).toBe(61.22);
  });

  it('starts at the user at the refit zoom when the search is known, at the spec zoom while it is not', () => {
    const here = { latitude: 40, longitude: -80 };
    expect(initialView(here, [], 'k')).toEqual({ center: [40, -80], zoom: MAP.refitZoomWithUserLocation, fitted: 'k' });
    expect(initialView(here, results, undefined)).toEqual({ center: [40, -80], zoom: MAP.zoomWithUserLocation });
  });

  it('while the search is still being worked out: at its first result, else the default view, fitted to nothing yet', () => {
    expect(initialView(null, results, undefined)).toEqual({ center: [42.44, -76.5], zoom: MAP.zoomWithResults });
    expect(initialView(null, [], 'k')).toEqual({ center: [MAP.defaultCenter.latitude, MAP.defaultCenter.longitude], zoom: MAP.zoomDefault });
  });
});

describe('SanctuaryMap', () => {
  it('draws the state outlines once the search has its results (outlines drawn before the fit were all projected again by it), and keeps them', async () => {
    const { render, act } = await import('@testing-library/react');
    const { SanctuaryMap } = await import('./sanctuary-map');
    const fetched: string[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      fetched.push(String(input));
      // Never answers: only whether the outlines were asked for matters here.
      return new Promise<Response>(() => undefined);
    });
    try {
      const view = render(<SanctuaryMap sanctuaries={[]} />);
      await act(async () => undefined);
      expect(fetched.filter((url) => url.includes('states-10m'))).toEqual([]);
      view.rerender(<SanctuaryMap sanctuaries={results} fitKey='{"q":"x"}' />);
      await act(async () => undefined);
      expect(fetched.filter((url) => url.includes('states-10m'))).toEqual(['/geo/states-10m.json']);
      // A new search working out its results keeps them: they are not taken away and asked for again.
      view.rerender(<SanctuaryMap sanctuaries={results} />);
      await act(async () => undefined);
      view.rerender(<SanctuaryMap sanctuaries={results} fitKey='{"q":"y"}' />);
      await act(async () => undefined);
      expect(fetched.filter((url) => url.includes('states-10m'))).toEqual(['/geo/states-10m.json']);
      view.unmount();
    } finally {
      fetchMock.mockRestore();
    }
  });
});

describe('rememberUnlessMoved', () => {
  // What FitView keeps as "the view the fit made" after an animated fit: a resize fits the results again only while the
  // map still shows it.
  async function fakeMap() {
    const L = (await import('leaflet')).default;
    const container = document.createElement('div');
    const Evented = L.Evented as unknown as new () => import('leaflet').Evented;
    return Object.assign(new Evented(), { getContainer: () => container }) as unknown as import('leaflet').Map;
  }

  it('remembers the fit when its animation ends untouched', async () => {
    const { rememberUnlessMoved } = await import('./sanctuary-map');
    const map = await fakeMap();
    const remember = vi.fn();
    rememberUnlessMoved(map, remember);
    expect(remember).not.toHaveBeenCalled();
    map.fire('moveend');
    map.fire('moveend');
    expect(remember).toHaveBeenCalledTimes(1);
  });

  it('does not, when the reader took hold of the map while it moved (a drag, a wheel, a key)', async () => {
    const { rememberUnlessMoved } = await import('./sanctuary-map');
    for (const type of ['pointerdown', 'wheel', 'keydown', 'touchstart']) {
      const map = await fakeMap();
      const remember = vi.fn();
      rememberUnlessMoved(map, remember);
      map.getContainer().dispatchEvent(new Event(type, { bubbles: true }));
      map.fire('moveend');
      expect(remember, type).not.toHaveBeenCalled();
    }
  });
});

describe('spread', () => {
  it('at the deepest zoom, sets results at one address around it, each tap target clear of the others', async () => {
    const L = (await import('leaflet')).default;
    const { spread } = await import('./sanctuary-map');
    const map = L.map(document.createElement('div'), { center: [42, -76], zoom: MAP.maxZoom });
    const place = L.latLng(42.01, -76.0);
    const centre = map.project(place, MAP.maxZoom);
    for (const count of [2, 3, 9]) {
      const together = Array.from({ length: count }, (_, k) => ({ key: `at-${k}`, at: place }));
      const items = [{ key: 'lone', at: L.latLng(42.0, -76.0) }, ...together];
      const placed = spread(map, items, MAP.maxZoom);
      expect(placed.get('lone')).toEqual(items[0]!.at);
      const points = together.map(({ key }) => map.project(placed.get(key)!, MAP.maxZoom));
      for (const [k, p] of points.entries()) {
        expect(p.distanceTo(centre)).toBeLessThan(100);
        // 44 px: a marker's tap target (less a rounding's hair).
        for (const q of points.slice(k + 1)) expect(p.distanceTo(q), `${count} at one address`).toBeGreaterThanOrEqual(43.99);
      }
    }
    map.remove();
  });
});
