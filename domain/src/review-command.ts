// A review command: a review written on the device into the user's own database (photos as attachments),
// checked by the gateway on push and applied once into `reviews` and `media`; the outcome is written back.
// This file holds the schemas; ids, texts, the document type and helpers live in review-command-core.ts (no zod)
// and are re-exported here.
import { z } from 'zod';
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from './constants.ts';
import { SANCTUARY_ID_PATTERN } from './favorite-core.ts';
import { revisionsSchema } from './favorite.ts';
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
} from './review-command-core.ts';
import { USER_ID_PATTERN } from './user.ts';

export {
  MAX_PHOTO_BASE64_LENGTH,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  REVIEW_COMMAND_DOC_TYPE,
  REVIEW_COMMAND_HEX_PATTERN,
  REVIEW_COMMAND_ID_PATTERN,
  REVIEW_COMMAND_ID_PREFIX,
  REVIEW_COMMAND_MAX_BYTES,
  REVIEW_COMMAND_SCHEMA_VERSION,
  REVIEW_COMMAND_SERVER_FIELDS,
  REVIEW_COMMAND_STATUSES,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_ATTACHMENT_PATTERN,
  isReviewCommandDoc,
  isValidVisitDate,
  newReviewCommand,
  photoDocId,
  photoKey,
  photoUrl,
  randomHex,
  reviewCommandHex,
  reviewCommandId,
  reviewIdForHex,
  reviewPhotoAttachmentName,
  thumbnailUrl,
  type NewReviewCommandInput,
  type ReviewCommandAttachment,
  type ReviewCommandDoc,
  type ReviewCommandStatus,
} from './review-command-core.ts';

const visitDateSchema = z
  .string()
  .refine((v) => isValidVisitDate(v), { message: 'The visit date must be a real date (YYYY-MM-DD), not in the future.' });

const ratingSchema = z
  .number({ error: 'The rating must be a whole number from 1 to 5.' })
  .int('The rating must be a whole number from 1 to 5.')
  .min(1, 'The rating must be a whole number from 1 to 5.')
  .max(5, 'The rating must be a whole number from 1 to 5.');

const titleSchema = z
  .string()
  .max(MAX_REVIEW_TITLE_LENGTH, `The title can be at most ${MAX_REVIEW_TITLE_LENGTH} characters.`)
  .refine((v) => v === v.trim(), { message: 'The title must be trimmed.' });

const commentSchema = z
  .string()
  .refine((v) => v.trim() !== '', { message: 'Please write a comment.' })
  .refine((v) => v === v.trim(), { message: 'The comment must be trimmed.' })
  .refine((v) => v.length <= MAX_REVIEW_COMMENT_LENGTH, { message: `The comment can be at most ${MAX_REVIEW_COMMENT_LENGTH} characters.` });

/** An attachment as the device writes it (inline base64), or as a stub on later revisions. */
const attachmentSchema = z.looseObject({
  content_type: z.string().max(100),
  data: z.string().max(MAX_PHOTO_BASE64_LENGTH, 'Each photo can be at most 5 MB.').optional(),
  stub: z.boolean().optional(),
  length: z.number().int().min(0).max(MAX_PHOTO_BYTES, 'Each photo can be at most 5 MB.').optional(),
  digest: z.string().max(200).optional(),
  revpos: z.number().int().min(0).optional(),
});

export const reviewCommandAttachmentsSchema = z
  .record(z.string(), attachmentSchema)
  .refine((a) => Object.keys(a).length <= MAX_REVIEW_PHOTOS, { message: REVIEW_MESSAGES.tooManyText })
  .refine((a) => Object.keys(a).every((name) => REVIEW_PHOTO_ATTACHMENT_PATTERN.test(name)), {
    message: 'Photo attachments are named photo-0 to photo-4.',
  })
  .refine((a) => Object.values(a).every((att) => (ALLOWED_PHOTO_TYPES as readonly string[]).includes(att.content_type)), {
    message: 'Photos must be JPEG, PNG or WebP.',
  });

/**
 * The whole stored command. The device writes it once with status 'pending' and no server fields; only the
 * server adds the outcome. The gateway additionally checks the photo bytes, the sanctuary and immutability.
 */
export const reviewCommandDocSchema = z
  .strictObject({
    _id: z.string().regex(REVIEW_COMMAND_ID_PATTERN, 'The id of a review command is "review-command:" + 32 lowercase hex characters.'),
    _rev: z.string().max(200).optional(),
    _revisions: revisionsSchema.optional(),
    _deleted: z.boolean().optional(),
    _attachments: reviewCommandAttachmentsSchema.optional(),
    type: z.literal(REVIEW_COMMAND_DOC_TYPE),
    schemaVersion: z.literal(REVIEW_COMMAND_SCHEMA_VERSION),
    ownerId: z.string().regex(USER_ID_PATTERN, 'ownerId is not a user id'),
    sanctuaryId: z.string().regex(SANCTUARY_ID_PATTERN, 'sanctuaryId is not a valid sanctuary id'),
    rating: ratingSchema,
    title: titleSchema,
    comment: commentSchema,
    visitDate: visitDateSchema,
    createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
    status: z.enum(REVIEW_COMMAND_STATUSES),
    reason: z.string().max(1000).optional(),
    reviewId: z.string().max(200).optional(),
    photoUrls: z.array(z.string().max(200)).max(MAX_REVIEW_PHOTOS).optional(),
    thumbnailUrls: z.array(z.string().max(200)).max(MAX_REVIEW_PHOTOS).optional(),
    processedAt: z.iso.datetime({ offset: true }).optional(),
  });

/** The review form's fields (the web form and the multipart POST validate with this). */
export const reviewFormSchema = z.object({
  rating: z.coerce.number().pipe(ratingSchema).default(5),
  title: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(MAX_REVIEW_TITLE_LENGTH, `The title can be at most ${MAX_REVIEW_TITLE_LENGTH} characters.`)),
  comment: z
    .string({ error: 'Please write a comment.' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Please write a comment.')
        .max(MAX_REVIEW_COMMENT_LENGTH, `The comment can be at most ${MAX_REVIEW_COMMENT_LENGTH} characters.`),
    ),
  visitDate: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(visitDateSchema),
});

export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

const serverOnly = z.never({ error: 'Only the server writes the outcome of a review command.' }).optional();

/**
 * What a device may push: a brand-new command, status 'pending', no outcome fields, every photo sent inline.
 * Larger than any other user document: room for MAX_REVIEW_PHOTOS photos in base64 plus the text.
 */
export const reviewCommandPushSchema = reviewCommandDocSchema
  .safeExtend({
    status: z.literal('pending', { error: 'A review command is sent with status "pending"; only the server sets its outcome.' }),
    reason: serverOnly,
    reviewId: serverOnly,
    photoUrls: serverOnly,
    thumbnailUrls: serverOnly,
    processedAt: serverOnly,
    _attachments: reviewCommandAttachmentsSchema
      .refine((a) => Object.values(a).every((att) => typeof att.data === 'string'), { message: 'Photos must be sent with the review.' })
      .optional(),
  });

