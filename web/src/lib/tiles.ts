// Map tile addresses: the tile server (configurable; OpenStreetMap by default) and which tiles cover an area.
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined)?.trim() || DEFAULT_TILE_URL;
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const lon2x = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2y = (lat: number, z: number) => {
  const rad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

/** How many tiles cover the bounds at zoom z. */
export function tileCountAt(b: Bounds, z: number): number {
  const x = lon2x(b.east, z) - lon2x(b.west, z) + 1;
  const y = lat2y(b.south, z) - lat2y(b.north, z) + 1;
  return Math.max(0, x) * Math.max(0, y);
}

/** Leaflet's default `{s}` subdomains: its TileLayer picks one per tile from x + y (TileLayer._getSubdomain). */
const SUBDOMAINS = 'abc';

/** Leaflet's `{r}`: '@2x' on a high-resolution screen (its Browser.retina), for tile servers with double-size tiles. */
export function retinaSuffix(): string {
  return typeof window !== 'undefined' && window.devicePixelRatio > 1 ? '@2x' : '';
}

/**
 * One tile's URL, filled in exactly as Leaflet's TileLayer fills the template for the map (same subdomain, same
 * `{r}`), so a tile saved for offline use is the very request the map makes for it.
 */
export function tileUrl(template: string, z: number, x: number, y: number, retina: string = retinaSuffix()): string {
  const values: Record<string, string> = { z: String(z), x: String(x), y: String(y), s: SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length]!, r: retina };
  return template.replace(/\{([zxysr])\}/g, (_, key: string) => values[key]!);
}

/** The tile URLs covering the bounds for each zoom from `minZoom` to `maxZoom`. */
export function tileUrls(b: Bounds, minZoom: number, maxZoom: number, template = TILE_URL, retina: string = retinaSuffix()): string[] {
  const urls: string[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    for (let x = lon2x(b.west, z); x <= lon2x(b.east, z); x++) {
      for (let y = lat2y(b.north, z); y <= lat2y(b.south, z); y++) urls.push(tileUrl(template, z, x, y, retina));
    }
  }
  return urls;
}

/**
 * The deepest zoom (up to `extraLevels` below the current one) whose tiles, added up from the current zoom,
 * stay within `cap`. Null when even the current zoom alone is over the cap (the area is too big).
 */
export function zoomRangeWithin(b: Bounds, zoom: number, extraLevels: number, cap: number, maxZoom: number): { from: number; to: number; count: number } | null {
  let count = 0;
  let to = zoom - 1;
  for (let z = zoom; z <= Math.min(zoom + extraLevels, maxZoom); z++) {
    const next = count + tileCountAt(b, z);
    if (next > cap) break;
    count = next;
    to = z;
  }
  return to >= zoom ? { from: zoom, to, count } : null;
}
