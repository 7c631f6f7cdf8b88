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
/** Response header with how many listings matched, of which the answer holds the first `limit`. */
export const SEARCH_TOTAL_HEADER = 'X-Total-Count';
/**
 * The most listings one answer holds (and the default): the directory today has 332, so every answer is whole; at
 * 100k listings an unbounded answer to a word ("chickens") was tens of megabytes of JSON and gzip per request, and
 * twenty such searches a second took the gateway past 3.5 GB and stopped it answering anything else.
 */
export const MAX_SEARCH_RESULTS = 1000;

/** `limit` from the query string: a whole number from 1 to MAX_SEARCH_RESULTS, MAX_SEARCH_RESULTS when absent; else null. */
export function searchLimit(text: string | undefined): number | null {
  if (text === undefined || text === '') return MAX_SEARCH_RESULTS;
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_SEARCH_RESULTS ? n : null;
}

export interface SearchRouteOptions {
  directory: SearchDirectory;
  /** The offline gazetteer, loaded on first use; null when the assets are missing (words only). */
  gazetteer: () => Gazetteer | null;
}

const encoder = new TextEncoder();
/** UTF-8 bytes of a text. */
const utf8 = (text: string): Uint8Array => encoder.encode(text);

/**
 * Listings' JSON in UTF-8, made once per version of a listing (search-directory.ts replaces a listing's object when it
 * changes) and kept for those answered most recently, up to `maxBytes`: every listing of today's directory (332, ~0.5 MB),
 * but not every one of 100k (~150 MB), which searches at that size would otherwise have kept for good.
 */
export class ListingJsonCache {
  private readonly kept = new Map<Sanctuary, Uint8Array>();
  private keptBytes = 0;
  constructor(private readonly maxBytes: number) {}

  get bytes() {
    return this.keptBytes;
  }

  of(listing: Sanctuary): Uint8Array {
    let json = this.kept.get(listing);
    if (json) {
      // The most recently used last: the first is the one let go.
      this.kept.delete(listing);
      this.kept.set(listing, json);
      return json;
    }
    json = utf8(JSON.stringify(listing));
    this.kept.set(listing, json);
    this.keptBytes += json.byteLength;
    for (const [oldest, bytes] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= bytes.byteLength;
    }
    return json;
  }
}

/** At most this much listings' JSON is kept between answers. */
export const LISTING_JSON_CACHE_BYTES = 32 * 1024 * 1024;
const listingJson = new ListingJsonCache(LISTING_JSON_CACHE_BYTES);
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
    const whole = listingJson.of(sanctuary);
    if (distance === null) parts.push(whole);
    // A listing with a distance of its own (never, from toSanctuary) or no fields would not splice cleanly.
    else if ('distance' in sanctuary || whole.byteLength === 2) parts.push(utf8(JSON.stringify({ ...sanctuary, distance })));
    // Its JSON up to the closing brace (a view, not a copy: the copy kept per listing is one).
    else parts.push(whole.subarray(0, whole.byteLength - 1), utf8(`,"distance":${JSON.stringify(distance)}}`));
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
    const { limit: limitText, ...query } = c.req.query();
    const limit = searchLimit(limitText);
    if (limit === null) return jsonError(c, 400, `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`);
    const parsed = parseSearchQuery(query);
    if (!parsed.ok) return jsonError(c, 400, parsed.error);
    const index = await directory.current();
    const { results, place, total } = searchSanctuaries(parsed.criteria, index, { gazetteer: gazetteer(), limit });
    const headers = new Headers({ 'content-type': 'application/json', [SEARCH_TOTAL_HEADER]: String(total) });
    if (place) headers.set(SEARCH_PLACE_HEADER, encodeURIComponent(place.label));
    // The spec's shape: an array of sanctuaries (the best `limit`, in the search's order), each with its distance in
    // miles when there is an origin.
    return jsonAnswer(c, searchAnswerJson(results), { status: 200, headers });
  });

  return app;
}
