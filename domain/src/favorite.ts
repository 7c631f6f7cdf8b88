// A favourite: one saved sanctuary in the user's own database (userdb-<id>), written on the device, synced
// through /db/me: ids, constructor and the cheap kind check the screens use. The schema the gateway checks every
// pushed favourite against is in favorite-schema.ts: the web app evaluates this module at start, and building a
// schema there (with zod's own modules to load) is time a slow phone spends before it can answer a tap.

export const FAVORITE_DOC_TYPE = 'favorite';
export const FAVORITE_SCHEMA_VERSION = 1;
export const FAVORITE_ID_PREFIX = `${FAVORITE_DOC_TYPE}:`;

/** Sanctuary ids are slugs made by sanctuaryId(); this accepts any plain id without spaces or a leading '_'. */
export const SANCTUARY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** One favourite per sanctuary: the id is derived from it, so favouriting twice on two devices converges. */
export const favoriteDocId = (sanctuaryId: string): string => `${FAVORITE_ID_PREFIX}${sanctuaryId}`;

/** As stored; favorite-schema.ts's schema checks a pushed one against this. A type, not an interface: it stays
 * assignable to plain records (Record<string, unknown>), as the schema's inferred type was. */
export type FavoriteDoc = {
  _id: string;
  _rev?: string | undefined;
  /** Replication metadata PouchDB may send along. */
  _revisions?: { start: number; ids: string[] } | undefined;
  _deleted?: boolean | undefined;
  type: typeof FAVORITE_DOC_TYPE;
  schemaVersion: typeof FAVORITE_SCHEMA_VERSION;
  sanctuaryId: string;
  ownerId: string;
  createdAt: string;
};

export function newFavorite(sanctuaryId: string, ownerId: string, now: Date = new Date()): FavoriteDoc {
  return {
    _id: favoriteDocId(sanctuaryId),
    type: FAVORITE_DOC_TYPE,
    schemaVersion: FAVORITE_SCHEMA_VERSION,
    sanctuaryId,
    ownerId,
    createdAt: now.toISOString(),
  };
}

/**
 * A cheap check of the document's kind, for picking favourites out of the user's database. Content is
 * validated with favoriteDocSchema where it matters: the gateway checks every pushed favourite.
 */
export function isFavoriteDoc(doc: unknown): doc is FavoriteDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === FAVORITE_DOC_TYPE;
}
