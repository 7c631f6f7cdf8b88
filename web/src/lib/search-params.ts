// Search criteria as URL search parameters, so a search is shareable and Back restores the previous one.
import { ANIMAL_TYPES, RADIUS_OPTIONS, SERVICE_FILTERS, type AnimalType, type ServiceFilterId } from '@ss/domain/constants';

export interface SearchParams {
  q?: string;
  lat?: number;
  lon?: number;
  radius?: number;
  animal?: AnimalType;
  service?: ServiceFilterId;
  open?: boolean;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Keeps only well-formed values; anything else in the URL is ignored rather than breaking the page. */
export function validateSearchParams(raw: Record<string, unknown>): SearchParams {
  const out: SearchParams = {};
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.trim().slice(0, 200);
  const lat = num(raw.lat);
  const lon = num(raw.lon);
  if (lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    out.lat = lat;
    out.lon = lon;
  }
  const radius = num(raw.radius);
  if (radius !== undefined && RADIUS_OPTIONS.some((o) => o.miles === radius)) out.radius = radius;
  if (typeof raw.animal === 'string' && (ANIMAL_TYPES as readonly string[]).includes(raw.animal)) out.animal = raw.animal as AnimalType;
  if (typeof raw.service === 'string' && SERVICE_FILTERS.some((s) => s.id === raw.service)) out.service = raw.service as ServiceFilterId;
  if (raw.open === true || raw.open === 'true' || raw.open === '1') out.open = true;
  return out;
}

/** Once any criterion is set, search results are used instead of the full list (spec: Search state). */
export function hasSearch(p: SearchParams): boolean {
  return Boolean(p.q || p.lat !== undefined || p.animal || p.service || p.open || p.radius !== undefined);
}
