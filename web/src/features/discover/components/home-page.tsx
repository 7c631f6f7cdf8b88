// Discover (/): the spec's seven parts in order — hero with search, filters, map, the 5 nearest, support,
// how it works, and 'Featured Sanctuaries' / 'Search Results'. Everything reads the local directory.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { HeartHandshake, Search, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LazyPart, lazyPart } from '../../../ui/lazy-part';
import { HOME_EARTH_RADIUS_MILES, HOME_MAX_RESULT_CARDS, HOME_NEAREST_COUNT, MESSAGES, TAGLINE } from '@ss/domain/constants';
import { useSearchResults } from '../../../data/use-search-results';
import { useSyncStatus } from '../../../data/sync-status';
import { useDirectoryPreview } from '../../../data/use-sanctuaries';
import { scheduleHomeSnapshot } from '../../../data/home-snapshot';
import type { SearchParams } from '../../../lib/search-params';
import { usePhoneLayout } from '../../../lib/use-media-query';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { config, isExternal } from '../../../config';
import { CardSkeleton } from '../../../ui/card-skeleton';
import { activeFilterCount, FiltersButton } from '../../../ui/filters-button';
import { SanctuaryCard } from '../../../ui/sanctuary-card';
import { SearchFilters } from '../../../ui/search-filters';
import { SearchSummary } from '../../../ui/search-summary';
import { SearchWidget } from '../../../ui/search-widget';
import { NearestList } from './nearest-list';

// Leaflet and its plugins load only when the map is on screen: at once on a wide screen, once scrolled to on a
// phone (where it starts below the hero and the filters).
// The phone's filters sheet brings a dialog library: its button paints at once, the sheet follows.
const FiltersSheet = lazyPart(() => import('../../../ui/filters-sheet').then((m) => m.FiltersSheet));
const SanctuaryMap = lazyPart(() => import('../../../ui/map/sanctuary-map').then((m) => m.SanctuaryMap));

