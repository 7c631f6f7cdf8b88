// The schema the gateway checks every favourite a device pushes against (domain/src/user-db.ts). Kept apart from
// favorite.ts, which the web app evaluates at start.
import * as z from 'zod/mini';
import { FAVORITE_DOC_TYPE, FAVORITE_SCHEMA_VERSION, SANCTUARY_ID_PATTERN, favoriteDocId, type FavoriteDoc } from './favorite.ts';
import { revisionsSchema } from './revisions-schema.ts';
import { USER_ID_PATTERN } from './user.ts';

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

/** Compile-time check: what the schema accepts is exactly a FavoriteDoc (favorite.ts), both ways. */
export const FAVORITE_SCHEMA_MATCHES_TYPE: [z.infer<typeof favoriteDocSchema>] extends [FavoriteDoc]
  ? [FavoriteDoc] extends [z.infer<typeof favoriteDocSchema>]
    ? true
    : never
  : never = true;
