// Search criteria: the spec's fields plus our service filters and "open now", and their query-string form
// (GET /api/sanctuaries/search and the web app's URL), validated with one zod schema.
import { z } from 'zod';
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

const flag = z
  .enum(['true', 'false', '1', '0'], { error: (issue) => `${String(issue.path?.[0] ?? 'flag')} must be true or false` })
  .transform((v) => v === 'true' || v === '1');

const coordinate = (name: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .pipe(z.number().min(-max, `${name} must be between -${max} and ${max}`).max(max, `${name} must be between -${max} and ${max}`));

/** The query string of GET /api/sanctuaries/search (names as in the spec's calls table), parsed into criteria. */
export const searchQuerySchema = z
  .object({
    query: z.string().max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
    latitude: coordinate('latitude', 90).optional(),
    longitude: coordinate('longitude', 180).optional(),
    radius: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'radius must be a number of miles')
      .transform(Number)
      .pipe(z.number().positive('radius must be more than 0'))
      .optional(),
    animalTypes: z
      .string()
      .transform((v) => v.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.enum(ANIMAL_TYPES, { error: (issue) => `unknown animal type: ${String(issue.input)}` })))
      .optional(),
    hasVolunteerOpportunities: flag.optional(),
    hasToursAvailable: flag.optional(),
    acceptingAnimals: flag.optional(),
    hasUpcomingEvents: flag.optional(),
    hasAdoptions: flag.optional(),
    isHiring: flag.optional(),
    hasLodging: flag.optional(),
    openNow: flag.optional(),
  } satisfies Record<SearchFlag, unknown> & Record<string, z.ZodType>)
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { error: 'latitude and longitude go together' })
  .transform((q) => {
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
  });

export type SearchQueryResult = { ok: true; criteria: SearchCriteria } | { ok: false; error: string };

/** Parses query parameters (empty values count as absent); a readable error for the first bad one. */
export function parseSearchQuery(params: Readonly<Record<string, string | undefined>>): SearchQueryResult {
  const present = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const result = searchQuerySchema.safeParse(present);
  if (result.success) return { ok: true, criteria: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid search' };
}

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
