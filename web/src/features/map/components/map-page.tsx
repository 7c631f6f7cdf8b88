// /map: 'Find Sanctuaries + Rescues' — search, filters, the map on the left and the lettered list on the
// right, a 'Selected Location' card, and sorting by distance from the user. Reads the local directory only; until
// that is there (a first visit, a cold start) the count and the first lines of the list are the ones the gateway
// rendered the page with (page data's mapList), so its HTML is the app's own and is hydrated as it is. The map itself
// (Leaflet needs a browser) is drawn once the app runs, its code loaded then.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowDownWideNarrow, X } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ComponentProps, type Ref } from 'react';
import { LazyPart, lazyPart } from '../../../ui/lazy-part';
import { MAP_EARTH_RADIUS_MILES, MAP_SERVED_LIST_ITEMS, MESSAGES } from '@ss/domain/constants';
import type { ListedPlace } from '@ss/domain/page-data';
import { distanceMiles } from '@ss/domain/geo';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { pageData } from '../../../data/page-data';
import { useSyncStatus } from '../../../data/sync-status';
import { useSearchResults } from '../../../data/use-search-results';
import { letterFor } from '../../../lib/letters';
import { useGeolocation } from '../../../lib/use-geolocation';
import { SearchFilters } from '../../../ui/search-filters';
import { SearchWidget, type SearchRequest } from '../../../ui/search-widget';
import { SearchSummary } from '../../../ui/search-summary';
import { toast } from '../../../ui/toast';
import type { Bounds } from '../../../lib/tiles';
import { SaveArea } from './save-area';
import { PHONE_MAP_CONTROL_EDGE, PhoneMap } from './phone-map';
import { SHEET_PEEK_HEIGHT, type SheetSnap } from '../../../ui/bottom-sheet';
import { usePhoneLayout } from '../../../lib/use-media-query';
import type { SearchParams } from '../../../lib/search-params';
import { useHydrated } from '../../../lib/use-hydrated';
import { useGrowingList } from '../../../lib/use-growing-list';

const LazyMap = lazyPart(() => import('../../../ui/map/sanctuary-map').then((m) => m.SanctuaryMap));

/**
 * The interactive map once the app runs in a browser; until then (the server's HTML, hydration, its code loading) a
 * picture of the country in its place (drawn at build time: scripts/copy-map-assets.mjs), which works offline too.
 */
function SanctuaryMap(props: ComponentProps<typeof LazyMap>) {
  const placeholder = (
    <div className={`relative flex h-full min-h-[320px] w-full items-center justify-center bg-emerald-50 ${props.className ?? ''}`}>
      <img src="/geo/us-states.svg" alt="" width={975} height={610} fetchPriority="high" className="max-h-full w-full object-contain p-4 opacity-70" />
      <p className="absolute inset-x-0 top-4 text-center text-sm text-gray-700">Loading map…</p>
    </div>
  );
  if (!useHydrated()) return placeholder;
  return (
    <LazyPart what="The map" fallback={placeholder}>
      <LazyMap {...props} />
    </LazyPart>
  );
}

/** What PhoneMap lays over the map: its location button top right (12 px in, 44 wide), its results sheet peeking at the bottom. */
const PHONE_MAP_OVERLAYS = { right: PHONE_MAP_CONTROL_EDGE, bottom: SHEET_PEEK_HEIGHT };

