import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDefaultSeed, createTownLocator, readDefaultSeed, readSeedCsv, SEED_CSV } from './default-seed.ts';
import { syntheticSanctuaries } from './synthetic.ts';
import { parseSanctuaryDoc } from '@ss/domain/sanctuary';

describe('default seed', () => {
  it('the committed seed file is exactly what the builder makes from the CSV and the gazetteers', () => {
    const rows = readSeedCsv(fs.readFileSync(SEED_CSV, 'utf8'));
    expect(rows).toHaveLength(52);
    expect(buildDefaultSeed(rows, createTownLocator())).toEqual(readDefaultSeed());
  });

  it('every seeded listing is valid, unverified, approximate, and has no invented contact details', () => {
    for (const doc of readDefaultSeed()) {
      const parsed = parseSanctuaryDoc(doc);
      expect(parsed.isVerified).toBe(false);
      expect(parsed.coordinatesApproximate).toBe(true);
      expect(['geonames', 'zip-centroid']).toContain(parsed.coordinateSource);
      expect([parsed.phone, parsed.email, parsed.website, parsed.zipCode, parsed.address]).toEqual(['', '', '', '', '']);
      expect(parsed.acceptingAnimals).toBeNull();
    }
  });

  it('refuses a town it cannot place instead of guessing', () => {
    expect(() => buildDefaultSeed([{ name: 'Nowhere Refuge', town: 'Qwxyzville', state: 'OH' }], createTownLocator())).toThrow(/No coordinates/);
    expect(() => readSeedCsv('name,town,state\nOnly two,fields')).toThrow(/Bad seed line/);
  });
});

describe('synthetic generator', () => {
  it('is deterministic, valid, obviously synthetic and inside the contiguous US', () => {
    const a = syntheticSanctuaries(500, 7);
    expect(syntheticSanctuaries(500, 7)).toEqual(a);
    expect(new Set(a.map((d) => d._id)).size).toBe(500);
    for (const d of a) {
      expect(d.name).toMatch(/^Synthetic Test Sanctuary \d{6}$/);
      expect(() => parseSanctuaryDoc(d)).not.toThrow();
      expect(d.latitude).toBeGreaterThan(24);
      expect(d.longitude).toBeLessThan(-66);
    }
  });
});
