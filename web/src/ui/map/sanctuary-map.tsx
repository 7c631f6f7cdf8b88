// The interactive map: OpenStreetMap tiles, lettered markers that cluster when dense, the spec's map
// constants. Loaded only on screens that show a map.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { CLUSTER_MAX_ZOOM, clusterSource, type Drawable } from './cluster-index';
import { StateOutlines } from './state-outlines';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { MAP } from '@ss/domain/constants';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { letterFor } from '../../lib/letters';
import { TILE_ATTRIBUTION, TILE_URL, tileZoomOffset, type Bounds } from '../../lib/tiles';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

interface Props {
  sanctuaries: Sanctuary[];
  selectedId?: string | null;
  /** A marker was chosen; `byKeyboard` when with Enter or Space on a focused marker (the caller may move focus). */
  onSelect?: (id: string, how: { byKeyboard: boolean }) => void;
  userLocation?: MapPoint | null;
  /** Told the visible area and zoom after every move (for saving an area for offline use). */
  onViewChange?: (view: { bounds: Bounds; zoom: number }) => void;
  /** Changes whenever a new search should refit the view; undefined while results are still being worked out. */
  fitKey?: string;
  /** What the screen lays over the map's edges (see resultsFit). */
  overlays?: MapOverlays;
  className?: string;
}

const BOUNDS = L.latLngBounds([MAP.bounds.south, MAP.bounds.west], [MAP.bounds.north, MAP.bounds.east]);

/** What covers the map's edges, in CSS pixels from each edge: a control or a sheet laid over it by its screen. */
export interface MapOverlays {
  right?: number;
  bottom?: number;
}

/**
 * How far Leaflet's zoom buttons (top left on every map) reach in from the map's left edge: 12 px in and 44 px wide
 * on a phone (the 44 px tap-target rule, styles.css), 43 px on a wider screen. The fit keeps clear of the phone's.
 */
const ZOOM_CONTROL_RIGHT_EDGE = 12 + 44;
/** A marker's tap target is this big, centred on its place: the 30 px letter drawn in the middle of it. */
const MARKER_TARGET = 44;
/** A marker reaches this far from its place (its tap target, centred), plus one pixel of air. */
const MARKER_REACH = MARKER_TARGET / 2 + 1;
/** The least space kept between the results and the map's edges. */
const EDGE = 30;

/**
 * How a search's results are fitted into view (FitView), and so how a map that starts with them is first shown: clear
 * of the map's edges, and of what lies over them (the zoom buttons; on a phone, its location button and results sheet),
 * so no result is fitted under a control.
 */
function resultsFit(overlays: MapOverlays = {}): L.FitBoundsOptions {
  const clear = (covered = 0) => Math.max(EDGE, covered + MARKER_REACH);
  return { paddingTopLeft: [clear(ZOOM_CONTROL_RIGHT_EDGE), EDGE], paddingBottomRight: [clear(overlays.right), clear(overlays.bottom)], maxZoom: 12 };
}

/**
 * The area a search's results are fitted to. Alaska and Hawaii would shrink the lower 48 to a corner of the map: the
 * listings in the contiguous US when there are some (the others are a pan away), and all of them when there are none
 * (a search in Alaska).
 */
function resultsBounds(sanctuaries: readonly Sanctuary[]): L.LatLngBounds {
  const points = sanctuaries.map((s) => [s.latitude, s.longitude] as L.LatLngTuple);
  const contiguous = points.filter((p) => BOUNDS.contains(p));
  return L.latLngBounds(contiguous.length ? contiguous : points);
}

type InitialView = ({ center: L.LatLngExpression; zoom: number } | { bounds: L.LatLngBounds }) & { fitted?: string };

/**
 * Where the map starts. When the search's results (or the user's place) are already known as it is created, it starts
 * as FitView would fit it (`fitted`: that search's key), instead of starting elsewhere and jumping at once: a jump
 * projects every layer again, in the same task as the map's creation.
 */
