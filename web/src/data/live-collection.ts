// Keeps an in-memory copy of one document type from a local database, updated live from its change feed,
// and lets React components subscribe to it (useSyncExternalStore).
import type { LocalDb } from './local-db';

export interface CollectionSnapshot<T> {
  status: 'loading' | 'ready';
  items: ReadonlyMap<string, T>;
}

export interface LiveCollection<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CollectionSnapshot<T>;
  /** What pre-rendering showed, and so what hydration renders first: nothing read yet. */
  getServerSnapshot(): CollectionSnapshot<T>;
}

export function createLiveCollection<D extends object, S extends D, T>(
  /** Resolves once the database may be read (see local-db-loader). */
  db: () => Promise<LocalDb<D>>,
  accept: (doc: unknown) => doc is S,
  map: (doc: S) => T,
): LiveCollection<T> {
  const loading: CollectionSnapshot<T> = { status: 'loading', items: new Map() };
  let snapshot = loading;
  const listeners = new Set<() => void>();
  let started = false;
  let flushQueued = false;
  let working = new Map<string, T>();

  const publish = () => {
    snapshot = { status: 'ready', items: working };
    listeners.forEach((l) => l());
  };
  // Replication writes up to a thousand documents at once; publish at most once per frame.
  const schedule = () => {
    if (flushQueued) return;
    flushQueued = true;
    const run = () => {
      flushQueued = false;
      working = new Map(working);
      publish();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 16);
  };

  async function start() {
    const database = await db();
    const all = await database.allDocs({ include_docs: true });
    const items = new Map<string, T>();
    for (const row of all.rows) if (accept(row.doc)) items.set(row.id, map(row.doc));
    working = items;
    publish();
    database
      .changes({ since: 'now', live: true, include_docs: true })
      .on('change', (change) => {
        if (change.deleted || !accept(change.doc)) {
          if (!working.has(change.id)) return;
          working.delete(change.id);
        } else working.set(change.id, map(change.doc));
        schedule();
      })
      .on('error', (err) => console.error('[data] change feed stopped', err));
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        started = true;
        void start().catch((err) => {
          console.error('[data] could not read the local database', err);
          snapshot = { status: 'ready', items: new Map() };
          listeners.forEach((l) => l());
        });
      }
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    getServerSnapshot: () => loading,
  };
}
