// The review command's schemas: the review form's fields (the web form, and the gateway's multipart POST), the stored
// document, and what a device may push (the gateway checks every pushed command). Apart from review-command.ts,
// which the web app evaluates at start; the form's schema loads with the form.
import * as z from 'zod/mini';
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from './constants.ts';
import { SANCTUARY_ID_PATTERN } from './favorite.ts';
import {
  MAX_PHOTO_BASE64_LENGTH,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  REVIEW_COMMAND_DOC_TYPE,
  REVIEW_COMMAND_ID_PATTERN,
  REVIEW_COMMAND_SCHEMA_VERSION,
  REVIEW_COMMAND_STATUSES,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_ATTACHMENT_PATTERN,
  isValidVisitDate,
} from './review-command.ts';
import { revisionsSchema } from './revisions-schema.ts';
import { USER_ID_PATTERN } from './user.ts';

const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5.';
const TITLE_TOO_LONG = `The title can be at most ${MAX_REVIEW_TITLE_LENGTH} characters.`;
const COMMENT_TOO_LONG = `The comment can be at most ${MAX_REVIEW_COMMENT_LENGTH} characters.`;
const TOO_LARGE_PHOTO = 'Each photo can be at most 5 MB.';

const visitDateSchema = z.string().check(z.refine((v) => isValidVisitDate(v), { message: 'The visit date must be a real date (YYYY-MM-DD), not in the future.' }));

const ratingSchema = z.int({ error: RATING_MESSAGE }).check(z.gte(1, RATING_MESSAGE), z.lte(5, RATING_MESSAGE));

const titleSchema = z.string().check(
  z.maxLength(MAX_REVIEW_TITLE_LENGTH, TITLE_TOO_LONG),
  z.refine((v) => v === v.trim(), { message: 'The title must be trimmed.' }),
);

const commentSchema = z.string().check(
  z.refine((v) => v.trim() !== '', { message: 'Please write a comment.' }),
  z.refine((v) => v === v.trim(), { message: 'The comment must be trimmed.' }),
  z.refine((v) => v.length <= MAX_REVIEW_COMMENT_LENGTH, { message: COMMENT_TOO_LONG }),
);

/** An attachment as the device writes it (inline base64), or as a stub on later revisions. */
const attachmentSchema = z.looseObject({
  content_type: z.string().check(z.maxLength(100)),
  data: z.optional(z.string().check(z.maxLength(MAX_PHOTO_BASE64_LENGTH, TOO_LARGE_PHOTO))),
  stub: z.optional(z.boolean()),
  length: z.optional(z.int().check(z.gte(0), z.lte(MAX_PHOTO_BYTES, TOO_LARGE_PHOTO))),
  digest: z.optional(z.string().check(z.maxLength(200))),
  revpos: z.optional(z.int().check(z.gte(0))),
});

export const reviewCommandAttachmentsSchema = z.record(z.string(), attachmentSchema).check(
  z.refine((a) => Object.keys(a).length <= MAX_REVIEW_PHOTOS, { message: REVIEW_MESSAGES.tooManyText }),
  z.refine((a) => Object.keys(a).every((name) => REVIEW_PHOTO_ATTACHMENT_PATTERN.test(name)), { message: 'Photo attachments are named photo-0 to photo-4.' }),
  z.refine((a) => Object.values(a).every((att) => (ALLOWED_PHOTO_TYPES as readonly string[]).includes(att.content_type)), { message: 'Photos must be JPEG, PNG or WebP.' }),
);

const maxText = (max: number) => z.string().check(z.maxLength(max));

/**
 * The whole stored command. The device writes it once with status 'pending' and no server fields; only the
 * server adds the outcome. The gateway additionally checks the photo bytes, the sanctuary and immutability.
 */
export const reviewCommandDocSchema = z.strictObject({
  _id: z.string().check(z.regex(REVIEW_COMMAND_ID_PATTERN, 'The id of a review command is "review-command:" + 32 lowercase hex characters.')),
  _rev: z.optional(maxText(200)),
  _revisions: z.optional(revisionsSchema),
  _deleted: z.optional(z.boolean()),
  _attachments: z.optional(reviewCommandAttachmentsSchema),
  type: z.literal(REVIEW_COMMAND_DOC_TYPE),
  schemaVersion: z.literal(REVIEW_COMMAND_SCHEMA_VERSION),
  ownerId: z.string().check(z.regex(USER_ID_PATTERN, 'ownerId is not a user id')),
  sanctuaryId: z.string().check(z.regex(SANCTUARY_ID_PATTERN, 'sanctuaryId is not a valid sanctuary id')),
  rating: ratingSchema,
  title: titleSchema,
  comment: commentSchema,
  visitDate: visitDateSchema,
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
  status: z.enum(REVIEW_COMMAND_STATUSES),
  reason: z.optional(maxText(1000)),
  reviewId: z.optional(maxText(200)),
  photoUrls: z.optional(z.array(maxText(200)).check(z.maxLength(MAX_REVIEW_PHOTOS))),
  thumbnailUrls: z.optional(z.array(maxText(200)).check(z.maxLength(MAX_REVIEW_PHOTOS))),
  processedAt: z.optional(z.iso.datetime({ offset: true })),
});

/** Trims an optional text field ('' when absent), then checks it. */
const trimmed = (then: z.ZodMiniType<string, string>, error?: string) =>
  z.pipe(
    z.pipe(error ? z.string({ error }) : z.optional(z.string()), z.transform((v: string | undefined) => (v ?? '').trim())),
    then,
  );

/** The review form's fields (the web form and the multipart POST validate with this). */
export const reviewFormSchema = z.object({
  rating: z._default(z.pipe(z.coerce.number(), ratingSchema), 5),
  title: trimmed(z.string().check(z.maxLength(MAX_REVIEW_TITLE_LENGTH, TITLE_TOO_LONG))),
  comment: trimmed(z.string().check(z.minLength(1, 'Please write a comment.'), z.maxLength(MAX_REVIEW_COMMENT_LENGTH, COMMENT_TOO_LONG)), 'Please write a comment.'),
  visitDate: trimmed(visitDateSchema),
});

export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

const serverOnly = z.optional(z.never({ error: 'Only the server writes the outcome of a review command.' }));

/**
 * What a device may push: a brand-new command, status 'pending', no outcome fields, every photo sent inline.
 * Larger than any other user document: room for MAX_REVIEW_PHOTOS photos in base64 plus the text.
 */
export const reviewCommandPushSchema = z.safeExtend(reviewCommandDocSchema, {
  status: z.literal('pending', { error: 'A review command is sent with status "pending"; only the server sets its outcome.' }),
  reason: serverOnly,
  reviewId: serverOnly,
  photoUrls: serverOnly,
  thumbnailUrls: serverOnly,
  processedAt: serverOnly,
  _attachments: z.optional(
    reviewCommandAttachmentsSchema.check(z.refine((a) => Object.values(a).every((att) => typeof att.data === 'string'), { message: 'Photos must be sent with the review.' })),
  ),
});

