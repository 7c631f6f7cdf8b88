// A favourite: one saved sanctuary in the user's own database (userdb-<id>), written on the device, synced
// through /db/me: ids, constructor and the cheap kind check the screens use. The schema the gateway checks every
// pushed favourite against is in favorite-schema.ts: the web app evaluates this module at start, and building a
// schema there (with zod's own modules to load) is time a slow phone spends before it can answer a tap.
import type * as z from 'zod/mini';
import type { favoriteDocSchema } from './favorite-schema.ts';

export const FAVORITE_DOC_TYPE = 'favorite';
export const FAVORITE_SCHEMA_VERSION = 1;
export const FAVORITE_ID_PREFIX = `${FAVORITE_DOC_TYPE}:`;

/** Sanctuary ids are slugs made by sanctuaryId(); this accepts any plain id without spaces or a leading '_'. */
export const SANCTUARY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** One favourite per sanctuary: the id is derived from it, so favouriting twice on two devices converges. */
export const favoriteDocId = (sanctuaryId: string): string => `${FAVORITE_ID_PREFIX}${sanctuaryId}`;

export type FavoriteDoc = z.infer<typeof favoriteDocSchema>;

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
