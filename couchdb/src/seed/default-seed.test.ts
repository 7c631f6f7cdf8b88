import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDefaultSeed, closedListings, createTownLocator, readClosedSeed, readDefaultSeed, readSeedEntries, readSeedSnapshot, SEED_SNAPSHOT_VERSIONS, SEED_SOURCE_JSON } from './default-seed.ts';
import { syntheticSanctuaries } from './synthetic.ts';
import { parseSanctuaryDoc } from '@ss/domain/sanctuary';

describe('default seed', () => {
  const entries = readSeedEntries(fs.readFileSync(SEED_SOURCE_JSON, 'utf8'));

  it('the committed seed file is exactly what the builder makes from the sourced facts and the gazetteers', () => {
    expect(buildDefaultSeed(entries, createTownLocator())).toEqual(readDefaultSeed());
  }, 30_000);

  it('keeps every listing of every earlier seed under the same id, unless a source says it has closed', () => {
    const ids = new Set(readDefaultSeed().map((d) => d._id));
    const closed = new Map(readClosedSeed().map((c) => [c._id, c]));
    expect(readClosedSeed()).toEqual(closedListings(entries));
    for (const version of SEED_SNAPSHOT_VERSIONS) {
      for (const old of readSeedSnapshot(version)) expect(ids.has(old._id) || closed.has(old._id), `${old._id} (seed ${version})`).toBe(true);
    }
    for (const c of closed.values()) {
      expect(ids.has(c._id), c._id).toBe(false);
      expect(c.source.url).toMatch(/^https?:\/\//);
    }
  });

  it('every seeded listing is valid, unverified, approximate, and says where each fact comes from', () => {
    for (const doc of readDefaultSeed()) {
      const parsed = parseSanctuaryDoc(doc);
      expect(parsed.isVerified).toBe(false);
      expect(parsed.coordinatesApproximate).toBe(true);
      expect(['geonames', 'zip-centroid']).toContain(parsed.coordinateSource);
      expect(parsed.acceptingAnimals).toBeNull();
      // No field is filled that no source names.
      const sourced = new Set(parsed.sources!.flatMap((s) => s.fields));
      for (const field of ['website', 'phone', 'email', 'address', 'zipCode'] as const) {
        if (parsed[field] !== '') expect(sourced.has(field), `${doc._id} ${field}`).toBe(true);
      }
      if (parsed.animalTypes.length) expect(sourced.has('animalTypes'), doc._id).toBe(true);
      for (const flag of ['hasToursAvailable', 'hasVolunteerOpportunities', 'hasAdoptions', 'foundedYear'] as const) {
        if (parsed[flag]) expect(sourced.has(flag), `${doc._id} ${flag}`).toBe(true);
      }
    }
  });

  it('places a listing at its ZIP centroid when it has one', () => {
    const [doc] = buildDefaultSeed([{ name: 'Test Haven', town: 'Grass Valley', state: 'CA', zipCode: '95949', sources: [] }], createTownLocator());
    expect(doc).toMatchObject({ coordinateSource: 'zip-centroid', zipCode: '95949' });
  }, 30_000);

  it('refuses a town it cannot place, and an entry without a source, instead of guessing', () => {
    expect(() => buildDefaultSeed([{ name: 'Nowhere Refuge', town: 'Qwxyzville', state: 'OH', sources: [] }], createTownLocator())).toThrow(/No coordinates/);
    expect(() => readSeedEntries('[{"name":"Unsourced","town":"Columbus","state":"OH","sources":[]}]')).toThrow(/names no source/);
  }, 30_000);
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
