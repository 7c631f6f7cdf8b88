// A live, in-memory copy of one kind of document from the signed-in user's database on this device (by id
// prefix), for commands whose outcome the server writes back: the list updates as replication brings them.
// Every command list of the app is one of these (issue 18: one watcher, not one per kind).
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { openUserDb, useUserDbStore, type UserDb, type UserDbDoc } from './user-db';

export interface UserDocsState<T> {
  userId: string | null;
  /** 'idle' when nobody is signed in; 'loading' until the user's database has been read. */
  status: 'idle' | 'loading' | 'ready';
  byId: ReadonlyMap<string, T>;
}

export interface UserDocStoreOptions<T, X> {
  /** What is kept of each document (the lists may not need attachment bodies). */
  keep?: (doc: T) => T;
  /** More per-user state the store carries beside the documents: its value for nobody, and when `userId` signs in. */
  extra?: { none: X; forUser: (userId: string) => X };
}

/**
 * One kind of document of the signed-in user's database (by id prefix), live: the one watcher every command list
 * uses (applications, claims, listing updates, reviews, admin decisions). Extra per-user state rides along.
 */
export function createUserDocStore<T, X extends object = object>(
  prefix: string,
  isDoc: (doc: unknown) => doc is T,
  label: string,
  { keep = (doc) => doc, extra }: UserDocStoreOptions<T, X> = {},
): UseBoundStore<StoreApi<UserDocsState<T> & X>> {
  const none = () => ({ userId: null, status: 'idle' as const, byId: new Map<string, T>(), ...(extra?.none ?? ({} as X)) });
  const store = create<UserDocsState<T> & X>(none);
  let watching: UserDb | null = null;
  let feed: PouchDB.Core.Changes<UserDbDoc> | null = null;

  function watch(db: UserDb | null, userId: string | null) {
    if (db === watching) return;
    feed?.cancel();
    feed = null;
    watching = db;
    if (!db || !userId) {
      store.setState(none());
      return;
    }
    store.setState({ userId, status: 'loading', byId: new Map(), ...(extra?.forUser(userId) ?? {}) } as unknown as Partial<UserDocsState<T> & X>);
    const working = new Map<string, T>();
    const publish = () => {
      if (watching === db) store.setState({ status: 'ready', byId: new Map(working) } as unknown as Partial<UserDocsState<T> & X>);
    };
    void (async () => {
      // The feed starts where the read began, so nothing written in between is missed (a repeat is harmless).
      const { update_seq: since } = await db.info();
      const all = await db.allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\uffff` });
      if (watching !== db) return;
      for (const row of all.rows) if (isDoc(row.doc)) working.set(row.id, keep(row.doc));
      publish();
      feed = db
        .changes({ since, live: true, include_docs: true })
        .on('change', (change) => {
          if (!change.id.startsWith(prefix)) return;
          if (change.deleted || !isDoc(change.doc)) working.delete(change.id);
          else working.set(change.id, keep(change.doc));
          publish();
        })
        .on('error', (err) => console.error(`[${label}] change feed stopped`, err));
    })().catch((err) => {
      console.error(`[${label}] could not be read`, err);
      publish();
    });
  }

  useUserDbStore.subscribe((s) => watch(s.db, s.userId));
  watch(useUserDbStore.getState().db, useUserDbStore.getState().userId);
  return store;
}

/** Writes one new document into `userId`'s database on this device (pushed when online). */
export async function putUserDoc(userId: string, doc: { _id: string }): Promise<void> {
  await openUserDb(userId);
  const { db, userId: openFor } = useUserDbStore.getState();
  if (!db || openFor !== userId) throw new Error('Your account is not available on this device right now.');
  await db.put(doc as never);
}