export function initialView(userLocation: MapPoint | null | undefined, sanctuaries: readonly Sanctuary[], fitKey: string | undefined): InitialView {
  const fitted = fitKey !== undefined && (userLocation || sanctuaries.length > 0) ? { fitted: fitKey } : {};
  if (userLocation) {
    const zoom = fitted.fitted !== undefined ? MAP.refitZoomWithUserLocation : MAP.zoomWithUserLocation;
    return { center: [userLocation.latitude, userLocation.longitude], zoom, ...fitted };
  }
  if (fitted.fitted !== undefined) return { bounds: resultsBounds(sanctuaries), ...fitted };
  const first = sanctuaries[0];
  if (first) return { center: [first.latitude, first.longitude], zoom: MAP.zoomWithResults };
  return { center: [MAP.defaultCenter.latitude, MAP.defaultCenter.longitude], zoom: MAP.zoomDefault };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A lettered marker whose accessible name is "A: Sanctuary name", like its list item. */
function letterIcon(letter: string, name: string, selected: boolean) {
  return L.divIcon({
    // A 44 px tap target (WCAG 2.5.5) centred on the place, on every screen; the letter is centred in it (styles.css).
    className: 'map-marker',
    html: `<span aria-hidden="true" class="map-letter${selected ? ' map-letter--selected' : ''}">${letter}</span><span class="sr-only">${letter}: ${escapeHtml(name)}</span>`,
    iconSize: [MARKER_TARGET, MARKER_TARGET],
    iconAnchor: [MARKER_TARGET / 2, MARKER_TARGET / 2],
  });
}

/** A cluster's icon: a 32 px disc in a 4 px ring (styles.css). */
const CLUSTER_ICON = 40;
/** What is drawn beyond the visible area on each side, as a share of it, so a short pan finds its markers there. */
const DRAW_MARGIN = 0.5;

function clusterIcon(count: number) {
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return L.divIcon({ className: `marker-cluster marker-cluster-${size}`, html: `<div><span>${count}</span></div>`, iconSize: [CLUSTER_ICON, CLUSTER_ICON] });
}

/**
 * Where each result of a view with no clusters is drawn: at its place, except results whose targets would cover each
 * other, which are set on a circle around where they are (as a cluster library "spiders" them, but without a tap).
 */
export function spread(map: L.Map, items: readonly { key: string; at: L.LatLng }[], zoom: number): Map<string, L.LatLng> {
  const groups: { centre: L.Point; members: typeof items }[] = [];
  for (const item of items) {
    const p = map.project(item.at, zoom);
    const group = groups.find((g) => g.centre.distanceTo(p) < MARKER_TARGET);
    if (group) (group.members as { key: string; at: L.LatLng }[]).push(item);
    else groups.push({ centre: p, members: [item] });
  }
  const placed = new Map<string, L.LatLng>();
  for (const { centre, members } of groups) {
    if (members.length === 1) {
      placed.set(members[0]!.key, members[0]!.at);
      continue;
    }
    // Far enough out that neighbours on the circle (a chord of 2r·sin(π/n) apart) do not cover each other.
    const radius = Math.max(MARKER_TARGET, MARKER_TARGET / (2 * Math.sin(Math.PI / members.length)));
    members.forEach((m, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / members.length;
      placed.set(m.key, map.unproject(centre.add([radius * Math.cos(angle), radius * Math.sin(angle)]), zoom));
    });
  }
  return placed;
}

interface Drawn {
  marker: L.Marker;
  /** What its icon shows; the icon is made again only when this changes. */
  look: string;
}

/**
 * The results on the map: only those in and near the view are drawn (a marker per result or cluster there, not one
 * per result: the map stays light at tens of thousands), and drawn again after every move or zoom, reusing the markers
 * that stay. A cluster's tap zooms in to where it splits.
 */
function Markers({ sanctuaries, selectedId, onSelect }: Pick<Props, 'sanctuaries' | 'selectedId' | 'onSelect'>) {
  const map = useMap();
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);
  // The results' index (cluster-index: on the page, or in a worker for a long list), made again when they change.
  const [source, setSource] = useState<{ of: readonly Sanctuary[]; index: ReturnType<typeof clusterSource> } | null>(null);
  useEffect(() => {
    const index = clusterSource(sanctuaries);
    setSource({ of: sanctuaries, index });
    return () => index.close();
  }, [sanctuaries]);
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  }, [source]);
  const [layer] = useState(() => L.layerGroup());
  const drawnRef = useRef(new Map<string, Drawn>());

  useEffect(() => {
    layer.addTo(map);
    const drawn = drawnRef.current;
    return () => {
      layer.remove();
      layer.clearLayers();
      drawn.clear();
    };
  }, [map, layer]);

  useEffect(() => {
    if (!source) return;
    const { of: list, index } = source;
    const drawn = drawnRef.current;
    let asked = 0;
    let live = true;
    const put = (features: Drawable[], zoom: number) => {
      const wanted = new Map<string, { at: L.LatLng; look: string; icon: () => L.DivIcon; make: (icon: L.DivIcon) => L.Marker }>();
      const single: { key: string; at: L.LatLng }[] = [];
      for (const f of features) {
        const at = L.latLng(f.latitude, f.longitude);
        if ('clusterId' in f) {
          const { count, clusterId } = f;
          wanted.set(`cluster:${f.latitude},${f.longitude}:${count}`, {
            at,
            look: String(count),
            icon: () => clusterIcon(count),
            make: (icon) => {
              const marker = L.marker(at, { icon, keyboard: true });
              // Zoomed in to where it splits, centred on what it holds.
              marker.on('click', () => {
                void index.opening(clusterId).then(
                  (to) => map.setView([to.latitude, to.longitude], to.zoom),
                  () => map.setView(at, Math.min(map.getZoom() + 2, MAP.maxZoom)),
                );
              });
              return marker;
            },
          });
          continue;
        }
        const s = list[f.i];
        if (!s) continue;
        const letter = letterFor(f.i);
        const selected = s.id === selectedId;
        single.push({ key: s.id, at });
        wanted.set(s.id, {
          at,
          look: `${letter}|${selected ? 1 : 0}|${s.name}`,
          icon: () => letterIcon(letter, s.name, selected),
          make: (icon) => {
            const marker = L.marker(at, { icon, keyboard: true, riseOnHover: true });
            marker.on('click', () => onSelectRef.current?.(s.id, { byKeyboard: false }));
            // Focused markers are buttons (keyboard: true): Enter or Space chooses one, other keys stay the map's.
            marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
              if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
              e.originalEvent.preventDefault();
              onSelectRef.current?.(s.id, { byKeyboard: true });
            });
            return marker;
          },
        });
      }
      // At the deepest zoom nothing clusters: results at one place are set around it.
      if (zoom > CLUSTER_MAX_ZOOM) for (const [key, at] of spread(map, single, zoom)) wanted.get(key)!.at = at;
      for (const [key, entry] of drawn) {
        const want = wanted.get(key);
        if (!want) {
          layer.removeLayer(entry.marker);
          drawn.delete(key);
          continue;
        }
        if (!want.at.equals(entry.marker.getLatLng())) entry.marker.setLatLng(want.at);
        if (want.look !== entry.look) {
          entry.marker.setIcon(want.icon());
          entry.look = want.look;
        }
      }
      for (const [key, want] of wanted) {
        if (drawn.has(key)) continue;
        const marker = want.make(want.icon());
        marker.setLatLng(want.at);
        layer.addLayer(marker);
        drawn.set(key, { marker, look: want.look });
      }
    };
    const draw = () => {
      const zoom = map.getZoom();
      const b = map.getBounds().pad(DRAW_MARGIN);
      const ask = ++asked;
      // Only the answer to the latest question is drawn (a worker's may come after the map has moved again).
      void index.drawables([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom).then(
        (features) => live && ask === asked && put(features, zoom),
        (err: unknown) => console.warn('[map] could not place the results', err),
      );
    };
    draw();
    map.on('moveend', draw);
    return () => {
      live = false;
      map.off('moveend', draw);
    };
  }, [map, layer, source, selectedId]);

  // A result chosen in the list is brought into view: zoomed in until it stands on its own, then centred.
  useEffect(() => {
    const current = latest.current;
    if (!selectedId || !current) return;
    const i = current.of.findIndex((s) => s.id === selectedId);
    const s = current.of[i];
    if (!s) return;
    const place: L.LatLngTuple = [s.latitude, s.longitude];
    void current.index.zoomShowing(i, s, map.getZoom()).then(
      (z) => {
        const zoom = Math.min(z, MAP.maxZoom);
        if (zoom > map.getZoom()) map.setView(place, zoom);
        else map.panTo(place);
      },
      () => map.panTo(place),
    );
  }, [selectedId, map]);

  return null;
}

