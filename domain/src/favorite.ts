// A favourite: one saved sanctuary in the user's own database (userdb-<id>), written on the device, synced
// through /db/me. One module: ids, constructor, the cheap kind check the screens use and the schema the gateway
// checks every pushed favourite against, written with zod/mini so the first paint pays only for what it uses.
import * as z from 'zod/mini';
import { USER_ID_PATTERN } from './user.ts';

export const FAVORITE_DOC_TYPE = 'favorite';
export const FAVORITE_SCHEMA_VERSION = 1;
export const FAVORITE_ID_PREFIX = `${FAVORITE_DOC_TYPE}:`;

/** Sanctuary ids are slugs made by sanctuaryId(); this accepts any plain id without spaces or a leading '_'. */
export const SANCTUARY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** One favourite per sanctuary: the id is derived from it, so favouriting twice on two devices converges. */
export const favoriteDocId = (sanctuaryId: string): string => `${FAVORITE_ID_PREFIX}${sanctuaryId}`;

/** Replication metadata PouchDB may send along with a document. */
export const revisionsSchema = z.object({
  start: z.int().check(z.minimum(0)),
  ids: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(10_000)),
});

export const favoriteDocSchema = z
  .strictObject({
    _id: z.string(),
    _rev: z.optional(z.string().check(z.maxLength(200))),
    _revisions: z.optional(revisionsSchema),
    _deleted: z.optional(z.boolean()),
    type: z.literal(FAVORITE_DOC_TYPE),
    schemaVersion: z.literal(FAVORITE_SCHEMA_VERSION),
    sanctuaryId: z.string().check(z.regex(SANCTUARY_ID_PATTERN, 'sanctuaryId is not a valid sanctuary id')),
    ownerId: z.string().check(z.regex(USER_ID_PATTERN, 'ownerId is not a user id')),
    createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
  })
  .check(z.refine((doc) => doc._id === favoriteDocId(doc.sanctuaryId), { message: 'The id of a favorite must be "favorite:" + its sanctuaryId', path: ['_id'] }));

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
