// Search criteria: the spec's fields plus our service filters and "open now", and their query-string form
// (GET /api/sanctuaries/search and the web app's URL): the type, flags and query-string writer the web app needs
// at start. The gateway parses the query string with search-query.ts (a schema; none is built at the app's start).
import { RADIUS_OPTIONS, type AnimalType, type ServiceFilterId } from './constants.ts';

/**
 * What a Seeker asks for. Flags filter only when true: false or absent means "don't care", so an unticked box
 * never hides anything.
 */
export interface SearchCriteria {
  /** Free text: a place ("44101", "Columbus, OH", "Ohio") or words to find in names, towns and descriptions. */
  query?: string;
  /** An explicit origin (e.g. the device's location); wins over a place typed in `query`. */
  latitude?: number;
  longitude?: number;
  /** Miles from the origin. The last radius option (500, 'Any distance') means no limit. */
  radius?: number;
  /** Sanctuaries caring for at least one of these. */
  animalTypes?: readonly AnimalType[];
  hasVolunteerOpportunities?: boolean;
  hasToursAvailable?: boolean;
  /** Only sanctuaries that say they take animals in (an unknown intake status does not match). */
  acceptingAnimals?: boolean;
  /** Service filter 'Special events': has an event dated today or later. */
  hasUpcomingEvents?: boolean;
  /** Service filters with no field in the spec: they match only sanctuaries whose data carries the flag. */
  hasAdoptions?: boolean;
  isHiring?: boolean;
  hasLodging?: boolean;
  /** Open at the moment of the search, in the sanctuary's time zone; sanctuaries with no hours listed stay in. */
  openNow?: boolean;
}

export type SearchFlag = Exclude<keyof SearchCriteria, 'query' | 'latitude' | 'longitude' | 'radius' | 'animalTypes'>;

/** Which criteria flag each of the spec's service filters sets. */
export const SERVICE_FILTER_FLAGS: Readonly<Record<ServiceFilterId, SearchFlag>> = {
  volunteer: 'hasVolunteerOpportunities',
  tours: 'hasToursAvailable',
  events: 'hasUpcomingEvents',
  accepting: 'acceptingAnimals',
  adoptions: 'hasAdoptions',
  hiring: 'isHiring',
  lodging: 'hasLodging',
};

export const SEARCH_FLAGS: readonly SearchFlag[] = [...Object.values(SERVICE_FILTER_FLAGS), 'openNow'];

/** The radius that means 'Any distance' (the last of the spec's options): no limit. */
export const ANY_DISTANCE_MILES: number = RADIUS_OPTIONS[RADIUS_OPTIONS.length - 1]!.miles;
export const MAX_QUERY_LENGTH = 200;

export type SearchQueryResult = { ok: true; criteria: SearchCriteria } | { ok: false; error: string };

/** Criteria as a query string, the inverse of search-query.ts parseSearchQuery (only what is set; flags only when true). */
export function toSearchQueryString(criteria: SearchCriteria): string {
  const params = new URLSearchParams();
  if (criteria.query?.trim()) params.set('query', criteria.query.trim());
  if (criteria.latitude !== undefined && criteria.longitude !== undefined) {
    params.set('latitude', String(criteria.latitude));
    params.set('longitude', String(criteria.longitude));
  }
  if (criteria.radius !== undefined) params.set('radius', String(criteria.radius));
  if (criteria.animalTypes?.length) params.set('animalTypes', criteria.animalTypes.join(','));
  for (const f of SEARCH_FLAGS) if (criteria[f]) params.set(f, 'true');
  return params.toString();
}