function FitView({ sanctuaries, userLocation, fitKey, initialFit, fit }: Pick<Props, 'sanctuaries' | 'userLocation' | 'fitKey'> & { initialFit: string | undefined; fit: L.FitBoundsOptions }) {
  const map = useMap();
  // Refit once per search: when its key changes, or when its results first arrive (the directory may still be
  // loading when the map mounts) — not on every live data change afterwards. A map created already fitted to its
  // search (initialView) starts with that search's key.
  const fitted = useRef<string | null>(initialFit ?? null);
  // The view the last fit to the results made. While the map still shows it (nobody has moved it since), a change of
  // the map's size (a phone turned, the window resized, the header's real height known) fits the results again.
  const fittedView = useRef<{ bounds: L.LatLngBounds; center: L.LatLng; zoom: number } | null>(null);
  const remember = useCallback(
    (bounds: L.LatLngBounds) => {
      fittedView.current = { bounds, center: map.getCenter(), zoom: map.getZoom() };
    },
    [map],
  );
  // A map created already fitted to its results.
  const [initial] = useState(() => (initialFit !== undefined && !userLocation && sanctuaries.length > 0 ? resultsBounds(sanctuaries) : null));
  useEffect(() => {
    if (initial) map.whenReady(() => remember(initial));
  }, [map, initial, remember]);
  useEffect(() => {
    const refit = () => {
      const view = fittedView.current;
      if (!view || map.getZoom() !== view.zoom) return;
      // A resize keeps the centre (to within a pixel's rounding); a pan or a zoom since the fit does not.
      if (map.project(map.getCenter(), view.zoom).distanceTo(map.project(view.center, view.zoom)) > 1) return;
      map.fitBounds(view.bounds, { ...fit, animate: false });
      remember(view.bounds);
    };
    map.on('resize', refit);
    return () => {
      map.off('resize', refit);
    };
  }, [map, fit, remember]);
  const ready = Boolean(userLocation) || sanctuaries.length > 0;
  useEffect(() => {
    // No key yet: the search is still working out its results (e.g. loading the place list).
    if (fitKey === undefined) return;
    const key = fitKey;
    if (!ready || fitted.current === key) return;
    // The first fit jumps: the map has shown nothing yet that a zoom animation would help follow, and the animation's
    // frames and its end (every layer projected again) were the map's longest tasks after its creation.
    const animate = fitted.current !== null;
    fitted.current = key;
    fittedView.current = null;
    if (userLocation) {
      map.setView([userLocation.latitude, userLocation.longitude], MAP.refitZoomWithUserLocation, { animate });
      return;
    }
    const bounds = resultsBounds(sanctuaries);
    if (animate) rememberUnlessMoved(map, () => fitted.current === key && remember(bounds));
    map.fitBounds(bounds, { ...fit, animate });
    if (!animate) remember(bounds);
  }, [fitKey, ready, map, sanctuaries, userLocation, fit, remember]);
  return null;
}

