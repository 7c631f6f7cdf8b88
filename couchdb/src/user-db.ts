// Each user's own database (userdb-<hex id>): created at registration, private to admins like every other
// database, and readable here for the favourites API. Writes from devices arrive through the gateway's /db/me.
import { getOrNull, isConflict, isNotFound, type CouchClient } from './client.ts';
import { USER_DB_DESIGN_DOCS, userDbName } from './definitions.ts';
import { ensureDatabase } from './databases.ts';
import { FAVORITE_ID_PREFIX, isFavoriteDoc, type FavoriteDoc } from '@ss/domain/favorite';
import { revisionsIn } from '@ss/domain/revisions';
import { isUserId } from '@ss/domain/user';

/** Creates the user's database if missing and brings its _security up to date (it holds no design document). */
export async function ensureUserDb(couch: CouchClient, userId: string): Promise<string> {
  if (!isUserId(userId)) throw new Error('Not a user id');
  const name = userDbName(userId);
  const exists = await couch
    .call(() => couch.nano.db.get(name))
    .then(() => true)
    .catch((err: { statusCode?: number }) => {
      if (err.statusCode === 404) return false;
      throw err;
    });
  await ensureDatabase(couch, name, USER_DB_DESIGN_DOCS, [], exists);
  return name;
}

/** The user's favourites (not deleted), newest first. */
export async function listFavoriteDocs(couch: CouchClient, userId: string): Promise<FavoriteDoc[]> {
  if (!isUserId(userId)) return [];
  const db = couch.nano.db.use<FavoriteDoc>(userDbName(userId));
  try {
    const res = await couch.call(() => db.list({ startkey: FAVORITE_ID_PREFIX, endkey: `${FAVORITE_ID_PREFIX}\ufff0`, include_docs: true }));
    return res.rows
      .flatMap((r) => (isFavoriteDoc(r.doc) && r.doc.ownerId === userId ? [r.doc] : []))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  } catch (err) {
    // A user created before their database (it is made at registration) simply has no favourites yet.
    if ((err as { statusCode?: number }).statusCode === 404) return [];
    throw err;
  }
}

/**
 * The replication checkpoints (`_local/<name>`) a user's devices keep in their database, named in the gateway's own
 * `_local/ss-checkpoints` (names starting `ss-` are the gateway's; devices cannot write them). A device keeps two
 * (its push and its pull); past `max` the oldest are deleted, so the number of `_local` documents stays bounded
 * however many names a client invents. A device whose checkpoint went just re-checks what it already has.
 */
export const CHECKPOINT_INDEX_ID = '_local/ss-checkpoints';

interface CheckpointIndex {
  _id: string;
  _rev?: string;
  names: string[];
}

/** The checkpoint names the user's index holds, oldest first (none when it, or the database, does not exist). */
export async function readCheckpointIndex(couch: CouchClient, userId: string): Promise<string[]> {
  const db = couch.nano.db.use<CheckpointIndex>(userDbName(userId));
  const index = await getOrNull(() => db.get(CHECKPOINT_INDEX_ID));
  return namesIn(index);
}

const namesIn = (index: CheckpointIndex | null): string[] => (index && Array.isArray(index.names) ? index.names.filter((n) => typeof n === 'string') : []);

/**
 * Adds `names` to the user's checkpoint index (those it holds stay where they are); deletes the oldest past `max`.
 * Resolves with the index as written and the names evicted to make room.
 */
export async function registerCheckpoints(couch: CouchClient, userId: string, adding: readonly string[], max: number): Promise<{ names: string[]; evicted: string[] }> {
  const db = couch.nano.db.use<CheckpointIndex>(userDbName(userId));
  for (let attempt = 0; ; attempt++) {
    const index = (await getOrNull(() => db.get(CHECKPOINT_INDEX_ID))) ?? { _id: CHECKPOINT_INDEX_ID, names: [] };
    const names = namesIn(index);
    const fresh = [...new Set(adding)].filter((n) => !names.includes(n));
    if (!fresh.length) return { names, evicted: [] };
    names.push(...fresh);
    const evicted = names.splice(0, Math.max(0, names.length - max));
    try {
      await couch.call(() => db.insert({ ...index, names }));
    } catch (err) {
      if (isConflict(err) && attempt < 5) continue;
      throw err;
    }
    for (const old of evicted) await deleteLocalDoc(couch, userId, old);
    return { names, evicted };
  }
}

async function deleteLocalDoc(couch: CouchClient, userId: string, name: string): Promise<void> {
  const db = couch.nano.db.use(userDbName(userId));
  const id = `_local/${name}`;
  const doc = await getOrNull(() => db.get(id));
  if (!doc) return;
  try {
    await couch.call(() => db.destroy(id, (doc as { _rev: string })._rev));
  } catch (err) {
    if (!isConflict(err) && !isNotFound(err)) throw err;
  }
}

/**
 * For each id, every revision the user's database knows of it (its winning branch's history), or nothing when it
 * has no such document. Used to keep immutable documents immutable: a replicated write is let through only when
 * it re-sends a revision that is already there.
 */
export async function knownRevisions(couch: CouchClient, userId: string, ids: readonly string[]): Promise<Map<string, Set<string>>> {
  const db = couch.nano.db.use<{ _revisions?: { start: number; ids: string[] } }>(userDbName(userId));
  const known = new Map<string, Set<string>>();
  for (const id of new Set(ids)) {
    const doc = await getOrNull(() => db.get(id, { revs: true }));
    if (doc) known.set(id, new Set(revisionsIn(doc._revisions)));
  }
  return known;
}

/** Reclaims the room of old revisions (a published review's photos leave its command). */
export async function compactUserDb(couch: CouchClient, userId: string): Promise<void> {
  await couch.call(() => couch.nano.request({ db: userDbName(userId), path: '_compact', method: 'POST', headers: { 'content-type': 'application/json' } }));
}
