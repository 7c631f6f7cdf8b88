// A visitor's 'Report incorrect information' about a listing: an item of the admin queue beside applications and
// claims, in `submissions` (replicated to admins' devices only); an admin resolves it. (Owners' proposed edits,
// which admins once applied, gave way to owners updating their listings directly: listing-management.ts.)
import * as z from 'zod/mini';

export const SANCTUARY_REPORT_DOC_TYPE = 'sanctuary-report';
/** Proposed edits of before owners updated their listings directly; only a migration still reads them. */
export const LISTING_EDIT_DOC_TYPE = 'listing-edit';
export const LISTING_FEEDBACK_SCHEMA_VERSION = 1;
export const QUEUE_ITEM_ID_PATTERN = /^sanctuary-report:[0-9a-f]{32}$/;

export const FEEDBACK_MESSAGES = {
  reportTitle: 'Report incorrect information',
  reportSent: 'Thank you! Our team will check this listing.',
  notesRequired: 'Please provide feedback when rejecting a submission.',
  alreadyDecided: 'This item has already been handled.',
  notFound: 'Not found',
} as const;

export const sanctuaryReportSchema = z.object({
  message: z
    .string({ error: 'Please tell us what is incorrect.' })
    .check(z.trim(), z.minLength(1, 'Please tell us what is incorrect.'), z.maxLength(2000, 'The report can be at most 2000 characters.')),
});

interface QueueItemBase {
  _id: string;
  _rev?: string;
  schemaVersion: typeof LISTING_FEEDBACK_SCHEMA_VERSION;
  sanctuaryId: string;
  sanctuaryName: string;
  /** Who sent it (user id). */
  userId: string;
  createdAt: string;
  decidedAt?: string;
  decidedBy?: string;
  reviewNotes?: string | null;
}

export interface SanctuaryReportDoc extends QueueItemBase {
  type: typeof SANCTUARY_REPORT_DOC_TYPE;
  message: string;
  status: 'open' | 'resolved';
}

export type QueueItemDoc = SanctuaryReportDoc;

export function isQueueItemDoc(doc: unknown): doc is QueueItemDoc {
  const type = (doc as { type?: unknown } | null)?.type;
  return typeof doc === 'object' && doc !== null && type === SANCTUARY_REPORT_DOC_TYPE;
}
