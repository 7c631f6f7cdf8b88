// The interactive map: OpenStreetMap tiles, lettered markers that cluster when dense, the spec's map
// constants. Loaded only on screens that show a map.
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import L from './leaflet-global';
import 'leaflet.markercluster';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { MAP } from '@ss/domain/constants';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { letterFor } from '../../lib/letters';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

interface Props {
  sanctuaries: Sanctuary[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  userLocation?: MapPoint | null;
  /** Changes whenever a new search should refit the view. */
  fitKey?: string;
  className?: string;
}

const BOUNDS = L.latLngBounds([MAP.bounds.south, MAP.bounds.west], [MAP.bounds.north, MAP.bounds.east]);

function initialView(userLocation: MapPoint | null | undefined, count: number, first?: Sanctuary): { center: L.LatLngExpression; zoom: number } {
  if (userLocation) return { center: [userLocation.latitude, userLocation.longitude], zoom: MAP.zoomWithUserLocation };
  if (count > 0 && first) return { center: [first.latitude, first.longitude], zoom: MAP.zoomWithResults };
  return { center: [MAP.defaultCenter.latitude, MAP.defaultCenter.longitude], zoom: MAP.zoomDefault };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A lettered marker whose accessible name is "A: Sanctuary name", like its list item. */
function letterIcon(letter: string, name: string, selected: boolean) {
  return L.divIcon({
    className: '',
    html: `<span aria-hidden="true" class="map-letter${selected ? ' map-letter--selected' : ''}">${letter}</span><span class="sr-only">${letter}: ${escapeHtml(name)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

function Markers({ sanctuaries, selectedId, onSelect }: Pick<Props, 'sanctuaries' | 'selectedId' | 'onSelect'>) {
  const map = useMap();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const group = L.markerClusterGroup({ maxClusterRadius: 45, showCoverageOnHover: false, spiderfyOnMaxZoom: true, chunkedLoading: true });
    groupRef.current = group;
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
      groupRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    group.clearLayers();
    const markers = new Map<string, L.Marker>();
    const layers = sanctuaries.map((s, i) => {
      const letter = letterFor(i);
      const marker = L.marker([s.latitude, s.longitude], {
        icon: letterIcon(letter, s.name, false),
        title: `${letter}: ${s.name}`,
        alt: `${letter}: ${s.name}`,
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click keypress', () => onSelectRef.current?.(s.id));
      markers.set(s.id, marker);
      return marker;
    });
    group.addLayers(layers);
    markersRef.current = markers;
  }, [sanctuaries]);

  useEffect(() => {
    const markers = markersRef.current;
    sanctuaries.forEach((s, i) => markers.get(s.id)?.setIcon(letterIcon(letterFor(i), s.name, s.id === selectedId)));
    const selected = selectedId ? markers.get(selectedId) : undefined;
    if (selected && groupRef.current) {
      groupRef.current.zoomToShowLayer(selected, () => map.panTo(selected.getLatLng()));
    }
  }, [selectedId, sanctuaries, map]);

  return null;
}

function FitView({ sanctuaries, userLocation, fitKey }: Pick<Props, 'sanctuaries' | 'userLocation' | 'fitKey'>) {
  const map = useMap();
  // Refit once per search: when its key changes, or when its results first arrive (the directory may still be
  // loading when the map mounts) — not on every live data change afterwards.
  const fitted = useRef<string | null>(null);
  const ready = Boolean(userLocation) || sanctuaries.length > 0;
  useEffect(() => {
    const key = fitKey ?? '';
    if (!ready || fitted.current === key) return;
    fitted.current = key;
    if (userLocation) {
      map.setView([userLocation.latitude, userLocation.longitude], MAP.refitZoomWithUserLocation);
    } else {
      map.fitBounds(L.latLngBounds(sanctuaries.map((s) => [s.latitude, s.longitude] as L.LatLngTuple)), { padding: [30, 30], maxZoom: 12 });
    }
  }, [fitKey, ready, map, sanctuaries, userLocation]);
  return null;
}

export function SanctuaryMap({ sanctuaries, selectedId, onSelect, userLocation, fitKey, className = '' }: Props) {
  const view = useMemo(() => initialView(userLocation, sanctuaries.length, sanctuaries[0]), []); // eslint-disable-line react-hooks/exhaustive-deps
  // The spec limits panning to the contiguous US; widen it just enough to reach listings outside it (Hawaii).
  const maxBounds = useMemo(
    () => sanctuaries.reduce((b, s) => b.extend([s.latitude, s.longitude]), L.latLngBounds(BOUNDS.getSouthWest(), BOUNDS.getNorthEast())).pad(0.1),
    [sanctuaries],
  );
  return (
    <MapContainer
      center={view.center}
      zoom={view.zoom}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      maxBounds={maxBounds}
      scrollWheelZoom={MAP.scrollWheelZoom}
      className={`h-full min-h-[320px] w-full ${className}`}
      aria-label="Map of sanctuaries"
    >
      <TileLayer
        url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        tileSize={MAP.tileSize}
        maxZoom={MAP.maxZoom}
      />
      <Markers sanctuaries={sanctuaries} selectedId={selectedId ?? null} {...(onSelect ? { onSelect } : {})} />
      <FitView sanctuaries={sanctuaries} userLocation={userLocation ?? null} {...(fitKey !== undefined ? { fitKey } : {})} />
    </MapContainer>
  );
}
