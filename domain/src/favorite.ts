// A favourite: one saved sanctuary in the user's own database (userdb-<id>), written on the device, synced
// through /db/me. The schema is what the gateway checks every pushed favourite against.
import { z } from 'zod';
import { USER_ID_PATTERN } from './user.ts';

export const FAVORITE_DOC_TYPE = 'favorite';
export const FAVORITE_SCHEMA_VERSION = 1;
export const FAVORITE_ID_PREFIX = `${FAVORITE_DOC_TYPE}:`;

/** Sanctuary ids are slugs made by sanctuaryId(); this accepts any plain id without spaces or a leading '_'. */
export const SANCTUARY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** One favourite per sanctuary: the id is derived from it, so favouriting twice on two devices converges. */
export const favoriteDocId = (sanctuaryId: string): string => `${FAVORITE_ID_PREFIX}${sanctuaryId}`;

/** Replication metadata PouchDB may send along with a document. */
export const revisionsSchema = z.object({ start: z.number().int().min(0), ids: z.array(z.string().max(200)).max(10_000) });

export const favoriteDocSchema = z
  .strictObject({
    _id: z.string(),
    _rev: z.string().max(200).optional(),
    _revisions: revisionsSchema.optional(),
    _deleted: z.boolean().optional(),
    type: z.literal(FAVORITE_DOC_TYPE),
    schemaVersion: z.literal(FAVORITE_SCHEMA_VERSION),
    sanctuaryId: z.string().regex(SANCTUARY_ID_PATTERN, 'sanctuaryId is not a valid sanctuary id'),
    ownerId: z.string().regex(USER_ID_PATTERN, 'ownerId is not a user id'),
    createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
  })
  .refine((doc) => doc._id === favoriteDocId(doc.sanctuaryId), { message: 'The id of a favorite must be "favorite:" + its sanctuaryId', path: ['_id'] });

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

export function isFavoriteDoc(doc: unknown): doc is FavoriteDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === FAVORITE_DOC_TYPE;
}
