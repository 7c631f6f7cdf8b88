// Loads a set of sanctuaries into CouchDB. The default seed is loaded once per database: a _local marker
// (never replicated) records that it happened, so a listing an admin later removes does not come back.
import type { CouchClient } from '../client.ts';
import { DB } from '../definitions.ts';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { readDefaultSeed } from './default-seed.ts';

const MARKER_ID = '_local/default-seed';

export async function loadDefaultSeedOnce(couch: CouchClient): Promise<{ loaded: number }> {
  const db = couch.use<{ loadedAt: string; count: number }>(DB.sanctuaries);
  try {
    await couch.call(() => db.get(MARKER_ID));
    return { loaded: 0 };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  const docs = readDefaultSeed();
  const loaded = await insertSanctuaries(couch, docs);
  await couch.call(() => db.insert({ _id: MARKER_ID, loadedAt: new Date().toISOString(), count: docs.length } as never));
  return { loaded };
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
