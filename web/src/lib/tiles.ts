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

/** Leaflet's Browser.retina: a screen with more than one device pixel per CSS pixel (nearly every phone). */
const highResolution = () => typeof window !== 'undefined' && window.devicePixelRatio > 1;

/** Leaflet's `{r}`: '@2x' on a high-resolution screen (its Browser.retina), for tile servers with double-size tiles. */
export function retinaSuffix(): string {
  return highResolution() ? '@2x' : '';
}

/**
 * How many zoom levels deeper than the map's the tiles are. On a high-resolution screen, a server without double-size
 * tiles (no `{r}` in its template, as OpenStreetMap's) is asked for the next zoom's tiles, each drawn at half size
 * (Leaflet's `detectRetina`): four sharp tiles where one 256-pixel tile would be stretched and blurred.
 */
export function tileZoomOffset(template: string = TILE_URL, high: boolean = highResolution()): 0 | 1 {
  return high && !template.includes('{r}') ? 1 : 0;
}

/**
 * One tile's URL, filled in exactly as Leaflet's TileLayer fills the template for the map (same subdomain, same
 * `{r}`), so a tile saved for offline use is the very request the map makes for it.
 */
export function tileUrl(template: string, z: number, x: number, y: number, retina: string = retinaSuffix()): string {
  const values: Record<string, string> = { z: String(z), x: String(x), y: String(y), s: SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length]!, r: retina };
  return template.replace(/\{([zxysr])\}/g, (_, key: string) => values[key]!);
}

/**
 * The tile URLs covering the bounds for each of the map's zooms from `minZoom` to `maxZoom`; `zoomOffset` levels
 * deeper (tileZoomOffset), as the map asks for them.
 */
export function tileUrls(b: Bounds, minZoom: number, maxZoom: number, template = TILE_URL, retina: string = retinaSuffix(), zoomOffset: number = tileZoomOffset(template)): string[] {
  const urls: string[] = [];
  for (let z = minZoom + zoomOffset; z <= maxZoom + zoomOffset; z++) {
    for (let x = lon2x(b.west, z); x <= lon2x(b.east, z); x++) {
      for (let y = lat2y(b.north, z); y <= lat2y(b.south, z); y++) urls.push(tileUrl(template, z, x, y, retina));
    }
  }
  return urls;
}

/**
 * The deepest of the map's zooms (up to `extraLevels` below the current one) whose tiles, added up from the current
 * zoom, stay within `cap`; tiles are counted `zoomOffset` levels deeper (tileZoomOffset). Null when even the current
 * zoom alone is over the cap (the area is too big).
 */
export function zoomRangeWithin(b: Bounds, zoom: number, extraLevels: number, cap: number, maxZoom: number, zoomOffset: number = tileZoomOffset()): { from: number; to: number; count: number } | null {
  let count = 0;
  let to = zoom - 1;
  for (let z = zoom; z <= Math.min(zoom + extraLevels, maxZoom); z++) {
    const next = count + tileCountAt(b, z + zoomOffset);
    if (next > cap) break;
    count = next;
    to = z;
  }
  return to >= zoom ? { from: zoom, to, count } : null;
}
