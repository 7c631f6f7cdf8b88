// Search criteria: the spec's fields plus our service filters and "open now", and their query-string form
// (GET /api/sanctuaries/search and the web app's URL): the type, flags and query-string writer the first paint
// needs, and the one schema (zod/mini) the query string is parsed with.
import * as z from 'zod/mini';
import { ANIMAL_TYPES, RADIUS_OPTIONS, type AnimalType, type ServiceFilterId } from './constants.ts';

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

/** Criteria as a query string, the inverse of parseSearchQuery (only what is set; flags only when true). */
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

const flag = z.pipe(
  z.enum(['true', 'false', '1', '0'], { error: (issue) => `${String(issue.path?.[0] ?? 'flag')} must be true or false` }),
  z.transform((v) => v === 'true' || v === '1'),
);

const numberText = (pattern: RegExp, error: string) => z.pipe(z.string().check(z.trim(), z.regex(pattern, error)), z.transform(Number));

const coordinate = (name: string, max: number) => {
  const range = `${name} must be between -${max} and ${max}`;
  return z.pipe(numberText(/^-?\d+(\.\d+)?$/, `${name} must be a number`), z.number().check(z.gte(-max, range), z.lte(max, range)));
};

/** The query string of GET /api/sanctuaries/search (names as in the spec's calls table), parsed into criteria. */
export const searchQuerySchema = z.pipe(
  z
    .object({
      query: z.optional(z.string().check(z.maxLength(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`))),
      latitude: z.optional(coordinate('latitude', 90)),
      longitude: z.optional(coordinate('longitude', 180)),
      radius: z.optional(z.pipe(numberText(/^\d+(\.\d+)?$/, 'radius must be a number of miles'), z.number().check(z.positive('radius must be more than 0')))),
      animalTypes: z.optional(
        z.pipe(
          z.pipe(z.string(), z.transform((v) => v.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))),
          z.array(z.enum(ANIMAL_TYPES, { error: (issue) => `unknown animal type: ${String(issue.input)}` })),
        ),
      ),
      hasVolunteerOpportunities: z.optional(flag),
      hasToursAvailable: z.optional(flag),
      acceptingAnimals: z.optional(flag),
      hasUpcomingEvents: z.optional(flag),
      hasAdoptions: z.optional(flag),
      isHiring: z.optional(flag),
      hasLodging: z.optional(flag),
      openNow: z.optional(flag),
    } satisfies Record<SearchFlag, unknown> & Record<string, z.ZodMiniType>)
    .check(z.refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { error: 'latitude and longitude go together' })),
  z.transform((q) => {
    const criteria: SearchCriteria = {};
    const query = q.query?.trim();
    if (query) criteria.query = query;
    if (q.latitude !== undefined && q.longitude !== undefined) {
      criteria.latitude = q.latitude;
      criteria.longitude = q.longitude;
    }
    if (q.radius !== undefined) criteria.radius = q.radius;
    if (q.animalTypes?.length) criteria.animalTypes = q.animalTypes;
    for (const f of SEARCH_FLAGS) if (q[f]) criteria[f] = true;
    return criteria;
  }),
);

/** Parses query parameters (empty values count as absent); a readable error for the first bad one. */
export function parseSearchQuery(params: Readonly<Record<string, string | undefined>>): SearchQueryResult {
  const present = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const result = searchQuerySchema.safeParse(present);
  if (result.success) return { ok: true, criteria: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid search' };
}
