// The names of the device's public databases, apart from PouchDB itself, so a module can ask whether they exist
// without loading it (data/first-sync).

export const LOCAL_DB_NAMES = { sanctuaries: 'ss-sanctuaries', reviews: 'ss-reviews' } as const;

export type PublicDbName = keyof typeof LOCAL_DB_NAMES;

/** The IndexedDB database PouchDB keeps a local database in: its default prefix, then the name. */
export const indexedDbNameOf = (name: PublicDbName) => `_pouch_${LOCAL_DB_NAMES[name]}`;
