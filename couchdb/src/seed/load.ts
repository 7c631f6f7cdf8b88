// Loads a set of sanctuaries into CouchDB. The default seed is loaded once per database: a _local marker
// (never replicated) records that it happened, so a listing an admin later removes does not come back.
import type { CouchClient } from '../client.ts';
import { DB } from '../definitions.ts';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { getOrNull } from '../client.ts';
import { readClosedSeed, readDefaultSeed, readSeedSnapshot, type ClosedListing } from './default-seed.ts';

const MARKER_ID = '_local/default-seed';
/**
 * Bumped with each default seed that changes what the previous one wrote (1: the first 52, name and place only;
 * 2: 88 sourced listings; 3: 103, richer facts, one closed; 4: more listings, descriptions from the facts; 5: ZIP codes found since, so ZIP-centre coordinates; 6: three more listings and a ZIP; 7: thirteen more listings with their ZIPs). Each earlier version's output is kept as a snapshot
 * (default-seed.ts) for the upgrade to compare with.
 */
export const DEFAULT_SEED_VERSION = 7;

interface SeedMarker {
  _id: string;
  _rev?: string;
  loadedAt: string;
  count: number;
  version?: number;
  upgradedAt?: string;
}

/**
 * Loads the default seed into a new store, once; a store seeded by an earlier version is upgraded instead
 * (upgradeDefaultSeed). A `_local` marker (never replicated) records what happened, so a listing an admin removes
 * does not come back.
 */
export async function loadDefaultSeedOnce(couch: CouchClient): Promise<{ loaded: number; upgraded?: { added: number; updated: number; withdrawn: number } }> {
  const db = couch.use<SeedMarker>(DB.sanctuaries);
  const marker = await getOrNull(() => db.get(MARKER_ID));
  const docs = readDefaultSeed();
  if (marker) {
    if ((marker.version ?? 1) >= DEFAULT_SEED_VERSION) return { loaded: 0 };
    const upgraded = await upgradeDefaultSeed(couch, docs, readSeedSnapshot(marker.version ?? 1), new Date(), readClosedSeed());
    await couch.call(() => db.insert({ ...marker, version: DEFAULT_SEED_VERSION, upgradedAt: new Date().toISOString() }));
    return { loaded: 0, upgraded };
  }
  const loaded = await insertSanctuaries(couch, docs);
  await couch.call(() => db.insert({ _id: MARKER_ID, loadedAt: new Date().toISOString(), count: docs.length, version: DEFAULT_SEED_VERSION }));
  return { loaded };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Fields the seed never takes back: the document's identity and the times. */
const NOT_SEED_FIELDS = new Set(['_id', '_rev', 'type', 'schemaVersion', 'createdAt', 'updatedAt']);

/**
 * Brings a store seeded by the previous default seed up to this one, idempotently: listings new to the seed are
 * added (never one the previous seed had, so a listing an admin removed stays removed), and in the others each
 * field still holding what the previous seed wrote takes the new value. A field an owner or admin changed since
 * differs from the previous seed's value and is left alone. A listing a source says has closed is withdrawn
 * (deleted, so every device drops it) when nobody changed it since the previous seed wrote it and no owner
 * manages it; otherwise it stays for an admin to judge.
 */
export async function upgradeDefaultSeed(
  couch: CouchClient,
  next: SanctuaryDoc[],
  previous: SanctuaryDoc[],
  now = new Date(),
  closed: ClosedListing[] = [],
): Promise<{ added: number; updated: number; withdrawn: number }> {
  const before = new Map(previous.map((d) => [d._id, d]));
  const db = couch.use<SanctuaryDoc>(DB.sanctuaries);
  const rows = (await couch.call(() => db.fetch({ keys: [...next, ...closed].map((d) => d._id) }))).rows;
  const stored = new Map<string, SanctuaryDoc | 'deleted'>();
  for (const row of rows) {
    if ('error' in row) continue;
    if ((row.value as { deleted?: boolean } | undefined)?.deleted || !row.doc) stored.set(row.key, 'deleted');
    else stored.set(row.key, row.doc);
  }
  const writes: SanctuaryDoc[] = [];
  let added = 0;
  for (const doc of next) {
    const current = stored.get(doc._id);
    const old = before.get(doc._id);
    if (current === undefined) {
      if (old) continue; // the previous seed had it and it is gone: removed on purpose
      const { _rev: _r, ...fresh } = doc;
      writes.push(fresh);
      added += 1;
      continue;
    }
    if (current === 'deleted' || !old) continue;
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(doc)) {
      if (NOT_SEED_FIELDS.has(field)) continue;
      const have = (current as unknown as Record<string, unknown>)[field];
      if (same(have, value)) continue;
      if (same(have, (old as unknown as Record<string, unknown>)[field])) changed[field] = value;
    }
    if (Object.keys(changed).length) writes.push({ ...current, ...changed, updatedAt: now.toISOString() });
  }
  const withdrawals: SanctuaryDoc[] = [];
  for (const gone of closed) {
    const current = stored.get(gone._id);
    const old = before.get(gone._id);
    if (!current || current === 'deleted' || !old || current.claimed) continue;
    const untouched = Object.keys({ ...old, ...current }).every(
      (field) => NOT_SEED_FIELDS.has(field) || same((current as unknown as Record<string, unknown>)[field], (old as unknown as Record<string, unknown>)[field]),
    );
    if (untouched) withdrawals.push({ ...current, _deleted: true } as SanctuaryDoc);
  }
  let updated = 0;
  for (let i = 0; i < writes.length; i += 500) {
    const results = await couch.call(() => db.bulk({ docs: writes.slice(i, i + 500) }));
    for (const r of results) if (!r.error) updated += 1;
  }
  let withdrawn = 0;
  if (withdrawals.length) {
    const results = await couch.call(() => db.bulk({ docs: withdrawals }));
    for (const r of results) if (!r.error) withdrawn += 1;
  }
  return { added, updated: updated - added, withdrawn };
}

/** Inserts documents in batches; documents that already exist are left as they are. Returns how many were new. */
export async function insertSanctuaries(couch: CouchClient, docs: SanctuaryDoc[], batchSize = 2000): Promise<number> {
  const db = couch.use<SanctuaryDoc>(DB.sanctuaries);
  let inserted = 0;
  for (let i = 0; i < docs.length; i += batchSize) {
    const batch = docs.slice(i, i + batchSize).map(({ _rev: _ignored, ...doc }) => doc);
    const results = await couch.call(() => db.bulk({ docs: batch }));
    for (const r of results) {
      if (r.error && r.error !== 'conflict') throw new Error(`Seeding ${r.id} failed: ${r.error} ${r.reason ?? ''}`);
      if (!r.error) inserted++;
    }
  }
  return inserted;
}
