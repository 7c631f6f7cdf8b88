// Brings a CouchDB (embedded or real) to the shape in ./definitions.ts. Idempotent: a second run changes nothing.
import type { CouchClient } from './client.ts';
import { CouchHttpError } from './client.ts';
import { ALL_DBS, DB, DESIGN_DOCS, PRIVATE_SECURITY, USER_DB_PREFIX, userDbDesignDoc, type DesignDoc } from './definitions.ts';

/** `_local` documents are not replicated and not validated: a fitting place for setup's own bookkeeping. */
const USER_DB_MARKER = '_local/userdb-design';

export interface SetupReport {
  /** One line per change made, e.g. "created database reviews". Empty when everything was already in place. */
  changes: string[];
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export async function setupCouch(couch: CouchClient): Promise<SetupReport> {
  const changes: string[] = [];
  const existing = new Set(await couch.call(() => couch.nano.db.list()));

  // CouchDB 3 wants the system databases on a fresh single node; PouchDB Server manages its own.
  const realCouch = await isRealCouchDB(couch);
  for (const system of ['_users', '_replicator']) {
    if (!existing.has(system) && realCouch) {
      await createDb(couch, system, changes);
    }
  }

  for (const name of ALL_DBS) {
    await ensureDatabase(couch, name, DESIGN_DOCS[name], changes, existing.has(name));
  }
  await upgradeUserDbs(couch, [...existing], changes);
  return { changes };
}

/**
 * Users' own databases are created at registration with the design document of the day. When that changes
 * (a new allowed document type), every existing one is brought up to date once; a marker in `users` records
 * which version they have, so an ordinary start does not visit every user's database.
 */
async function upgradeUserDbs(couch: CouchClient, dbNames: string[], changes: string[]) {
  // The suffix names one-off passes over every user database: the foreign design document sweep (issue 19).
  const version = `${stable(userDbDesignDoc('<owner>'))}|foreign-design-docs-removed`;
  const users = couch.nano.db.use<{ version: string }>(DB.users);
  let marker: { _rev?: string; version?: string } = {};
  try {
    marker = await couch.call(() => users.get(USER_DB_MARKER));
  } catch (err) {
    if (!(err instanceof CouchHttpError && err.statusCode === 404)) throw err;
  }
  if (marker.version === version) return;
  for (const name of dbNames) {
    if (name.startsWith(USER_DB_PREFIX)) {
      await ensureDatabase(couch, name, [userDbDesignDoc(name.slice(USER_DB_PREFIX.length))], changes, true);
    }
  }
  await couch.call(() => users.insert({ _id: USER_DB_MARKER, ...(marker._rev ? { _rev: marker._rev } : {}), version } as never));
}

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

async function createDb(couch: CouchClient, name: string, changes: string[]) {
  try {
    await couch.call(() => couch.nano.db.create(name));
    changes.push(`created database ${name}`);
  } catch (err) {
    // Another process (a second gateway) may have created it a moment ago.
    if (!(err instanceof CouchHttpError && err.statusCode === 412)) throw err;
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


async function isRealCouchDB(couch: CouchClient): Promise<boolean> {
  const info = (await couch.call(() => couch.nano.info())) as { couchdb?: string };
  return info.couchdb === 'Welcome';
}
