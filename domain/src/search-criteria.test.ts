import { describe, expect, it } from 'vitest';
import { SERVICE_FILTERS } from './constants.ts';
import { ANY_DISTANCE_MILES, SEARCH_FLAGS, SERVICE_FILTER_FLAGS, toSearchQueryString } from './search-criteria.ts';
import { parseSearchQuery } from './search-query.ts';

describe('search query string', () => {
  it('reads the spec’s parameters into criteria', () => {
    const r = parseSearchQuery({
      query: '  Columbus, OH ',
      latitude: '41.5',
      longitude: '-81.69',
      radius: '25',
      animalTypes: 'pigs,Goats, cows',
      hasVolunteerOpportunities: 'true',
      hasToursAvailable: 'false',
      acceptingAnimals: '1',
      openNow: 'true',
    });
    expect(r).toEqual({
      ok: true,
      criteria: {
        query: 'Columbus, OH',
        latitude: 41.5,
        longitude: -81.69,
        radius: 25,
        animalTypes: ['pigs', 'goats', 'cows'],
        hasVolunteerOpportunities: true,
        acceptingAnimals: true,
        openNow: true,
      },
    });
  });

  it('treats empty and absent parameters alike; no parameters is no criteria', () => {
    expect(parseSearchQuery({})).toEqual({ ok: true, criteria: {} });
    expect(parseSearchQuery({ query: '', radius: '', animalTypes: '', acceptingAnimals: undefined })).toEqual({ ok: true, criteria: {} });
  });

  it.each([
    [{ latitude: '41.5' }, /latitude and longitude/],
    [{ latitude: '91', longitude: '0' }, /latitude/],
    [{ latitude: 'north', longitude: '0' }, /latitude must be a number/],
    [{ latitude: '0', longitude: '-181' }, /longitude/],
    [{ radius: '-5' }, /radius/],
    [{ radius: '0' }, /radius/],
    [{ radius: 'far' }, /radius/],
    [{ animalTypes: 'pigs,dragons' }, /unknown animal type: dragons/],
    [{ hasToursAvailable: 'yes' }, /hasToursAvailable must be true or false/],
    [{ query: 'x'.repeat(201) }, /at most 200/],
  ])('refuses %j with a readable error', (params, message) => {
    const r = parseSearchQuery(params);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(message);
  });

  it('writes criteria back as the same query string', () => {
    const criteria = { query: '44101', radius: 50, animalTypes: ['pigs', 'cows'] as const, hasToursAvailable: true, hasLodging: true, latitude: 1.5, longitude: -2 };
    const qs = toSearchQueryString(criteria);
    expect(qs).toBe('query=44101&latitude=1.5&longitude=-2&radius=50&animalTypes=pigs%2Ccows&hasToursAvailable=true&hasLodging=true');
    expect(parseSearchQuery(Object.fromEntries(new URLSearchParams(qs)))).toEqual({ ok: true, criteria: { ...criteria, animalTypes: ['pigs', 'cows'] } });
    expect(toSearchQueryString({ hasToursAvailable: false })).toBe('');
  });
});

describe('service filters', () => {
  it('map every service filter of the spec to one criteria flag', () => {
    expect(Object.keys(SERVICE_FILTER_FLAGS).sort()).toEqual(SERVICE_FILTERS.map((f) => f.id).sort());
    expect(new Set(Object.values(SERVICE_FILTER_FLAGS)).size).toBe(SERVICE_FILTERS.length);
    expect(SERVICE_FILTER_FLAGS.volunteer).toBe('hasVolunteerOpportunities');
    expect(SERVICE_FILTER_FLAGS.tours).toBe('hasToursAvailable');
    expect(SERVICE_FILTER_FLAGS.accepting).toBe('acceptingAnimals');
    expect(SEARCH_FLAGS).toContain('openNow');
  });

  it("takes 'Any distance' from the last radius option", () => {
    expect(ANY_DISTANCE_MILES).toBe(500);
  });
});
