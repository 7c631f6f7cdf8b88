// The offline base layer: US state outlines drawn beneath the tiles. When tiles load they cover it; with no
// network (and no saved area) the map still shows where things are.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import L from 'leaflet';
import { inSlices } from '../../lib/in-slices';

const PANE = 'state-outlines';

type Collection = Extract<Parameters<typeof feature>[1], { type: 'GeometryCollection' }>;

export function StateOutlines() {
  const map = useMap();
  useEffect(() => {
    if (!map.getPane(PANE)) {
      const pane = map.createPane(PANE);
      // Below the tile pane (200), above the map background.
      pane.style.zIndex = '150';
      pane.style.pointerEvents = 'none';
    }
    const layer = L.geoJSON(undefined, {
      pane: PANE,
      interactive: false,
      style: { color: '#047857', weight: 1, opacity: 0.8, fillColor: '#ecfdf5', fillOpacity: 1 },
    }).addTo(map);
    let live = true;
    let cancel: (() => void) | undefined;
    // The outlines (simplified at build time: scripts/copy-map-assets.mjs) are drawn a few states at a time.
    fetch('/geo/states-10m.json')
      .then((res) => (res.ok ? (res.json() as Promise<Parameters<typeof feature>[0]>) : Promise.reject(new Error(String(res.status)))))
      .then((topo) => {
        if (!live) return;
        const states = topo.objects.states as Collection;
        cancel = inSlices(states.geometries, (state) => layer.addData(feature(topo, state) as GeoJSON.Feature), {
          done: () => (map.getContainer().dataset.offlineBaseLayer = 'ready'),
        });
      })
      .catch((err: unknown) => console.warn('[map] state outlines unavailable', err));
    return () => {
      live = false;
      cancel?.();
      layer.remove();
    };
  }, [map]);
  return null;
}