export function MapPage() {
  const params = useSearch({ from: '/map' });
  const navigate = useNavigate({ from: '/map' });
  const search = useSearchResults(params, MAP_EARTH_RADIUS_MILES);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [sortByUser, setSortByUser] = useState(false);
  const [mapView, setMapView] = useState<{ bounds: Bounds; zoom: number } | null>(null);
  const user = useGeolocation();
  const phone = usePhoneLayout();
  // The phone's results sheet: while it peeks its list is hidden, and the list stays at the lines it was served with.
  const [sheet, setSheet] = useState<SheetSnap>('peek');
  // Bumped by the phone's "my location" control: the map fits itself to the user again.
  const [recentred, setRecentred] = useState(0);
  const recentre = async () => {
    if (user.latitude === null && !(await user.locate())) {
      toast({ title: MESSAGES.locationErrorTitle, description: useGeolocation.getState().error ?? MESSAGES.locationErrorFallback, variant: 'destructive' });
      return;
    }
    setRecentred((n) => n + 1);
  };
  // Chosen from the keyboard (Enter on a list item or a marker): focus goes to the 'Selected Location' card's
  // 'View Details', which otherwise sits behind every marker and list item in the tab order.
  const focusDetails = useRef(false);
  const viewDetails = useRef<HTMLAnchorElement>(null);
  const select = useCallback((id: string, { byKeyboard }: { byKeyboard: boolean }) => {
    focusDetails.current = byKeyboard;
    setSelectedId(id);
  }, []);

  const list: Sanctuary[] = useMemo(() => {
    if (!sortByUser || user.latitude === null || user.longitude === null) return search.results;
    const here = { latitude: user.latitude, longitude: user.longitude };
    return search.results
      .map((s) => ({ ...s, distance: distanceMiles(here, s, MAP_EARTH_RADIUS_MILES) }))
      .sort((a, b) => a.distance - b.distance);
  }, [search.results, sortByUser, user.latitude, user.longitude]);

  // A first visit (nothing synced yet) or a cold start (the directory still being read), without a search: the list as
  // the page was served, if it was.
  const neverSynced = useSyncStatus((st) => st.lastSyncedAt === null && st.phase !== 'offline');
  const waiting = search.status === 'loading' || (search.total === 0 && neverSynced);
  const served = waiting && !search.active ? pageData().mapList : undefined;

  const selected = selectedId ? list.find((s) => s.id === selectedId) : undefined;
  const selectedIndex = selected ? list.indexOf(selected) : -1;
  useEffect(() => {
    if (!selectedId || !focusDetails.current) return;
    focusDetails.current = false;
    viewDetails.current?.focus();
  }, [selectedId]);
  const userLocation = user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude } : null;

  const sortByDistance = async () => {
    if (userLocation) return setSortByUser(true);
    const position = await user.locate();
    if (position) setSortByUser(true);
    else toast({ title: MESSAGES.locationErrorTitle, description: useGeolocation.getState().error ?? MESSAGES.locationErrorFallback, variant: 'destructive' });
  };

  const found = served ? `${served.total} found` : search.status === 'loading' ? 'Loading...' : `${list.length} found`;
  const sortButton = (
    <button
      type="button"
      onClick={() => void sortByDistance()}
      aria-pressed={sortByUser}
      className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-50 aria-pressed:border-emerald-600 aria-pressed:text-emerald-700"
    >
      <ArrowDownWideNarrow aria-hidden className="h-4 w-4" />
      Sort by distance
    </button>
  );
  // The list follows in the background (a transition React renders in slices), while the count and the map are
  // already current, and its lines past the served page's first ones are added a step at a time: hundreds of lines
  // arriving with the first sync would otherwise be one long commit.
  // A phone whose sheet peeks shows no list: the lines past the first step wait until the sheet opens (on /map's first
  // visit on a phone they were ~1,900 of the page's ~2,600 elements, built for no one).
  const shownList = useGrowingList(useDeferredValue(served ? served.first : list), MAP_SERVED_LIST_ITEMS, !phone || sheet !== 'peek');
  const resultsList = <ResultsList list={shownList} loading={search.status === 'loading'} selectedId={selectedId} onSelect={select} />;
  const onSearch = ({ query, latitude, longitude }: SearchRequest) => {
    setSelectedId(null);
    void navigate({ search: { ...params, q: query || undefined, lat: latitude, lon: longitude } });
  };
  const onApplyFilters = (filters: Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>) => {
    setSelectedId(null);
    void navigate({ search: { q: params.q, lat: params.lat, lon: params.lon, ...filters } });
  };

  if (phone) {
    return (
      <PhoneMap
        params={params}
        busy={search.status === 'loading'}
        onSearch={onSearch}
        onApplyFilters={onApplyFilters}
        summary={<SearchSummary search={search} />}
        saveArea={<SaveArea view={mapView} label={search.place?.label ?? (params.q ? params.q : 'Map area')} />}
        map={
          <SanctuaryMap
            sanctuaries={list}
            selectedId={selectedId}
            onSelect={select}
            userLocation={userLocation}
            fitKey={search.status === 'ready' ? `${JSON.stringify(params)}#${recentred}` : undefined}
            onViewChange={setMapView}
            overlays={PHONE_MAP_OVERLAYS}
            className="!min-h-0"
          />
        }
        onRecentre={() => void recentre()}
        found={found}
        sortButton={sortButton}
        selected={selected ? <SelectedCard selected={selected} index={selectedIndex} onClose={() => setSelectedId(null)} detailsRef={viewDetails} className="mx-3 mb-2 border border-gray-200" /> : null}
        selectedId={selectedId}
        snap={sheet}
        onSnapChange={setSheet}
      >
        {resultsList}
      </PhoneMap>
    );
  }

  // On a wide screen the map and the list take what the window has left under the search, so the whole map (and
  // every result fitted on it) is in view without scrolling; the page scrolls only on a window too short for that
  // (the wrapper's min-height). The site header's height is --header-h (styles.css, measured by the header).
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:h-[calc(100dvh-var(--header-h))] lg:min-h-[34rem] lg:flex-col">
      <h1 className="text-3xl font-bold">Find Sanctuaries + Rescues</h1>
      <div className="mt-4 space-y-4">
        <SearchWidget key={params.q ?? ''} initialQuery={params.q ?? ''} busy={search.status === 'loading'} onSearch={onSearch} />
        <SearchFilters key={`${params.animal}-${params.service}-${params.radius}-${params.open}`} value={params} onApply={onApplyFilters} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SearchSummary search={search} />
          <SaveArea view={mapView} label={search.place?.label ?? (params.q ? params.q : 'Map area')} />
        </div>
      </div>

      <div className="mt-6 grid gap-4 lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[minmax(0,1fr)]">
        <section aria-label="Map" className="relative h-[50vh] overflow-hidden rounded-xl border border-gray-200 lg:h-auto">
          <SanctuaryMap
            sanctuaries={list}
            selectedId={selectedId}
            onSelect={select}
            userLocation={userLocation}
            fitKey={search.status === 'ready' ? JSON.stringify(params) : undefined}
            onViewChange={setMapView}
          />
          {selected ? <SelectedCard selected={selected} index={selectedIndex} onClose={() => setSelectedId(null)} detailsRef={viewDetails} className="absolute inset-x-3 bottom-3 z-[1000] border border-gray-200 shadow-lg sm:left-auto sm:w-80" /> : null}
        </section>

        <section aria-labelledby="list-heading" className="flex max-h-[70vh] flex-col rounded-xl border border-gray-200 bg-white lg:max-h-none lg:min-h-0">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 p-4">
            <div>
              <h2 id="list-heading" className="text-lg font-semibold">Sanctuaries + Rescues Near You</h2>
              <p className="text-sm text-gray-600" aria-live="polite">
                {found}
              </p>
            </div>
            {sortButton}
          </div>
          {resultsList}
        </section>
      </div>
    </div>
  );
}

