// The admin queue's other two kinds of item, beside listing applications: a visitor's 'Report incorrect
// information' about a listing, and a sanctuary owner's proposed edit to their own listing. Both live in
// `submissions` (replicated to admins' devices only); an admin resolves a report, and applies or rejects an edit.
import { z } from 'zod';
import { submissionFieldsSchema } from './submission.ts';

export const SANCTUARY_REPORT_DOC_TYPE = 'sanctuary-report';
export const LISTING_EDIT_DOC_TYPE = 'listing-edit';
export const LISTING_FEEDBACK_SCHEMA_VERSION = 1;
export const QUEUE_ITEM_ID_PATTERN = /^(sanctuary-report|listing-edit):[0-9a-f]{32}$/;

export const FEEDBACK_MESSAGES = {
  reportTitle: 'Report incorrect information',
  reportSent: 'Thank you! Our team will check this listing.',
  editSent: 'Your proposed changes were sent to our team for review.',
  notOwner: 'Only the owner of this listing can propose changes to it.',
  emptyEdit: 'Please change at least one field.',
  notesRequired: 'Please provide feedback when rejecting a submission.',
  alreadyDecided: 'This item has already been handled.',
  notFound: 'Not found',
} as const;

export const sanctuaryReportSchema = z.object({
  message: z
    .string({ error: 'Please tell us what is incorrect.' })
    .trim()
    .min(1, 'Please tell us what is incorrect.')
    .max(2000, 'The report can be at most 2000 characters.'),
});

/** The listing fields an owner may propose to change; coordinates, verification and the name stay with the admins. */
export const EDITABLE_LISTING_FIELDS = [
  'description', 'address', 'phone', 'email', 'website', 'animalTypes', 'acceptingAnimals', 'hasVolunteerOpportunities',
  'volunteerInfo', 'hasToursAvailable', 'specialNeeds',
] as const;
export type EditableListingField = (typeof EDITABLE_LISTING_FIELDS)[number];

const editableShape = submissionFieldsSchema.pick(Object.fromEntries(EDITABLE_LISTING_FIELDS.map((f) => [f, true])) as Record<EditableListingField, true>);

export const listingEditSchema = z.object({
  changes: editableShape.partial().refine((c) => Object.keys(c).length > 0, { message: FEEDBACK_MESSAGES.emptyEdit }),
  note: z.string().trim().max(2000).default(''),
});
export type ListingChanges = z.output<typeof editableShape>;

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

export interface ListingEditDoc extends QueueItemBase {
  type: typeof LISTING_EDIT_DOC_TYPE;
  changes: Partial<ListingChanges>;
  note: string;
  status: 'pending' | 'approved' | 'rejected';
}

export type QueueItemDoc = SanctuaryReportDoc | ListingEditDoc;

export function isQueueItemDoc(doc: unknown): doc is QueueItemDoc {
  const type = (doc as { type?: unknown } | null)?.type;
  return typeof doc === 'object' && doc !== null && (type === SANCTUARY_REPORT_DOC_TYPE || type === LISTING_EDIT_DOC_TYPE);
}
