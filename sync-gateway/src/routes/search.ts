// GET /api/sanctuaries/search: the spec's search for clients that do not replicate, answered by the same domain
// search the web app runs on the device. Mounted before /api/sanctuaries/{id}, which would otherwise take it.
import { Hono } from 'hono';
import type { Gazetteer } from '@ss/domain/gazetteer';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { searchSanctuaries, type SearchHit } from '@ss/domain/search';
import { parseSearchQuery } from '@ss/domain/search-query';
import { jsonAnswer } from '../compress-answers.ts';
import { jsonError } from '../errors.ts';
import type { SearchDirectory } from '../search-directory.ts';

/** Response header naming the place the query was read as ("Cleveland, OH 44101"), URI-encoded. */
export const SEARCH_PLACE_HEADER = 'X-Search-Place';

export interface SearchRouteOptions {
  directory: SearchDirectory;
  /** The offline gazetteer, loaded on first use; null when the assets are missing (words only). */
  gazetteer: () => Gazetteer | null;
}

/** Each listing's JSON in UTF-8, made once per version of the directory (search-directory.ts replaces the objects on a change). */
const listingJson = new WeakMap<Sanctuary, { whole: Uint8Array; open: Uint8Array }>();
const encoder = new TextEncoder();
/** UTF-8 bytes of a text. */
const utf8 = (text: string): Uint8Array => encoder.encode(text);
const OPEN = utf8('[');
const COMMA = utf8(',');
const CLOSE = utf8(']');

/**
 * The answer's bytes: `withDistances(results)` as JSON in UTF-8, from each listing's JSON made once, with the distance
 * spliced in before its closing brace (the same text JSON.stringify gives for `{ ...sanctuary, distance }`). A search
 * for any distance answers the whole directory (332 listings, 450 kB), and serialising it each time cost 2.9 ms of CPU,
 * and as much again to encode the text (listings hold characters beyond Latin-1) for gzip; joining bytes costs ~0.3 ms.
 */
export function searchAnswerJson(results: readonly SearchHit[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [OPEN];
  results.forEach(({ sanctuary, distance }, i) => {
    if (i) parts.push(COMMA);
    let json = listingJson.get(sanctuary);
    if (json === undefined) {
      const whole = JSON.stringify(sanctuary);
      listingJson.set(sanctuary, (json = { whole: utf8(whole), open: utf8(`${whole.slice(0, -1)},"distance":`) }));
    }
    if (distance === null) parts.push(json.whole);
    // A listing with a distance of its own (never, from toSanctuary) or no fields would not splice cleanly.
    else if ('distance' in sanctuary || json.whole.byteLength === 2) parts.push(utf8(JSON.stringify({ ...sanctuary, distance })));
    else parts.push(json.open, utf8(`${JSON.stringify(distance)}}`));
  });
  parts.push(CLOSE);
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.byteLength;
  }
  return joined;
}

export function searchRoutes({ directory, gazetteer }: SearchRouteOptions) {
  const app = new Hono();

  app.get('/', async (c) => {
    const parsed = parseSearchQuery(c.req.query());
    if (!parsed.ok) return jsonError(c, 400, parsed.error);
    const index = await directory.current();
    const { results, place } = searchSanctuaries(parsed.criteria, index, { gazetteer: gazetteer() });
    const headers = new Headers({ 'content-type': 'application/json' });
    if (place) headers.set(SEARCH_PLACE_HEADER, encodeURIComponent(place.label));
    // The spec's shape: an array of sanctuaries, each with its distance in miles when there is an origin.
    return jsonAnswer(c, searchAnswerJson(results), { status: 200, headers });
  });

  return app;
}