const READER_MOVES = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * Calls `remember` when the animated fit that is starting ends, unless the reader took hold of the map meanwhile (a
 * drag or a zoom stops the animation, and the view it ends on is theirs, not the fit's).
 */
export function rememberUnlessMoved(map: L.Map, remember: () => void) {
  const container = map.getContainer();
  let moved = false;
  const took = () => {
    moved = true;
  };
  for (const type of READER_MOVES) container.addEventListener(type, took, { capture: true, passive: true });
  map.once('moveend', () => {
    for (const type of READER_MOVES) container.removeEventListener(type, took, { capture: true });
    if (!moved) remember();
  });
}

/** Leaflet follows the window's size by itself, not its container's: a layout change (the header's height, a sheet) is told to it. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function ViewReporter({ onViewChange }: { onViewChange: NonNullable<Props['onViewChange']> }) {
  const map = useMap();
  const report = useRef(onViewChange);
  useEffect(() => {
    report.current = onViewChange;
  }, [onViewChange]);
  useEffect(() => {
    const send = () => {
      const b = map.getBounds();
      report.current({ bounds: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, zoom: map.getZoom() });
    };
    map.whenReady(send);
    map.on('moveend', send);
    return () => {
      map.off('moveend', send);
    };
  }, [map]);
  return null;
}

export function SanctuaryMap({ sanctuaries, selectedId, onSelect, userLocation, fitKey, onViewChange, overlays, className = '' }: Props) {
  // Screens pass a module constant, so the options are made once.
  const fit = useMemo(() => resultsFit(overlays), [overlays]);
  const view = useMemo(() => initialView(userLocation, sanctuaries, fitKey), []); // eslint-disable-line react-hooks/exhaustive-deps
  // The state outlines are drawn once the search has its results (or once it is known it has none), and so once the
  // view has been fitted to them: outlines drawn before that fit were all projected again by it, in one task of its
  // own. Once drawn they stay, through the next searches.
  const [outlines, setOutlines] = useState(false);
  if (!outlines && (fitKey !== undefined || userLocation)) setOutlines(true);
  // The spec limits panning to the contiguous US; widen it just enough to reach listings outside it (Hawaii).
  const maxBounds = useMemo(
    () => sanctuaries.reduce((b, s) => b.extend([s.latitude, s.longitude]), L.latLngBounds(BOUNDS.getSouthWest(), BOUNDS.getNorthEast())).pad(0.1),
    [sanctuaries],
  );
  return (
    <MapContainer
      {...('bounds' in view ? { bounds: view.bounds, boundsOptions: fit } : { center: view.center, zoom: view.zoom })}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      maxBounds={maxBounds}
      scrollWheelZoom={MAP.scrollWheelZoom}
      // isolate: Leaflet's panes and controls (z-index 400–1000) stay inside the map instead of painting over the
      // sticky header and the phone's tab bar.
      className={`isolate h-full min-h-[320px] w-full ${className}`}
      aria-label="Map of sanctuaries"
    >
      {outlines ? <StateOutlines /> : null}
      <TileLayer
        url={TILE_URL}
        attribution={TILE_ATTRIBUTION}
        tileSize={MAP.tileSize}
        // On a high-resolution screen, the next zoom's tiles at half size (lib/tiles tileZoomOffset); Leaflet then
        // shows the layer up to one zoom less than this, so it is given one more than the map's deepest.
        detectRetina={tileZoomOffset() === 1}
        maxZoom={MAP.maxZoom + tileZoomOffset()}
      />
      <Markers sanctuaries={sanctuaries} selectedId={selectedId ?? null} {...(onSelect ? { onSelect } : {})} />
      {onViewChange ? <ViewReporter onViewChange={onViewChange} /> : null}
      <SizeWatcher />
      <FitView sanctuaries={sanctuaries} userLocation={userLocation ?? null} initialFit={view.fitted} fit={fit} {...(fitKey !== undefined ? { fitKey } : {})} />
    </MapContainer>
  );
}
