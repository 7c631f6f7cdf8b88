// The signed-in user's favourites, live from their own database on this device, and the heart's toggle. Writes are
// local first; user-db.ts pushes them to the server whenever the device is online.
import { create } from 'zustand';
import type { FavoriteDoc } from '@ss/domain/favorite';
import { FAVORITE_ID_PREFIX, favoriteDocId, isFavoriteDoc, newFavorite } from '@ss/domain/favorite';
import { openUserDb, useUserDbStore, type UserDb, type UserDbDoc } from './user-db';

export interface FavoritesState {
  /** 'idle' when nobody is signed in; 'loading' until the user's database has been read. */
  status: 'idle' | 'loading' | 'ready';
  /** Favourites by sanctuary id. */
  bySanctuary: ReadonlyMap<string, FavoriteDoc>;
}

export const useFavoritesStore = create<FavoritesState>(() => ({ status: 'idle', bySanctuary: new Map() }));

let watching: UserDb | null = null;
let feed: PouchDB.Core.Changes<UserDbDoc> | null = null;

const sanctuaryIdOf = (docId: string) => docId.slice(FAVORITE_ID_PREFIX.length);

function watch(db: UserDb | null) {
  if (db === watching) return;
  feed?.cancel();
  feed = null;
  watching = db;
  if (!db) {
    useFavoritesStore.setState({ status: 'idle', bySanctuary: new Map() });
    return;
  }
  useFavoritesStore.setState({ status: 'loading', bySanctuary: new Map() });
  const working = new Map<string, FavoriteDoc>();
  const publish = () => {
    if (watching === db) useFavoritesStore.setState({ status: 'ready', bySanctuary: new Map(working) });
  };
  void (async () => {
    // The feed starts where the read began, so nothing written in between is missed (a repeat is harmless).
    const { update_seq: since } = await db.info();
    const all = await db.allDocs({ include_docs: true, startkey: FAVORITE_ID_PREFIX, endkey: `${FAVORITE_ID_PREFIX}\uffff` });
    if (watching !== db) return;
    for (const row of all.rows) if (isFavoriteDoc(row.doc)) working.set(row.doc.sanctuaryId, row.doc);
    publish();
    feed = db
      .changes({ since, live: true, include_docs: true })
      .on('change', (change) => {
        if (!change.id.startsWith(FAVORITE_ID_PREFIX)) return;
        if (change.deleted || !isFavoriteDoc(change.doc)) working.delete(sanctuaryIdOf(change.id));
        else working.set(change.doc.sanctuaryId, change.doc);
        publish();
      })
      .on('error', (err) => console.error('[favorites] change feed stopped', err));
  })().catch((err) => {
    console.error('[favorites] could not read the favourites', err);
    publish();
  });
}

useUserDbStore.subscribe((s) => watch(s.db));
watch(useUserDbStore.getState().db);

/** Adds or removes a favourite in `userId`'s database on this device; resolves with what it did. */
export async function toggleFavorite(sanctuaryId: string, userId: string): Promise<'added' | 'removed'> {
  await openUserDb(userId);
  const { db, userId: openFor } = useUserDbStore.getState();
  if (!db || openFor !== userId) throw new Error('Your saved sanctuaries are not available right now.');
  const id = favoriteDocId(sanctuaryId);
  const existing = await db.get(id).catch((err: { status?: number }) => {
    if (err.status === 404) return null;
    throw err;
  });
  if (existing) {
    await db.remove(existing);
    return 'removed';
  }
  try {
    await db.put(newFavorite(sanctuaryId, userId));
  } catch (err) {
    // Saved a moment ago by another tab or by replication: it is a favourite either way.
    if ((err as { status?: number }).status !== 409) throw err;
  }
  return 'added';
}

/** Whether this sanctuary is one of the signed-in user's favourites. */
export function useIsFavorite(sanctuaryId: string): boolean {
  return useFavoritesStore((s) => s.bySanctuary.has(sanctuaryId));
}
