// Search criteria: the spec's fields plus our service filters and "open now", and their query-string form
// (GET /api/sanctuaries/search and the web app's URL), validated with one zod schema.
// The criteria type, flags and query-string writer live in search-criteria-core.ts (no zod), re-exported here.
import { z } from 'zod';
import { ANIMAL_TYPES } from './constants.ts';
import { MAX_QUERY_LENGTH, SEARCH_FLAGS, type SearchCriteria, type SearchFlag, type SearchQueryResult } from './search-criteria-core.ts';

export {
  ANY_DISTANCE_MILES,
  MAX_QUERY_LENGTH,
  SEARCH_FLAGS,
  SERVICE_FILTER_FLAGS,
  toSearchQueryString,
  type SearchCriteria,
  type SearchFlag,
  type SearchQueryResult,
} from './search-criteria-core.ts';

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

/** Parses query parameters (empty values count as absent); a readable error for the first bad one. */
export function parseSearchQuery(params: Readonly<Record<string, string | undefined>>): SearchQueryResult {
  const present = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const result = searchQuerySchema.safeParse(present);
  if (result.success) return { ok: true, criteria: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid search' };
}
