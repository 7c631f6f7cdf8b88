import { describe, expect, it } from 'vitest';
import { distance as turfDistance } from '@turf/distance';
import { HOME_EARTH_RADIUS_MILES, MAP_EARTH_RADIUS_MILES } from './constants.ts';
import { distanceMiles, formatMiles } from './geo.ts';

const cleveland = { latitude: 41.4993, longitude: -81.6944 };
const columbus = { latitude: 39.9612, longitude: -82.9988 };

describe('distances', () => {
  it('measures miles on a sphere of the spec’s radius (3959 unless told)', () => {
    const d = distanceMiles(cleveland, columbus);
    // Haversine by hand: 2 · 3959 · asin(√(sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2))).
    const rad = Math.PI / 180;
    const a = Math.sin(((columbus.latitude - cleveland.latitude) * rad) / 2) ** 2 +
      Math.cos(cleveland.latitude * rad) * Math.cos(columbus.latitude * rad) * Math.sin(((columbus.longitude - cleveland.longitude) * rad) / 2) ** 2;
    expect(d).toBeCloseTo(2 * 3959 * Math.asin(Math.sqrt(a)), 9);
    expect(d).toBeCloseTo(126.33, 2);
    expect(distanceMiles(cleveland, columbus, HOME_EARTH_RADIUS_MILES)).toBe(d);
    expect(distanceMiles(cleveland, columbus, MAP_EARTH_RADIUS_MILES) / d).toBeCloseTo(MAP_EARTH_RADIUS_MILES / HOME_EARTH_RADIUS_MILES, 12);
    expect(distanceMiles(cleveland, cleveland)).toBe(0);
  });

  it('is turf’s great-circle distance, scaled to that radius rather than turf’s own', () => {
    const turfMiles = turfDistance([cleveland.longitude, cleveland.latitude], [columbus.longitude, columbus.latitude], { units: 'miles' });
    expect(distanceMiles(cleveland, columbus, 6371008.8 / 1609.344)).toBeCloseTo(turfMiles, 9);
    expect(distanceMiles(cleveland, columbus)).not.toBeCloseTo(turfMiles, 3);
  });

  it('formats miles to one decimal', () => {
    expect(formatMiles(12.345)).toBe('12.3');
    expect(formatMiles(0)).toBe('0.0');
  });
});