export function HomePage() {
  const params = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const search = useSearchResults(params, HOME_EARTH_RADIUS_MILES);
  const neverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase !== 'offline');
  const loading = search.status === 'loading' || (search.total === 0 && neverSynced);
  // Without a search, while the directory is read (a cold start) or first synced (a first visit), the preview's
  // cards and count are shown: the device's own, or those the server rendered the page with.
  const preview = useDirectoryPreview();
  const previewing = loading && !search.active && preview !== null;
  const cards = previewing ? preview.first : search.results.slice(0, HOME_MAX_RESULT_CARDS);
  const shownTotal = previewing ? preview.total : search.results.length;
  const nearest = search.origin ? search.results.slice(0, HOME_NEAREST_COUNT) : [];
  const painted = cards.length > 0;
  const phone = usePhoneLayout();
  const applyFilters = (filters: Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>) =>
    void navigate({ search: { q: params.q, lat: params.lat, lon: params.lon, ...filters } });
  const mapBox = useRef<HTMLDivElement>(null);
  // On a phone the map sits in the first screen, under the Filters button: drawing it at once would load Leaflet and
  // its tiles while the page is still starting (Lighthouse measured /'s blocking time doubling, 960 → 1,940 ms). It
  // is drawn once the visitor scrolls, touches or types, or asks for it.
  const [mapWanted, setMapWanted] = useState(false);
  useEffect(() => {
    if (!phone || mapWanted) return;
    const want = () => setMapWanted(true);
    const events = ['scroll', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, want, { once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, want);
    };
  }, [phone, mapWanted]);
  const showMap = useNearViewport(mapBox, '100px') && (!phone || mapWanted);
  useEffect(() => {
    // For the cold-start benchmark: the first frame with result cards on screen.
    if (painted && !performance.getEntriesByName('ss:results-painted').length) {
      requestAnimationFrame(() => performance.mark('ss:results-painted'));
    }
  }, [painted]);
  // Without a search, once the directory itself is on screen, the page is kept as the next cold start's first frame.
  const settled = painted && !previewing && !search.active && search.status === 'ready';
  useEffect(() => (settled ? scheduleHomeSnapshot() : undefined), [settled, cards]);

  return (
    <>
      <section className="bg-gradient-to-b from-emerald-700 to-emerald-600 px-4 py-14 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Discover Animal Sanctuaries</h1>
          <p className="mt-4 text-lg text-emerald-50">{TAGLINE}. Visit, volunteer and support farm-animal sanctuaries and rescues across the US.</p>
          <div className="mt-8 text-left">
            <SearchWidget
              key={params.q ?? ''}
              variant="hero"
              initialQuery={params.q ?? ''}
              busy={search.status === 'loading'}
              onSearch={({ query, latitude, longitude }) =>
                void navigate({ search: { ...params, q: query || undefined, lat: latitude, lon: longitude } })
              }
            />
          </div>
        </div>
      </section>

      <section aria-label="Filters" className="mx-auto max-w-7xl px-4 pt-8">
        {/* On a phone the filters wait behind a button, as on /map, so the map and the results come next. */}
        {phone ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <LazyPart fallback={<FiltersButton active={activeFilterCount(params)} disabled />}>
              <FiltersSheet params={params} onApply={applyFilters} description="Choose which sanctuaries to show, then apply." />
            </LazyPart>
            <div className="min-w-0 flex-1 text-sm">
              <SearchSummary search={search} />
            </div>
          </div>
        ) : (
          <>
            <SearchFilters key={`${params.animal}-${params.service}-${params.radius}-${params.open}`} value={params} onApply={applyFilters} />
            <div className="mt-3">
              <SearchSummary search={search} />
            </div>
          </>
        )}
      </section>

      <section aria-label="Map" className="mx-auto mt-6 max-w-7xl px-4">
        <div ref={mapBox} data-snapshot="empty" className="h-[360px] overflow-hidden rounded-xl border border-gray-200 bg-emerald-50">
          {showMap ? (
            <LazyPart what="The map" fallback={<p className="p-4 text-sm text-gray-600">Loading map…</p>}>
              <SanctuaryMap
                sanctuaries={search.results}
                userLocation={search.origin && params.lat !== undefined ? search.origin : null}
                fitKey={search.status === 'ready' ? JSON.stringify(params) : undefined}
                onSelect={(id) => void navigate({ to: '/sanctuary/$id', params: { id } })}
              />
            </LazyPart>
          ) : (
            phone && !mapWanted ? (
              <div className="flex h-full items-center justify-center">
                <button type="button" onClick={() => setMapWanted(true)} className="min-h-11 rounded-md border border-emerald-600 bg-white px-5 font-semibold text-emerald-700">
                  Show the map
                </button>
              </div>
            ) : (
              <p className="p-4 text-sm text-gray-600">Loading map…</p>
            )
          )}
        </div>
      </section>

      {nearest.length ? <NearestList sanctuaries={nearest} /> : null}

      <section aria-labelledby="support-heading" className="mt-12 bg-amber-50 px-4 py-12">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="support-heading" className="text-2xl font-bold">Support the Sanctuary Network</h2>
          <p className="mt-3 text-gray-700">
            Sanctuary Seekers is free. Donations help build a network of healing farm sanctuaries, starting in Northeast Ohio.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a
              href={config.supportUrl}
              {...(isExternal(config.supportUrl) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="rounded-md bg-amber-500 px-5 py-2 font-semibold text-gray-900 hover:bg-amber-400"
            >
              Donate
            </a>
            <Link to="/about" className="rounded-md border border-gray-400 px-5 py-2 font-semibold text-gray-800 hover:bg-white">
              Learn about our mission
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="how-heading" className="text-center text-2xl font-bold">How It Works</h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {[
            { Icon: Search, title: '1. Search', text: 'Look up sanctuaries by city, state, ZIP code or your current location — even with no signal.' },
            { Icon: HeartHandshake, title: '2. Connect', text: 'Open a profile to see the animals they care for, visiting hours, tours and volunteer opportunities.' },
            { Icon: Star, title: '3. Share', text: 'Visit, then review your experience with photos to help other Seekers.' },
          ].map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
              <Icon aria-hidden className="mx-auto h-8 w-8 text-emerald-600" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-gray-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 pb-12">
        <div className="flex items-end justify-between gap-4">
          <h2 id="results-heading" className="text-2xl font-bold">{search.active ? 'Search Results' : 'Featured Sanctuaries'}</h2>
          {!loading || previewing ? <p className="shrink-0 text-sm text-gray-600">{shownTotal} {shownTotal === 1 ? 'sanctuary' : 'sanctuaries'}</p> : null}
        </div>
        {loading && !previewing ? (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading sanctuaries">
            {Array.from({ length: 3 }, (_, i) => <CardSkeleton key={i} />)}
          </div>
        ) : cards.length === 0 ? (
          <p className="mt-6 rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{MESSAGES.noSanctuariesFound}</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((s) => (
              <li key={s.id} className="flex">
                <SanctuaryCard sanctuary={s} />
              </li>
            ))}
          </ul>
        )}
        {shownTotal > HOME_MAX_RESULT_CARDS ? (
          <div className="mt-8 text-center">
            <Link to="/map" search={params} className="inline-block rounded-md border border-emerald-600 px-5 py-2 font-semibold text-emerald-700 hover:bg-emerald-50">
              View All Sanctuaries
            </Link>
          </div>
        ) : null}
      </section>
    </>
  );
}
