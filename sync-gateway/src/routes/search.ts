// GET /api/sanctuaries/search: the spec's search for clients that do not replicate, answered by the same domain
// search the web app runs on the device. Mounted before /api/sanctuaries/{id}, which would otherwise take it.
import { Hono } from 'hono';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { searchSanctuaries, withDistances } from '@ss/domain/search';
import { parseSearchQuery } from '@ss/domain/search-criteria';
import { jsonError } from '../errors.ts';
import type { SearchDirectory } from '../search-directory.ts';

/** Response header naming the place the query was read as ("Cleveland, OH 44101"), URI-encoded. */
export const SEARCH_PLACE_HEADER = 'X-Search-Place';

export interface SearchRouteOptions {
  directory: SearchDirectory;
  /** The offline gazetteer, loaded on first use; null when the assets are missing (words only). */
  gazetteer: () => Gazetteer | null;
}

export function searchRoutes({ directory, gazetteer }: SearchRouteOptions) {
  const app = new Hono();

  app.get('/', async (c) => {
    const parsed = parseSearchQuery(c.req.query());
    if (!parsed.ok) return jsonError(c, 400, parsed.error);
    const index = await directory.current();
    const { results, place } = searchSanctuaries(parsed.criteria, index, { gazetteer: gazetteer() });
    if (place) c.header(SEARCH_PLACE_HEADER, encodeURIComponent(place.label));
    // The spec's shape: an array of sanctuaries, each with its distance in miles when there is an origin.
    return c.json(withDistances(results));
  });

  return app;
}
