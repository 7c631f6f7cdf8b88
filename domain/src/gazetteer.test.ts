import { beforeAll, describe, expect, it } from 'vitest';
import { readGazetteerAssets, testGazetteer } from '../tests/gazetteer-fixture.ts';
import { lookupPlace, normalizePlaceText, packGazetteer, parseGazetteer, placeNameKey, unpackGazetteer, type Gazetteer, type PlaceMatch } from './gazetteer.ts';

let g: Gazetteer;
beforeAll(() => {
  g = testGazetteer();
}, 60_000);

const near = (place: PlaceMatch | null, latitude: number, longitude: number, within = 0.15) => {
  expect(place).not.toBeNull();
  expect(Math.abs(place!.latitude - latitude)).toBeLessThan(within);
  expect(Math.abs(place!.longitude - longitude)).toBeLessThan(within);
};

describe('gazetteer: ZIP codes', () => {
  it('reads a ZIP, with spaces around it or as ZIP+4, as that ZIP’s centroid and town', () => {
    const cleveland = lookupPlace(g, '44101');
    expect(cleveland).toMatchObject({ kind: 'zip', zip: '44101', state: 'OH', label: 'Cleveland, OH 44101' });
    near(cleveland, 41.5, -81.69);
    expect(lookupPlace(g, ' 90210 ')).toMatchObject({ kind: 'zip', label: 'Beverly Hills, CA 90210', state: 'CA' });
    expect(lookupPlace(g, '44101-2345')).toMatchObject({ kind: 'zip', zip: '44101' });
    expect(lookupPlace(g, '441012345')).toMatchObject({ kind: 'zip', zip: '44101' });
    expect(lookupPlace(g, 'Cleveland, OH 44101')).toMatchObject({ kind: 'zip', zip: '44101' });
  });

  it('knows PO-box-only ZIPs and territories', () => {
    expect(lookupPlace(g, '00501')).toMatchObject({ kind: 'zip', state: 'NY' });
    expect(lookupPlace(g, '00601')).toMatchObject({ kind: 'zip', state: 'PR' });
  });
});

describe('gazetteer: towns', () => {
  it.each([
    ['Columbus, OH', 'Columbus, OH'],
    ['columbus, ohio', 'Columbus, OH'],
    ['COLUMBUS OH', 'Columbus, OH'],
    ['columbus ohio', 'Columbus, OH'],
    ['new york ny', 'New York, NY'],
    ['santa fe new mexico', 'Santa Fe, NM'],
    ['watkins glen, ny', 'Watkins Glen, NY'],
    ['Watkins Glen NY', 'Watkins Glen, NY'],
    ['portland or', 'Portland, OR'],
    ['Portland, Maine', 'Portland, ME'],
    ['kansas city kansas', 'Kansas City, KS'],
    ['Saint Louis, MO', 'St. Louis, MO'],
    ['st louis mo', 'St. Louis, MO'],
    ['Ft Worth, TX', 'Fort Worth, TX'],
    ['Washington, D.C.', 'Washington, DC'],
    ['Cleveland, OH, USA', 'Cleveland, OH'],
  ])('%s → %s', (text, label) => {
    const place = lookupPlace(g, text);
    expect(place).toMatchObject({ kind: 'city', label });
    expect(place).not.toHaveProperty('bare');
  });

  it('puts towns where they are', () => {
    near(lookupPlace(g, 'Columbus, OH'), 39.96, -83.0);
    near(lookupPlace(g, 'new york ny'), 40.75, -73.98);
    near(lookupPlace(g, 'santa fe new mexico'), 35.69, -105.94);
    near(lookupPlace(g, 'watkins glen, ny'), 42.38, -76.87);
  });

  it('reads a bare town name as the town of that name with the most ZIP codes, marked as a guess', () => {
    expect(lookupPlace(g, 'Columbus')).toMatchObject({ kind: 'city', label: 'Columbus, OH', bare: true });
    expect(lookupPlace(g, 'portland')).toMatchObject({ label: 'Portland, OR', bare: true });
    expect(lookupPlace(g, 'Watkins Glen')).toMatchObject({ label: 'Watkins Glen, NY', bare: true });
  });

  it('does not invent a town that is not in the named state', () => {
    expect(lookupPlace(g, 'Watkins Glen, CA')).toBeNull();
    expect(lookupPlace(g, 'Columbus, Narnia')).toBeNull();
  });
});

