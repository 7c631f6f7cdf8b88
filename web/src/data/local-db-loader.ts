// PouchDB (about 50 KB of gzip) stays out of the JavaScript the first paint waits for: the device's databases
// load on first use, once per page. The first paint reads the directory's compact IndexedDB record instead. The
// public databases are opened through data/first-sync's loadPublicDbs, which waits for a first sync in a worker.
export type LocalDbModule = typeof import('./local-db');

let loading: Promise<LocalDbModule> | undefined;

export function loadLocalDb(): Promise<LocalDbModule> {
  return (loading ??= import('./local-db'));
}
