// Bringing one database to its wanted shape: created, private to admins, exactly its own design documents.
// Used by setup (./setup.ts) for every database and at registration for a new user's own (./user-db.ts).
import type { CouchClient } from './client.ts';
import { CouchHttpError } from './client.ts';
import { PRIVATE_SECURITY, shardsFor, stableJson as stable, type DesignDoc } from './definitions.ts';

/** Creates the database if needed, makes it private to admins and applies its design documents. */
export async function ensureDatabase(couch: CouchClient, name: string, designDocs: DesignDoc[], changes: string[], exists = false) {
  if (!exists) await createDb(couch, name, changes);

  const security = await couch.call(() => couch.nano.request({ db: name, path: '_security' }));
  if (stable(security) !== stable(PRIVATE_SECURITY)) {
    await couch.call(() => couch.nano.request({ db: name, path: '_security', method: 'PUT', body: PRIVATE_SECURITY }));
    changes.push(`set _security of ${name}`);
  }

  await removeForeignDesignDocs(couch, name, designDocs, changes);
  for (const ddoc of designDocs) {
    await applyDesignDoc(couch, name, ddoc, changes);
  }
}

/**
 * Deletes every design document of `db` that is not one of ours: a store written to before the gateway checked
 * `_local` bodies may hold a client's (issue 19). The embedded store never evaluates one (store-process.ts), but
 * its validator would refuse every write; CouchDB would run it in its sandbox. Ours are then written again.
 */
async function removeForeignDesignDocs(couch: CouchClient, db: string, ours: DesignDoc[], changes: string[]) {
  const scope = couch.nano.db.use<DesignDoc>(db);
  const res = await couch.call(() => scope.list({ startkey: '_design/', endkey: '_design0' }));
  const wanted = new Set(ours.map((d) => d._id));
  for (const row of res.rows) {
    if (wanted.has(row.id)) continue;
    try {
      await couch.call(() => scope.destroy(row.id, row.value.rev));
      changes.push(`removed foreign design document ${db}/${row.id}`);
    } catch (err) {
      if (!(err instanceof CouchHttpError && (err.statusCode === 404 || err.statusCode === 409))) throw err;
    }
  }
}

/** Creates `name` in the shards definitions.ts gives it (the embedded store has none and ignores them). */
export async function createDb(couch: CouchClient, name: string, changes: string[]) {
  const shards = shardsFor(name);
  try {
    await couch.call(() => couch.nano.db.create(name, shards ? { q: shards } : undefined));
    changes.push(`created database ${name}`);
  } catch (err) {
    // Another process (a second gateway) may have created it a moment ago.
    if (err instanceof CouchHttpError && err.statusCode === 412) return;
    // CouchDB creates _users and _replicator itself as it starts; a create racing it answers 500 "conflict".
    // Whoever won, the database is there: check rather than guess.
    if (err instanceof CouchHttpError && err.statusCode === 500) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const exists = await couch.call(() => couch.nano.db.get(name)).then(() => true, () => false);
        if (exists) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    throw err;
  }
}

async function applyDesignDoc(couch: CouchClient, db: string, wanted: DesignDoc, changes: string[]) {
  const scope = couch.nano.db.use<DesignDoc>(db);
  let current: (DesignDoc & { _rev: string }) | null = null;
  try {
    current = (await couch.call(() => scope.get(wanted._id))) as DesignDoc & { _rev: string };
  } catch (err) {
    if (!(err instanceof CouchHttpError && err.statusCode === 404)) throw err;
  }
  if (current) {
    const { _rev, ...rest } = current;
    if (stable(rest) === stable(wanted)) return;
    await couch.call(() => scope.insert({ ...wanted, _rev }));
    changes.push(`updated ${db}/${wanted._id}`);
  } else {
    await couch.call(() => scope.insert(wanted));
    changes.push(`created ${db}/${wanted._id}`);
  }
}
