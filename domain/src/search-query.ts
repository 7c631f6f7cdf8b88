// The query string of GET /api/sanctuaries/search parsed into search criteria (search-criteria.ts), with the one
// schema (zod/mini) it needs: the gateway's, apart from the criteria's types and flags the web app evaluates at start.
import * as z from 'zod/mini';
import { ANIMAL_TYPES } from './constants.ts';
import { MAX_QUERY_LENGTH, SEARCH_FLAGS, type SearchCriteria, type SearchFlag, type SearchQueryResult } from './search-criteria.ts';

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
