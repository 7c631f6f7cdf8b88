// Each user's own database (userdb-<hex id>): created at registration, private to admins like every other
// database, and readable here for the favourites API. Writes from devices arrive through the gateway's /db/me.
import type { CouchClient } from './client.ts';
import { userDbDesignDoc, userDbName } from './definitions.ts';
import { ensureDatabase } from './setup.ts';
import { FAVORITE_ID_PREFIX, isFavoriteDoc, type FavoriteDoc } from '@ss/domain/favorite';
import { isUserId } from '@ss/domain/user';

/** Creates the user's database if missing and brings its _security and design document up to date. */
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
  await ensureDatabase(couch, name, [userDbDesignDoc(userId)], [], exists);
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
