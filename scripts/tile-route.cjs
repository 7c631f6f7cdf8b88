// Which requests the service worker caches as map tiles (workbox.config.cjs): those of the tile server the web app
// was built with (VITE_TILE_URL, web/src/lib/tiles.ts), so the tiles of a saved area open offline whatever server
// is configured, not only OpenStreetMap's default.
'use strict';

/** The web app's default tile server (web/src/lib/tiles.ts). */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A RegExp for Workbox's runtime route: the template up to its first tile coordinate, with `{s}` (a subdomain
 * letter) as any host label. Anchored at the start for another origin (Workbox requires that of cross-origin
 * routes); a path-only template matches on this origin.
 */
function tileUrlPattern(template) {
  const value = (template || '').trim() || DEFAULT_TILE_URL;
  const coordinate = value.search(/\{[zxyr]\}/);
  if (coordinate <= 0) throw new Error(`VITE_TILE_URL must hold {z}, {x} and {y} after its address: ${JSON.stringify(value)}`);
  const prefix = value.slice(0, coordinate);
  const absolute = /^https?:\/\//i.test(prefix);
  if (!absolute && !prefix.startsWith('/')) throw new Error(`VITE_TILE_URL must be an http(s) URL or a path on this site: ${JSON.stringify(value)}`);
  const source = escape(prefix).replace(/\\\{s\\\}/g, '[a-z0-9-]+');
  return new RegExp(absolute ? `^${source}` : source);
}

module.exports = { DEFAULT_TILE_URL, tileUrlPattern };
