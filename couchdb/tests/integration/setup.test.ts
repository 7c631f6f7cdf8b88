// The setup and the default seed against a real embedded store: idempotent, private, validated, surviving restarts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupCouch } from '../../src/setup.ts';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import type { DocumentScope } from 'nano';
import { insertSanctuaries, loadDefaultSeedOnce, upgradeDefaultSeed } from '../../src/seed/load.ts';
import { readClosedSeed, readDefaultSeed, readPreviousSeed, readSeedSnapshot } from '../../src/seed/default-seed.ts';
import { ALL_DBS, DB, PRIVATE_SECURITY } from '../../src/definitions.ts';
import { createCouchClient } from '../../src/client.ts';
import { startLocalStore } from '../../src/store-choice.ts';
import { startStoreFixture, type StoreFixture } from './store-fixture.ts';

let fx: StoreFixture;
beforeAll(async () => {
  fx = await startStoreFixture();
});
afterAll(() => fx.stop());

/** Leaves a store as seed version `version` did (its listings and its marker, dated `loadedAt`); returns the listings. */
async function seedAsVersion(store: StoreFixture, version: number, loadedAt: string): Promise<SanctuaryDoc[]> {
  const docs = readSeedSnapshot(version);
  await insertSanctuaries(store.couch, docs);
  await store.couch.use(DB.sanctuaries).insert({ _id: '_local/default-seed', loadedAt, count: docs.length, version } as never);
  return docs;
}

/**
 * A store as seed `version` left it, with the changes `edit` makes since (a team's own), upgraded by today's seed; a
 * second start changes nothing. Returns that seed's listings, the ones today's adds, the upgrade's result and what
 * the store holds after it.
 */
async function upgradedFrom(version: number, loadedAt: string, edit: (db: DocumentScope<SanctuaryDoc>, old: SanctuaryDoc[]) => Promise<void>) {
  const store = await startStoreFixture({ seed: false });
  try {
    const old = await seedAsVersion(store, version, loadedAt);
    await edit(store.couch.use<SanctuaryDoc>(DB.sanctuaries), old);
    const added = readDefaultSeed().filter((d) => !old.some((p) => p._id === d._id));
    const result = await loadDefaultSeedOnce(store.couch);
    const stored = new Map((await store.couch.sanctuaries.list()).map((d) => [d._id, d]));
    expect(await loadDefaultSeedOnce(store.couch)).toEqual({ loaded: 0 });
    return { old, added, result, stored };
  } finally {
    await store.stop();
  }
}

