// Runs the shared domain search on the device over the local directory: no network, no waiting on sync.
// The gazetteer (to read "44101" or "Columbus, OH" as a place) is loaded on the first search that needs it.
import { useEffect, useMemo, useState } from 'react';
import type { Gazetteer, PlaceMatch } from '@ss/domain/gazetteer';
import type { LatLon } from '@ss/domain/geo';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { searchSanctuaries, withDistances } from '@ss/domain/search';
import { SERVICE_FILTER_FLAGS, type SearchCriteria } from '@ss/domain/search-criteria';
import { hasSearch, type SearchParams } from '../lib/search-params';
import { loadGazetteer } from './gazetteer';
import { useSanctuaries } from './use-sanctuaries';

export interface SearchOutcome {
  status: 'loading' | 'ready';
  /** A search was made (any criterion set); otherwise `results` is every sanctuary. */
  active: boolean;
  results: Sanctuary[];
  /** How many sanctuaries are on this device. */
  total: number;
  query: string | null;
  place: PlaceMatch | null;
  origin: LatLon | null;
  radiusLabel: string | null;
  /** The place list could not be loaded (first visit offline): text was searched as words only. */
  gazetteerError: boolean;
}

export function toCriteria(p: SearchParams): SearchCriteria {
  return {
    ...(p.q ? { query: p.q } : {}),
    ...(p.lat !== undefined && p.lon !== undefined ? { latitude: p.lat, longitude: p.lon } : {}),
    ...(p.radius !== undefined ? { radius: p.radius } : {}),
    ...(p.animal ? { animalTypes: [p.animal] } : {}),
    ...(p.service ? { [SERVICE_FILTER_FLAGS[p.service]]: true } : {}),
    ...(p.open ? { openNow: true } : {}),
  };
}

function useGazetteer(needed: boolean): { gazetteer: Gazetteer | null; loading: boolean; failed: boolean } {
  const [state, setState] = useState<{ gazetteer: Gazetteer | null; failed: boolean }>({ gazetteer: null, failed: false });
  useEffect(() => {
    if (!needed || state.gazetteer) return;
    let live = true;
    loadGazetteer().then(
      (gazetteer) => live && setState({ gazetteer, failed: false }),
      () => live && setState({ gazetteer: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [needed, state.gazetteer]);
  return { ...state, loading: needed && !state.gazetteer && !state.failed };
}

export function useSearchResults(params: SearchParams, earthRadiusMiles: number): SearchOutcome {
  const { status, sanctuaries, searchIndex } = useSanctuaries();
  const active = hasSearch(params);
  const { gazetteer, loading: gazetteerLoading, failed } = useGazetteer(Boolean(params.q));

  // Made once per snapshot of the directory, from the last one made (the text index, built by the first word search,
  // is carried over with the rest).
  const index = useMemo(() => searchIndex(), [searchIndex]);

  const outcome = useMemo(() => {
    if (!active) return { results: sanctuaries, place: null, origin: null, radius: null };
    const found = searchSanctuaries(toCriteria(params), index, { gazetteer, earthRadiusMiles });
    return { results: withDistances(found.results), place: found.place, origin: found.origin, radius: found.radius };
  }, [active, params, index, gazetteer, earthRadiusMiles, sanctuaries]);

  return {
    status: status === 'loading' || gazetteerLoading ? 'loading' : 'ready',
    active,
    results: outcome.results,
    total: sanctuaries.length,
    query: params.q ?? null,
    place: outcome.place,
    origin: outcome.origin,
    radiusLabel: outcome.origin ? (outcome.radius !== null ? `within ${outcome.radius} miles` : outcome.place?.kind === 'state' ? 'anywhere in the state' : 'any distance') : null,
    gazetteerError: failed,
  };
}
