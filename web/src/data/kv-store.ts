// A tiny promise wrapper over one IndexedDB object store, for records PouchDB is too slow to open at start
// (the compact directory read on a cold start). Values are stored by structured clone.
const DB_NAME = 'ss-cache';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  return (opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }));
}

function request<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = run(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result as T);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export const kvGet = <T>(key: string) => request<T | undefined>('readonly', (s) => s.get(key));
export const kvSet = (key: string, value: unknown) => request<IDBValidKey>('readwrite', (s) => s.put(value, key));
export const kvDelete = (key: string) => request<undefined>('readwrite', (s) => s.delete(key));
/** Writes several records in one transaction: all of them or none. */
export const kvSetMany = (entries: ReadonlyArray<readonly [string, unknown]>) =>
  request<unknown>('readwrite', (s) => {
    let last!: IDBRequest;
    for (const [key, value] of entries) last = s.put(value, key);
    return last;
  });
