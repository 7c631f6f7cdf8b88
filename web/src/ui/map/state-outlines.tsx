// The offline base layer: US state outlines drawn beneath the tiles. When tiles load they cover it; with no
// network (and no saved area) the map still shows where things are.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import L from './leaflet-global';

const PANE = 'state-outlines';

export function StateOutlines() {
  const map = useMap();
  useEffect(() => {
    if (!map.getPane(PANE)) {
      const pane = map.createPane(PANE);
      // Below the tile pane (200), above the map background.
      pane.style.zIndex = '150';
      pane.style.pointerEvents = 'none';
    }
    let layer: L.GeoJSON | undefined;
    let live = true;
    fetch('/geo/states-10m.json')
      .then((res) => (res.ok ? (res.json() as Promise<Parameters<typeof feature>[0]>) : Promise.reject(new Error(String(res.status)))))
      .then((topo) => {
        if (!live) return;
        layer = L.geoJSON(feature(topo, topo.objects.states!) as GeoJSON.FeatureCollection, {
          pane: PANE,
          interactive: false,
          style: { color: '#047857', weight: 1, opacity: 0.8, fillColor: '#ecfdf5', fillOpacity: 1 },
        }).addTo(map);
        map.getContainer().dataset.offlineBaseLayer = 'ready';
      })
      .catch((err: unknown) => console.warn('[map] state outlines unavailable', err));
    return () => {
      live = false;
      layer?.remove();
    };
  }, [map]);
  return null;
}