describe('CouchDB setup', () => {
  it('creates every database with private _security, and a second run changes nothing', async () => {
    const dbs = await fx.couch.nano.db.list();
    for (const name of ALL_DBS) {
      expect(dbs).toContain(name);
      expect(await fx.couch.nano.request({ db: name, path: '_security' })).toEqual(PRIVATE_SECURITY);
    }
    expect((await setupCouch(fx.couch)).changes).toEqual([]);
  });

  it('repairs a design document someone changed, and removes one that is not ours (issue 19)', async () => {
    const db = fx.couch.use<{ _rev: string; validate_doc_update?: string }>(DB.sanctuaries);
    const ddoc = await db.get('_design/sanctuaries');
    const changed = await db.insert({ ...ddoc, validate_doc_update: 'function () {}' }).then(() => 'stored', (err: { statusCode?: number }) => err.statusCode);
    const foreign = await db.insert({ _id: '_design/foreign', validate_doc_update: 'function () {}' } as never).then(() => 'stored', (err: { statusCode?: number }) => err.statusCode);
    if (fx.embedded) {
      // The embedded store writes no design document but its own, whoever asks (store-process.ts).
      expect([changed, foreign]).toEqual([403, 403]);
      expect((await setupCouch(fx.couch)).changes).toEqual([]);
    } else {
      // CouchDB stores what an admin writes; setup puts it right.
      expect([changed, foreign]).toEqual(['stored', 'stored']);
      expect((await setupCouch(fx.couch)).changes).toEqual(['removed foreign design document sanctuaries/_design/foreign', 'updated sanctuaries/_design/sanctuaries']);
    }
    expect((await setupCouch(fx.couch)).changes).toEqual([]);
    expect((await db.get('_design/sanctuaries')).validate_doc_update).toBe(ddoc.validate_doc_update);
  });

  it('validate_doc_update refuses malformed documents even from the gateway', async () => {
    const sanctuaries = fx.couch.use(DB.sanctuaries);
    await expect(sanctuaries.insert({ _id: 'bad-1', type: 'sanctuary', name: 'No coordinates' } as never)).rejects.toMatchObject({ statusCode: 403 });
    await expect(sanctuaries.insert({ _id: 'bad-2', type: 'user' } as never)).rejects.toMatchObject({ statusCode: 403 });
    const reviews = fx.couch.use(DB.reviews);
    await expect(
      reviews.insert({ _id: 'r1', type: 'review', sanctuaryId: 's', userId: 'u', comment: '  ', rating: 6, createdAt: 'x', photos: [] } as never),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('default seed', () => {
  it('loads every listed sanctuary once, unverified, with approximate coordinates, each with its sources', async () => {
    const docs = await fx.couch.sanctuaries.list();
    expect(docs).toHaveLength(readDefaultSeed().length);
    for (const d of docs) {
      expect(d.isVerified).toBe(false);
      expect(d.coordinatesApproximate).toBe(true);
      expect(d.sources?.length).toBeGreaterThan(0);
      expect(d.name).not.toMatch(/synthetic/i);
    }
    expect((await loadDefaultSeedOnce(fx.couch)).loaded).toBe(0);
  });

  it('upgrades a store seeded by the previous seed: new listings added, untouched fields enriched, changed ones kept, twice the same', async () => {
    // A store as the previous version of the product left it: the 52 listings with name and place only.
    const old = await startStoreFixture({ seed: false });
    try {
      const previous = readPreviousSeed();
      await insertSanctuaries(old.couch, previous);
      await old.couch.use(DB.sanctuaries).insert({ _id: '_local/default-seed', loadedAt: '2026-01-02T00:00:00.000Z', count: previous.length } as never);
      // Since then an owner wrote their own description and phone for Barn Sanctuary, and an admin removed Sasha Farm.
      const db = old.couch.use<SanctuaryDoc>(DB.sanctuaries);
      const barn = await db.get('barn-sanctuary-chelsea-mi');
      await db.insert({ ...barn, description: 'Our own words about our sanctuary.', phone: '734-555-0100' });
      const sasha = await db.get('sasha-farm-manchester-mi');
      await db.destroy(sasha._id, sasha._rev);

      const result = await loadDefaultSeedOnce(old.couch);
      const next = readDefaultSeed();
      const newIds = next.filter((d) => !previous.some((p) => p._id === d._id)).map((d) => d._id);
      expect(result.upgraded?.added).toBe(newIds.length);
      expect(newIds.length).toBeGreaterThan(0);
      const stored = new Map((await old.couch.sanctuaries.list()).map((d) => [d._id, d]));
      for (const id of newIds) expect(stored.has(id), id).toBe(true);
      // Untouched listings take the richer fields and their sources.
      const animalPlace = stored.get('animal-place-grass-valley-ca')!;
      expect(animalPlace).toMatchObject({ website: 'http://animalplace.org/', zipCode: '95949', address: '17314 McCourtney Road' });
      expect(animalPlace.sources?.[0]?.url).toMatch(/go-vegan/);
      // What the owner changed stays theirs; the fields they did not touch are enriched; the removed listing stays removed.
      const barnAfter = stored.get('barn-sanctuary-chelsea-mi')!;
      expect(barnAfter).toMatchObject({ description: 'Our own words about our sanctuary.', phone: '734-555-0100', website: 'https://www.barnsanctuary.org/', zipCode: '48118', foundedYear: 2016 });
      // A listing that moved keeps its id and takes its new town.
      expect(stored.get('iowa-farm-sanctuary-marengo-ia')).toMatchObject({ city: 'Oxford', zipCode: '' });
      expect(stored.has('sasha-farm-manchester-mi')).toBe(false);
      // A listing a source says has closed, untouched since, is withdrawn.
      expect(result.upgraded?.withdrawn).toBe(readClosedSeed().filter((c) => previous.some((p) => p._id === c._id)).length);
      expect(stored.has('spring-farm-sanctuary-long-lake-mn')).toBe(false);

      // Idempotent: the next start changes nothing.
      const revs = new Map([...stored.values()].map((d) => [d._id, d._rev]));
      expect(await loadDefaultSeedOnce(old.couch)).toEqual({ loaded: 0 });
      expect(await upgradeDefaultSeed(old.couch, next, previous, new Date(), readClosedSeed())).toEqual({ added: 0, updated: 0, withdrawn: 0 });
      for (const d of await old.couch.sanctuaries.list()) expect(d._rev, d._id).toBe(revs.get(d._id));
    } finally {
      await old.stop();
    }
  }, 60_000);

  it('upgrades a store the second seed wrote: compares with what that seed wrote, keeps a closed listing an owner manages', async () => {
    const old = await startStoreFixture({ seed: false });
    try {
      const v2 = await seedAsVersion(old, 2, '2026-11-24T00:00:00.000Z');
      // Since then the team behind Spring Farm Sanctuary claimed it, and an admin rewrote Indraloka's description.
      const db = old.couch.use<SanctuaryDoc>(DB.sanctuaries);
      const spring = await db.get('spring-farm-sanctuary-long-lake-mn');
      await db.insert({ ...spring, claimed: true });
      const indraloka = await db.get('indraloka-animal-sanctuary-mehoopany-pa');
      await db.insert({ ...indraloka, description: 'Written by an admin.' });

      const result = await loadDefaultSeedOnce(old.couch);
      const next = readDefaultSeed();
      // Closed since, untouched: withdrawn (Spring Farm stays: its team claimed it).
      const closedSince = readClosedSeed().filter((c) => v2.some((p) => p._id === c._id) && c._id !== 'spring-farm-sanctuary-long-lake-mn');
      expect(result.upgraded).toEqual({ added: next.filter((d) => !v2.some((p) => p._id === d._id)).length, updated: expect.any(Number), withdrawn: closedSince.length });
      const stored = new Map((await old.couch.sanctuaries.list()).map((d) => [d._id, d]));
      // Claimed, so it stays for an admin to judge.
      expect(stored.get('spring-farm-sanctuary-long-lake-mn')).toMatchObject({ claimed: true });
      // Fields the second seed wrote and nobody changed take the third seed's values; the admin's words stay.
      expect(stored.get('indraloka-animal-sanctuary-mehoopany-pa')).toMatchObject({ city: 'Dalton', description: 'Written by an admin.', foundedYear: 2005 });
      expect(stored.get('indraloka-animal-sanctuary-mehoopany-pa')?.animalTypes).toContain('mules');
      expect(stored.get('the-pig-preserve-jamestown-tn')).toMatchObject({ name: 'Odd Man Inn Animal Refuge' });
      expect(await loadDefaultSeedOnce(old.couch)).toEqual({ loaded: 0 });
    } finally {
      await old.stop();
    }
  }, 60_000);

  it('upgrades a store the third seed wrote: new listings added, descriptions from the facts where nobody wrote one, twice the same', async () => {
    const old = await startStoreFixture({ seed: false });
    try {
      const v3 = await seedAsVersion(old, 3, '2026-11-26T00:00:00.000Z');
      // Since then Woodstock's team wrote their own description and changed their phone.
      const db = old.couch.use<SanctuaryDoc>(DB.sanctuaries);
      const woodstock = await db.get('woodstock-farm-sanctuary-high-falls-ny');
      await db.insert({ ...woodstock, description: 'Written by the sanctuary.', phone: '845-000-0000' });

      const result = await loadDefaultSeedOnce(old.couch);
      const next = readDefaultSeed();
      const added = next.filter((d) => !v3.some((p) => p._id === d._id));
      // A listing a source says has closed since (EARTH Animal Sanctuary), untouched, is withdrawn.
      const closedSince = readClosedSeed().filter((c) => v3.some((p) => p._id === c._id));
      expect(closedSince.map((c) => c._id)).toContain('earth-animal-sanctuary-thawville-il');
      expect(result.upgraded).toEqual({ added: added.length, updated: expect.any(Number), withdrawn: closedSince.length });
      const stored = new Map((await old.couch.sanctuaries.list()).map((d) => [d._id, d]));
      for (const d of added) expect(stored.get(d._id)?.name, d._id).toBe(d.name);
      // Untouched listings now describe themselves from their facts; the team's words and phone stay.
      const farm = stored.get('farm-sanctuary-watkins-glen-ny');
      expect(farm?.description).toBe(next.find((d) => d._id === 'farm-sanctuary-watkins-glen-ny')?.description);
      expect(farm?.description).toMatch(/Its residents include .*pigs/);
      expect(stored.get('woodstock-farm-sanctuary-high-falls-ny')).toMatchObject({ description: 'Written by the sanctuary.', phone: '845-000-0000' });
      const revs = new Map([...stored.values()].map((d) => [d._id, d._rev]));
      expect(await loadDefaultSeedOnce(old.couch)).toEqual({ loaded: 0 });
      expect(await upgradeDefaultSeed(old.couch, next, v3, new Date(), readClosedSeed())).toEqual({ added: 0, updated: 0, withdrawn: 0 });
      for (const d of await old.couch.sanctuaries.list()) expect(d._rev, d._id).toBe(revs.get(d._id));
    } finally {
      await old.stop();
    }
  }, 60_000);

  it('upgrades a store the fourth seed wrote: listings with a ZIP found since move to its centre, unless someone placed them', async () => {
    const next = readDefaultSeed();
    let gained: SanctuaryDoc[] = [];
    const starGazingId = 'star-gazing-farm-boyds-md';
    const { old: v4, result, stored } = await upgradedFrom(4, '2026-11-26T00:00:00.000Z', async (db, v4) => {
      gained = next.filter((d) => d.zipCode && !v4.find((p) => p._id === d._id)?.zipCode);
      expect(gained.length).toBeGreaterThan(10);
      // Since then Star Gazing Farm's team placed their pin on the barn themselves.
      const starGazing = await db.get(starGazingId);
      expect(gained.map((d) => d._id)).toContain(starGazing._id);
      await db.insert({ ...starGazing, latitude: 39.2, longitude: -77.3 });
    });
    expect(result.upgraded).toMatchObject({ added: next.filter((d) => !v4.some((p) => p._id === d._id)).length, withdrawn: 0 });
    for (const d of gained.filter((g) => g._id !== starGazingId)) {
      expect(stored.get(d._id), d._id).toMatchObject({ zipCode: d.zipCode, latitude: d.latitude, longitude: d.longitude, coordinateSource: 'zip-centroid', sources: d.sources });
    }
    // The ZIP and its source arrive; the pin the team placed stays where they put it.
    expect(stored.get(starGazingId)).toMatchObject({ zipCode: '20841', latitude: 39.2, longitude: -77.3 });
  }, 60_000);

  it('upgrades a store the fifth seed wrote: three new listings and a ZIP arrive, a phone number the team changed stays', async () => {
    const nebraskaId = 'nebraska-humane-society-star-equine-rehabilitation-program-omaha-ne';
    const { added, result, stored } = await upgradedFrom(5, '2026-11-27T00:00:00.000Z', async (db) => {
      const nebraska = await db.get(nebraskaId);
      expect(nebraska.zipCode).toBe('');
      await db.insert({ ...nebraska, phone: '402-444-7800 (barn)' });
    });
    expect(added.map((d) => d._id)).toEqual(expect.arrayContaining(['borderlands-horse-sanctuary-humboldt-sd', 'sunshine-horses-clay-ny', 'the-retirement-home-for-horses-at-mill-creek-farm-alachua-fl']));
    expect(result.upgraded).toEqual({ added: added.length, updated: expect.any(Number), withdrawn: 0 });
    for (const d of added) expect(stored.get(d._id), d._id).toMatchObject({ name: d.name, zipCode: d.zipCode, address: d.address, sources: d.sources, coordinateSource: 'zip-centroid' });
    // The ZIP and street its new source gives arrive; the phone number the team wrote stays.
    expect(stored.get(nebraskaId)).toMatchObject({ zipCode: '68134', address: '8929 Fort Street', phone: '402-444-7800 (barn)' });
  }, 60_000);

  it('upgrades a store the sixth seed wrote: thirteen new listings arrive at their ZIP centres, a moved website follows, what the team changed stays', async () => {
    const { added, result, stored } = await upgradedFrom(6, '2026-11-27T12:00:00.000Z', async (db) => {
      // A listing its team rewrote since the sixth seed keeps its words.
      const farm = await db.get('farm-sanctuary-watkins-glen-ny');
      await db.insert({ ...farm, description: 'Our own words about our sanctuary.' });
    });
    expect(added).toHaveLength(13);
    expect(added.map((d) => d._id)).toEqual(expect.arrayContaining(['begin-again-horse-rescue-lima-ny', 'hope-for-hooves-rescue-north-augusta-sc', 'second-stride-crestwood-ky']));
    expect(result.upgraded).toEqual({ added: 13, updated: expect.any(Number), withdrawn: 0 });
    for (const d of added) {
      expect(d.zipCode, d._id).toMatch(/^\d{5}$/);
      expect(stored.get(d._id), d._id).toMatchObject({ name: d.name, zipCode: d.zipCode, address: d.address, website: d.website, sources: d.sources, coordinateSource: 'zip-centroid' });
    }
    expect(stored.get('farm-sanctuary-watkins-glen-ny')?.description).toBe('Our own words about our sanctuary.');
    // A listing nobody changed takes its current website (its own site moved since the older source).
    expect(stored.get('forgotten-angels-equine-rescue-medford-nj')).toMatchObject({ website: 'https://forgottenangelsequine.com/', hasVolunteerOpportunities: true });
  }, 60_000);

  it('does not bring back a seeded listing that was removed', async () => {
    const db = fx.couch.use(DB.sanctuaries);
    const doc = await db.get('sasha-farm-manchester-mi');
    await db.destroy(doc._id, doc._rev);
    expect((await loadDefaultSeedOnce(fx.couch)).loaded).toBe(0);
    expect(await fx.couch.sanctuaries.get('sasha-farm-manchester-mi')).toBeNull();
  });

  it('keeps its data across a store restart', async () => {
    await fx.store.stop();
    const again = await startLocalStore({ dataDir: fx.dataDir, log: () => {} });
    try {
      const couch = createCouchClient(again.config);
      expect(await couch.sanctuaries.list()).toHaveLength(readDefaultSeed().length - 1);
      expect((await setupCouch(couch)).changes).toEqual([]);
    } finally {
      await again.stop();
    }
    // Leave a running store behind for afterAll to stop, as the fixture expects.
    const replacement = await startLocalStore({ dataDir: fx.dataDir, log: () => {} });
    const { dataDir } = fx;
    fx = {
      ...fx,
      store: replacement,
      async stop() {
        await replacement.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
});
