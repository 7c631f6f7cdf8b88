import { describe, expect, it } from 'vitest';
import {
  ANIMAL_TYPES,
  DEFAULT_RADIUS_MILES,
  HOME_EARTH_RADIUS_MILES,
  HOME_MAX_RESULT_CARDS,
  HOME_NEAREST_COUNT,
  MAP_EARTH_RADIUS_MILES,
  RADIUS_OPTIONS,
  SERVICE_FILTERS,
} from './constants.ts';

// The spec's search constants (sections 2 and 9), checked against the spec's own words.
describe('spec search constants', () => {
  it('radius: default 50, options 5 to 500 with 500 labelled Any distance', () => {
    expect(DEFAULT_RADIUS_MILES).toBe(50);
    expect(RADIUS_OPTIONS.map((o) => o.miles)).toEqual([5, 25, 50, 100, 150, 200, 500]);
    expect(RADIUS_OPTIONS.at(-1)!.label).toBe('Any distance');
    expect(RADIUS_OPTIONS.map((o) => o.miles)).toContain(DEFAULT_RADIUS_MILES);
  });

  it('animal types and service filters, in the spec’s order', () => {
    expect(ANIMAL_TYPES).toEqual(['cows', 'pigs', 'chickens', 'horses', 'goats', 'sheep', 'ducks', 'turkeys', 'donkeys', 'mules', 'rabbits', 'dogs', 'cats', 'wildlife']);
    expect(SERVICE_FILTERS.map((f) => f.label)).toEqual([
      'Volunteer opportunities', 'Tours available', 'Special events', 'Accepting animals', 'Adoptions available', 'Hiring', 'Lodging',
    ]);
  });

  it('Home: 5 nearest with earth radius 3959, at most 6 cards; the map sort uses 3958.756', () => {
    expect(HOME_NEAREST_COUNT).toBe(5);
    expect(HOME_MAX_RESULT_CARDS).toBe(6);
    expect(HOME_EARTH_RADIUS_MILES).toBe(3959);
    expect(MAP_EARTH_RADIUS_MILES).toBe(3958.756);
  });
});
