// Brings a CouchDB (embedded or real) to the shape in ./definitions.ts. Idempotent: a second run changes nothing.
import type { CouchClient } from './client.ts';
import { CouchHttpError } from './client.ts';
import { createDb, ensureDatabase } from './databases.ts';
import { runMigrations } from './migrations.ts';
import { ALL_DBS, DB, DESIGN_DOCS, USER_DB_DESIGN_DOCS, USER_DB_PREFIX, stableJson } from './definitions.ts';

/** `_local` documents are not replicated and not validated: a fitting place for setup's own bookkeeping. */
const USER_DB_MARKER = '_local/userdb-design';

export interface SetupReport {
  /** One line per change made, e.g. "created database reviews". Empty when everything was already in place. */
  changes: string[];
}

export async function setupCouch(couch: CouchClient): Promise<SetupReport> {
  const changes: string[] = [];
  const existing = new Set(await couch.call(() => couch.nano.db.list()));

  // CouchDB 3 wants the system databases on a fresh single node; PouchDB Server manages its own. `_global_changes`
  // backs `_db_updates`, which the gateway follows to wake devices when their own database is written.
  const realCouch = await isRealCouchDB(couch);
  for (const system of ['_users', '_replicator', '_global_changes']) {
    if (!existing.has(system) && realCouch) {
      await createDb(couch, system, changes);
    }
  }

  for (const name of ALL_DBS) {
    await ensureDatabase(couch, name, DESIGN_DOCS[name], changes, existing.has(name));
  }
  await upgradeUserDbs(couch, [...existing], changes);
  for (const name of await runMigrations(couch, (line) => changes.push(line))) changes.push(`ran migration ${name}`);
  return { changes };
}

/**
 * Users' own databases are created at registration with the design documents of the day (none since issue 16:
 * definitions.ts). When those change, every existing one is brought up to date once (the old `_design/userdb`
 * removed); a marker in `users` records which version they have, so an ordinary start does not visit every user's
 * database.
 */
async function upgradeUserDbs(couch: CouchClient, dbNames: string[], changes: string[]) {
  // The suffix names one-off passes over every user database: the foreign design document sweep (issue 19).
  const version = `${stableJson(USER_DB_DESIGN_DOCS)}|foreign-design-docs-removed`;
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
      await ensureDatabase(couch, name, USER_DB_DESIGN_DOCS, changes, true);
    }
  }
  await couch.call(() => users.insert({ _id: USER_DB_MARKER, ...(marker._rev ? { _rev: marker._rev } : {}), version } as never));
}

async function isRealCouchDB(couch: CouchClient): Promise<boolean> {
  const info = (await couch.call(() => couch.nano.info())) as { couchdb?: string };
  return info.couchdb === 'Welcome';
}