function SelectedCard({ selected, index, onClose, detailsRef, className }: { selected: Sanctuary; index: number; onClose: () => void; detailsRef: Ref<HTMLAnchorElement>; className: string }) {
  return (
    <aside aria-labelledby="selected-heading" className={`rounded-lg bg-white p-4 ${className}`}>
      <div className="flex items-start justify-between gap-2">
        <h2 id="selected-heading" className="text-xs font-semibold uppercase tracking-wide text-gray-500">Selected Location</h2>
        <button type="button" onClick={onClose} aria-label="Close selected location" className="rounded p-1 hover:bg-gray-100">
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
      <p className="mt-1 flex items-center gap-2 font-semibold">
        <span aria-hidden className="map-letter !h-6 !w-6 !text-[11px]">{letterFor(index)}</span>
        {selected.name}
      </p>
      <p className="text-sm text-gray-600">
        {selected.city}, {selected.state}
        {selected.distance !== undefined ? ` · ${selected.distance.toFixed(1)} mi` : ''}
      </p>
      <Link ref={detailsRef} to="/sanctuary/$id" params={{ id: selected.id }} className="mt-3 inline-block rounded-md bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700">
        View Details
      </Link>
    </aside>
  );
}

const ResultsList = memo(function ResultsList({
  list,
  loading,
  selectedId,
  onSelect,
}: {
  list: ReadonlyArray<ListedPlace & { distance?: number }>;
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string, how: { byKeyboard: boolean }) => void;
}) {
  if (!loading && list.length === 0) {
    return (
      <div className="p-8 text-center">
        <p className="font-semibold">{MESSAGES.noLocationsFound}</p>
        <p className="text-gray-600">{MESSAGES.noLocationsHint}</p>
      </div>
    );
  }
  return (
    // relative: the screen-reader-only letters (position: absolute) are clipped by this scrolling box instead of
    // stretching the page below the footer.
    <ol className="relative divide-y divide-gray-100 overflow-y-auto" aria-label="Results">
      {list.map((s, i) => (
        <ResultLine key={s.id} place={s} letter={letterFor(i)} selected={s.id === selectedId} onSelect={onSelect} />
      ))}
    </ol>
  );
});

/**
 * One line of the list. Its own memoised component: when the list grows by a step or a place is selected, the lines
 * already there whose place, letter and selection are unchanged are not rendered again.
 */
const ResultLine = memo(function ResultLine({
  place,
  letter,
  selected,
  onSelect,
}: {
  place: ListedPlace & { distance?: number };
  letter: string;
  selected: boolean;
  onSelect: (id: string, how: { byKeyboard: boolean }) => void;
}) {
  return (
    <li className="result-line">
      <button
        type="button"
        // detail is 0 for a click made with Enter or Space.
        onClick={(e) => onSelect(place.id, { byKeyboard: e.detail === 0 })}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full items-start gap-3 p-3 text-left hover:bg-emerald-50 ${selected ? 'bg-emerald-50' : ''}`}
      >
        <span aria-hidden className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-xs font-bold text-white">
          {letter}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-gray-900">
            <span className="sr-only">{letter}: </span>
            {place.name}
          </span>
          <span className="place-pin flex items-center gap-1 text-sm text-gray-600">
            {place.city}, {place.state}
            {place.distance !== undefined ? ` · ${place.distance.toFixed(1)} mi` : ''}
          </span>
        </span>
      </button>
    </li>
  );
});
