// A review command: a review written on the device into the user's own database (photos as attachments),
// checked by the gateway on push and applied once into `reviews` and `media`; the outcome is written back.
// One module: ids, the spec's texts, the document type and its constructor, and the schemas (zod/mini, so the
// web app's first paint pays only for what it uses).
import * as z from 'zod/mini';
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

/** Base64 length of the largest allowed photo. */
export const MAX_PHOTO_BASE64_LENGTH = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;

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

/**
 * A cheap check of the document's kind, for picking commands out of the user's database. Content is validated
 * with reviewCommandPushSchema where it matters: the gateway checks every pushed command.
 */
export function isReviewCommandDoc(doc: unknown): doc is ReviewCommandDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === REVIEW_COMMAND_DOC_TYPE;
}

export const REVIEW_COMMAND_MAX_BYTES = MAX_REVIEW_PHOTOS * MAX_PHOTO_BASE64_LENGTH + 64 * 1024;

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

