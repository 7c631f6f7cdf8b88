// A review command: a review written on the device into the user's own database (photos as attachments),
// checked by the gateway on push and applied once into `reviews` and `media`; the outcome is written back.
// Here: ids, the spec's texts, the document type and its constructor. The schemas (the form's, and the document's
// the gateway checks) are in review-command-schema.ts: the web app evaluates this module at start, and builds no
// schema there.
import { MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from './constants.ts';

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
