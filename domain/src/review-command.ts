// A review command: a review written on the device into the user's own database (photos as attachments),
// checked by the gateway on push and applied once into `reviews` and `media`; the outcome is written back.
import { z } from 'zod';
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from './constants.ts';
import { SANCTUARY_ID_PATTERN, revisionsSchema } from './favorite.ts';
import { USER_ID_PATTERN } from './user.ts';

export const REVIEW_COMMAND_DOC_TYPE = 'review-command';
export const REVIEW_COMMAND_SCHEMA_VERSION = 1;
export const REVIEW_COMMAND_ID_PREFIX = `${REVIEW_COMMAND_DOC_TYPE}:`;
export const REVIEW_COMMAND_ID_PATTERN = /^review-command:[0-9a-f]{32}$/;
export const REVIEW_COMMAND_HEX_PATTERN = /^[0-9a-f]{32}$/;

export const MAX_REVIEW_TITLE_LENGTH = 120;
export const MAX_REVIEW_COMMENT_LENGTH = 4000;

export const REVIEW_COMMAND_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewCommandStatus = (typeof REVIEW_COMMAND_STATUSES)[number];

/** Fields only the server writes (the outcome); a device never sends them. */
export const REVIEW_COMMAND_SERVER_FIELDS = ['reason', 'reviewId', 'photoUrls', 'thumbnailUrls', 'processedAt'] as const;

/** Attachment names on a command: `photo-0` … `photo-4`, in the order the user picked them. */
export const reviewPhotoAttachmentName = (index: number): string => `photo-${index}`;
export const REVIEW_PHOTO_ATTACHMENT_PATTERN = /^photo-[0-4]$/;

/** The spec's review texts (section 8) and the pending-state labels. */
export const REVIEW_MESSAGES = {
  successTitle: 'Review submitted!',
  successText: 'Thank you for sharing your experience with this sanctuary.',
  failureTitle: 'Failed to submit review',
  failureFallback: 'Please try again later.',
  tooManyTitle: 'Too many photos',
  tooManyText: 'You can upload a maximum of 5 photos per review.',
  photoHint: 'JPEG, PNG, WebP, max 5MB each',
  pendingOffline: 'Will be published when you are online',
  pendingOnline: 'Publishing…',
} as const;

export const reviewCommandId = (hex: string): string => `${REVIEW_COMMAND_ID_PREFIX}${hex}`;

/** The 32-hex key of a command id (`review-command:<hex>`), or null when the id is not one. */
export function reviewCommandHex(id: string): string | null {
  return REVIEW_COMMAND_ID_PATTERN.test(id) ? id.slice(REVIEW_COMMAND_ID_PREFIX.length) : null;
}

/** The public review and photo ids every command maps to: deterministic, so applying twice makes one. */
export const reviewIdForHex = (hex: string): string => `review:${hex}`;
export const photoKey = (hex: string, index: number): string => `${hex}-${index}`;
export const photoDocId = (hex: string, index: number): string => `photo:${photoKey(hex, index)}`;
export const photoUrl = (hex: string, index: number): string => `/media/${photoKey(hex, index)}`;
export const thumbnailUrl = (hex: string, index: number): string => `${photoUrl(hex, index)}/thumb`;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date (YYYY-MM-DD) in the latest time zone on Earth, so a visit "today" anywhere is never in the future. */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function isValidVisitDate(value: string, now: Date = new Date()): boolean {
  if (value === '') return true;
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) return false;
  return value <= latestToday(now);
}

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
/** Base64 length of the largest allowed photo. */
export const MAX_PHOTO_BASE64_LENGTH = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;

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

export interface ReviewCommandAttachment {
  content_type: string;
  /** Base64 bytes, when written by the device (or fetched with attachments). */
  data?: string;
  stub?: boolean;
  length?: number;
  digest?: string;
  revpos?: number;
}

export interface ReviewCommandDoc {
  _id: string;
  _rev?: string;
  _attachments?: Record<string, ReviewCommandAttachment>;
  type: typeof REVIEW_COMMAND_DOC_TYPE;
  schemaVersion: typeof REVIEW_COMMAND_SCHEMA_VERSION;
  ownerId: string;
  sanctuaryId: string;
  rating: number;
  title: string;
  comment: string;
  /** '' or YYYY-MM-DD. */
  visitDate: string;
  createdAt: string;
  status: ReviewCommandStatus;
  /** Server only: why the command was rejected. */
  reason?: string;
  /** Server only: the published review's id (`review:<hex>`). */
  reviewId?: string;
  /** Server only: `/media/<hex>-<n>` for each photo. */
  photoUrls?: string[];
  /** Server only: `/media/<hex>-<n>/thumb` for each photo. */
  thumbnailUrls?: string[];
  /** Server only: when the outcome was written. */
  processedAt?: string;
}

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

/** 32 lowercase hex characters from the platform's crypto (browser and Node). */
export function randomHex(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface NewReviewCommandInput {
  ownerId: string;
  sanctuaryId: string;
  rating: number;
  title: string;
  comment: string;
  visitDate: string;
  now?: Date;
  /** The 32-hex key; random when omitted. */
  id?: string;
}

/** A pending command without attachments (the device adds `_attachments`). Title, comment and date are trimmed. */
export function newReviewCommand(input: NewReviewCommandInput): ReviewCommandDoc {
  const hex = input.id ?? randomHex();
  return {
    _id: reviewCommandId(hex),
    type: REVIEW_COMMAND_DOC_TYPE,
    schemaVersion: REVIEW_COMMAND_SCHEMA_VERSION,
    ownerId: input.ownerId,
    sanctuaryId: input.sanctuaryId,
    rating: input.rating,
    title: input.title.trim(),
    comment: input.comment.trim(),
    visitDate: input.visitDate.trim(),
    createdAt: (input.now ?? new Date()).toISOString(),
    status: 'pending',
  };
}

export function isReviewCommandDoc(doc: unknown): doc is ReviewCommandDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === REVIEW_COMMAND_DOC_TYPE;
}

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

export const REVIEW_COMMAND_MAX_BYTES = MAX_REVIEW_PHOTOS * MAX_PHOTO_BASE64_LENGTH + 64 * 1024;
