// A favourite: one saved sanctuary in the user's own database (userdb-<id>), written on the device, synced
// through /db/me. The schema is what the gateway checks every pushed favourite against. The ids, constants,
// constructor and type guard live in favorite-core.ts (no zod) and are re-exported here.
import { z } from 'zod';
import { FAVORITE_DOC_TYPE, FAVORITE_SCHEMA_VERSION, SANCTUARY_ID_PATTERN, favoriteDocId } from './favorite-core.ts';
import { USER_ID_PATTERN } from './user.ts';

export {
  FAVORITE_DOC_TYPE,
  FAVORITE_ID_PREFIX,
  FAVORITE_SCHEMA_VERSION,
  SANCTUARY_ID_PATTERN,
  favoriteDocId,
  isFavoriteDoc,
  newFavorite,
} from './favorite-core.ts';

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
