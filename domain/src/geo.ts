// Great-circle distances in miles with the spec's earth radii (3959 on Home, 3958.756 on the map), via @turf/distance.
import { distance as turfDistance } from '@turf/distance';
import { HOME_EARTH_RADIUS_MILES } from './constants.ts';

export interface LatLon {
  latitude: number;
  longitude: number;
}

/**
 * Miles between two points on a sphere of `earthRadiusMiles`. Turf's own `units: 'miles'` uses its mean radius
 * (6371.0088 km ≈ 3958.76 mi), so we ask for the central angle in radians and scale it by the spec's radius.
 */
export function distanceMiles(from: LatLon, to: LatLon, earthRadiusMiles: number = HOME_EARTH_RADIUS_MILES): number {
  return (
    turfDistance([from.longitude, from.latitude], [to.longitude, to.latitude], { units: 'radians' }) * earthRadiusMiles
  );
}

/** A distance as the UI shows it: miles to one decimal ("12.3"). The data itself keeps full precision. */
export function formatMiles(miles: number): string {
  return miles.toFixed(1);
}

export const DEG_TO_RAD = Math.PI / 180;