describe('gazetteer: states', () => {
  it('reads a state name or postal code as the state, with a circle covering it', () => {
    const ohio = lookupPlace(g, 'Ohio');
    expect(ohio).toMatchObject({ kind: 'state', label: 'Ohio', state: 'OH' });
    near(ohio, 40.3, -82.8, 0.6);
    expect(ohio!.radiusMiles).toBeGreaterThan(120);
    expect(ohio!.radiusMiles).toBeLessThan(220);
    expect(lookupPlace(g, 'OH')).toMatchObject({ kind: 'state', state: 'OH' });
    expect(lookupPlace(g, 'oh')).toMatchObject({ kind: 'state', state: 'OH' });
    expect(lookupPlace(g, 'new york')).toMatchObject({ kind: 'state', state: 'NY' });
    expect(lookupPlace(g, 'West Virginia')).toMatchObject({ kind: 'state', state: 'WV' });
    expect(lookupPlace(g, 'Alaska')!.longitude).toBeLessThan(-140);
  });

  it('takes codes that are also words ("in", "or", "me") as states only in capitals', () => {
    expect(lookupPlace(g, 'IN')).toMatchObject({ kind: 'state', state: 'IN' });
    expect(lookupPlace(g, 'in')).toBeNull();
    expect(lookupPlace(g, 'me')).toBeNull();
  });
});

describe('gazetteer: misses', () => {
  it.each(['xyzzy', 'farm', '00000', '', '   ', 'pigs', '12345678901', 'sanctuary'])('%j is no place', (text) => {
    expect(lookupPlace(g, text)).toBeNull();
  });
});

describe('gazetteer: assets', () => {
  it('carries the GeoNames credit and covers every state, ~40k ZIPs and ~35k towns', () => {
    expect(g.credit).toMatch(/GeoNames/);
    expect(g.credit).toMatch(/CC BY 4\.0/);
    expect(g.states).toHaveLength(56);
    expect(g.zipCodes.length).toBeGreaterThan(40_000);
    expect(g.placeNames.length).toBeGreaterThan(30_000);
  });

  it('refuses assets of another format version or with inconsistent arrays', () => {
    const assets = readGazetteerAssets();
    expect(() => parseGazetteer({ ...assets, zips: { ...assets.zips, v: 2 as 1 } })).toThrow(/format/);
    expect(() => parseGazetteer({ ...assets, places: { ...assets.places, state: [] } })).toThrow(/state/);
  });

  it('normalises names the same way for the index and the query', () => {
    expect(normalizePlaceText('  São  Tomé—Príncipe ')).toBe('sao tome principe');
    expect(normalizePlaceText("O'Fallon")).toBe('ofallon');
    expect(placeNameKey('St. Mary’s')).toBe('saint marys');
    expect(placeNameKey('Mt. Vernon')).toBe(placeNameKey('Mount Vernon'));
  });
});

describe('gazetteer: packed to cross to another thread', () => {
  const queries = ['44101', 'Cleveland, OH 44101', 'Columbus, OH', 'columbus', 'St. Louis, MO', 'saint louis', 'Ohio', 'NY', 'santa fe new mexico', 'Woodstock', 'Nowhere Town, ZZ', 'Springfield'];

  it('answers every lookup as the gazetteer it was packed from, its arrays handed over, not copied', () => {
    const fresh = parseGazetteer(readGazetteerAssets());
    const before = queries.map((q) => lookupPlace(fresh, q));
    const { packed, transfer } = packGazetteer(fresh);
    const moved = structuredClone(packed, { transfer });
    // Handed over: the sender's arrays are empty now.
    expect(fresh.zipCodes.length).toBe(0);
    expect(transfer.length).toBeGreaterThanOrEqual(10);
    const g2 = unpackGazetteer(moved);
    expect(queries.map((q) => lookupPlace(g2, q))).toEqual(before);
    expect(before.filter(Boolean).length).toBeGreaterThan(8);
  });

  it('packs again what was unpacked, its name index included', () => {
    const once = unpackGazetteer(structuredClone(packGazetteer(parseGazetteer(readGazetteerAssets())).packed));
    const twice = unpackGazetteer(structuredClone(packGazetteer(once).packed));
    expect(queries.map((q) => lookupPlace(twice, q))).toEqual(queries.map((q) => lookupPlace(g, q)));
  });
});
