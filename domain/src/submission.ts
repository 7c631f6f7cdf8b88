// Listing applications (the spec's Submission) and the two commands around them: a 'submission-command' a
// signed-in user writes into their own database (offline OK), and an 'admin-decision' an admin writes into theirs.
// The gateway turns the first into a `submissions` document and applies the second; outcomes are written back.
import * as z from 'zod/mini';
import { ANIMAL_TYPES } from './constants.ts';
import { revisionsSchema } from './revisions-schema.ts';
import { lookupPlace, type Gazetteer } from './gazetteer.ts';
import { randomHex } from './review-command.ts';
import { US_STATES } from './us-states.ts';
import { USER_ID_PATTERN } from './user.ts';

export const SUBMISSION_DOC_TYPE = 'submission';
export const SUBMISSION_COMMAND_DOC_TYPE = 'submission-command';
export const ADMIN_DECISION_DOC_TYPE = 'admin-decision';
export const SUBMISSION_SCHEMA_VERSION = 1;

export const SUBMISSION_COMMAND_ID_PREFIX = `${SUBMISSION_COMMAND_DOC_TYPE}:`;
export const ADMIN_DECISION_ID_PREFIX = `${ADMIN_DECISION_DOC_TYPE}:`;
export const SUBMISSION_ID_PREFIX = `${SUBMISSION_DOC_TYPE}:`;
const HEX = '[0-9a-f]{32}';
export const SUBMISSION_COMMAND_ID_PATTERN = new RegExp(`^submission-command:${HEX}$`);
export const ADMIN_DECISION_ID_PATTERN = new RegExp(`^admin-decision:${HEX}$`);
export const SUBMISSION_ID_PATTERN = new RegExp(`^submission:${HEX}$`);

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The spec's admin texts (section 8) and the badge label of a pending submission. */
export const ADMIN_MESSAGES = {
  notesRequiredTitle: 'Review Notes Required',
  notesRequiredText: 'Please provide feedback when rejecting a submission.',
  approvedTitle: 'Submission Approved',
  approvedText: 'The sanctuary has been added to the directory.',
  approveFailedTitle: 'Error',
  approveFailedText: 'Failed to approve submission.',
  rejectedTitle: 'Submission Rejected',
  rejectedText: 'The submission has been rejected with notes.',
  rejectFailedTitle: 'Error',
  rejectFailedText: 'Failed to reject submission.',
  alreadyDecided: 'This submission has already been decided.',
  adminsOnly: 'Only administrators can do this.',
  notFound: 'Submission not found',
} as const;

/** The status badge's text: 'Pending Review' for pending, anything else as stored. */
export function submissionStatusLabel(status: string): string {
  return status === 'pending' ? 'Pending Review' : status;
}

const tooLong = (max: number, label: string) => z.maxLength(max, `${label} can be at most ${max} characters.`);
const text = (max: number, label: string) => z.string().check(z.trim(), tooLong(max, label));
const required = (max: number, label: string) => z.string().check(z.trim(), tooLong(max, label), z.minLength(1, `Please enter ${label.toLowerCase()}.`));

/**
 * Every field an applicant fills in (the spec's Submission without id, status, submittedAt and reviewNotes). Built on
 * first use (z.lazy): a listing's page loads this module for its messages and the user's applications, and building
 * these checks when it loaded was ~11 ms of script on a desktop CPU (four times that on a phone) in the task that
 * starts the app.
 */
export const submissionFieldsSchema = z.lazy(() =>
  z.object({
    name: required(200, 'The sanctuary name'),
    description: required(5000, 'A description'),
    address: text(300, 'The address'),
    city: required(120, 'The city'),
    state: z.string().check(z.trim(), z.toUpperCase(), z.refine((s) => Object.hasOwn(US_STATES, s), { message: 'Please choose a US state.' })),
    zipCode: z.string().check(z.trim(), z.regex(/^(\d{5}(-\d{4})?)?$/, 'Please enter a 5-digit ZIP code.')),
    email: z.pipe(text(254, 'The email address'), z.email('Please enter a valid email address.')),
    contactName: required(120, 'A contact name'),
    contactTitle: text(120, 'The contact title'),
    phone: text(40, 'The phone number'),
    website: z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'Please enter a web address starting with http:// or https://.' }).check(tooLong(500, 'The web address')),
    ]),
    animalTypes: z.array(z.enum(ANIMAL_TYPES)).check(z.maxLength(ANIMAL_TYPES.length)),
    acceptingAnimals: z.boolean(),
    hasVolunteerOpportunities: z.boolean(),
    hasToursAvailable: z.boolean(),
    volunteerInfo: text(2000, 'Volunteer information'),
    specialNeeds: text(1000, 'Special needs'),
    additionalInfo: text(3000, 'Additional information'),
  }),
);
export type SubmissionFields = z.output<typeof submissionFieldsSchema>;
export type SubmissionFieldsInput = z.input<typeof submissionFieldsSchema>;

export const EMPTY_SUBMISSION_FIELDS: SubmissionFields = {
  name: '', description: '', address: '', city: '', state: '', zipCode: '', email: '', contactName: '', contactTitle: '',
  phone: '', website: '', animalTypes: [], acceptingAnimals: true, hasVolunteerOpportunities: false, hasToursAvailable: false,
  volunteerInfo: '', specialNeeds: '', additionalInfo: '',
};

/** The spec's Submission entity, as GET /api/admin/submissions returns it. */
export interface Submission extends SubmissionFields {
  id: string;
  status: string;
  submittedAt: string;
  reviewNotes: string | null;
}

/** A submission as stored in `submissions` (replicated to admins' devices only). Id `submission:<command hex>`. */
export interface SubmissionDoc extends SubmissionFields {
  _id: string;
  _rev?: string;
  type: typeof SUBMISSION_DOC_TYPE;
  schemaVersion: typeof SUBMISSION_SCHEMA_VERSION;
  status: SubmissionStatus;
  submittedAt: string;
  reviewNotes: string | null;
  applicantId: string;
  commandId: string;
  decidedAt?: string;
  decidedBy?: string;
  /** Approved only: the listing created from it. */
  sanctuaryId?: string;
  /** Approved only: false until the listing, the owner role and the applicant's outcome are all written. */
  effectsDone?: boolean;
}

export function toSubmission(doc: SubmissionDoc): Submission {
  const fields = submissionFieldsSchema.safeParse(doc);
  return {
    ...(fields.success ? fields.data : EMPTY_SUBMISSION_FIELDS),
    id: doc._id.slice(SUBMISSION_ID_PREFIX.length),
    status: doc.status,
    submittedAt: doc.submittedAt,
    reviewNotes: doc.reviewNotes ?? null,
  };
}

export function isSubmissionDoc(doc: unknown): doc is SubmissionDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === SUBMISSION_DOC_TYPE;
}

export const commandHex = (id: string): string => id.slice(id.indexOf(':') + 1);
export const submissionDocId = (hex: string): string => `${SUBMISSION_ID_PREFIX}${hex}`;

/** Applicant's command. 'pending' until decided (the profile shows 'Pending Review'); the server adds the rest. */
export const SUBMISSION_COMMAND_STATUSES = ['pending', 'approved', 'rejected', 'refused'] as const;
export type SubmissionCommandStatus = (typeof SUBMISSION_COMMAND_STATUSES)[number];

export interface SubmissionCommandDoc {
  _id: string;
  _rev?: string;
  type: typeof SUBMISSION_COMMAND_DOC_TYPE;
  schemaVersion: typeof SUBMISSION_SCHEMA_VERSION;
  ownerId: string;
  createdAt: string;
  submission: SubmissionFields;
  status: SubmissionCommandStatus;
  /** Server only: set once the application is in the admins' queue. */
  submissionId?: string;
  receivedAt?: string;
  /** Server only: the admin's notes (rejections) and the listing (approvals). */
  reviewNotes?: string;
  sanctuaryId?: string;
  /** Server only: why the command could not be taken (status 'refused'). */
  reason?: string;
  processedAt?: string;
}

const serverOnly = z.optional(z.never({ error: 'Only the server writes the outcome of a command.' }));
const meta = {
  _rev: z.optional(z.string().check(z.maxLength(200))),
  _revisions: z.optional(revisionsSchema),
  _deleted: z.optional(z.boolean()),
};

/** What a device may push: a new application, status 'pending', no outcome; the server's later revisions pass too. */
export const submissionCommandPushSchema = z.strictObject({
  _id: z.string().check(z.regex(SUBMISSION_COMMAND_ID_PATTERN, 'The id of a submission command is "submission-command:" + 32 lowercase hex characters.')),
  ...meta,
  type: z.literal(SUBMISSION_COMMAND_DOC_TYPE),
  schemaVersion: z.literal(SUBMISSION_SCHEMA_VERSION),
  ownerId: z.string().check(z.regex(USER_ID_PATTERN, 'ownerId is not a user id')),
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
  submission: submissionFieldsSchema,
  status: z.literal('pending', { error: 'An application is sent with status "pending"; only the server sets its outcome.' }),
  submissionId: serverOnly,
  receivedAt: serverOnly,
  reviewNotes: serverOnly,
  sanctuaryId: serverOnly,
  reason: serverOnly,
  processedAt: serverOnly,
});

export type Decision = 'approve' | 'reject';

export interface AdminDecisionDoc {
  _id: string;
  _rev?: string;
  type: typeof ADMIN_DECISION_DOC_TYPE;
  schemaVersion: typeof SUBMISSION_SCHEMA_VERSION;
  ownerId: string;
  createdAt: string;
  /** `submission:<hex>`. */
  submissionId: string;
  decision: Decision;
  reviewNotes: string;
  /** 'pending' until applied; then 'done', or 'refused' with the reason (already decided, not an admin...). */
  status: 'pending' | 'done' | 'refused';
  reason?: string;
  processedAt?: string;
}

export const reviewNotesSchema = z.string().check(z.maxLength(3000, 'Review notes can be at most 3000 characters.'));

/** Notes are required (non-blank) when rejecting. */
export const isBlankNotes = (notes: string | undefined | null): boolean => !notes || notes.trim() === '';

export const adminDecisionPushSchema = z
  .strictObject({
    _id: z.string().check(z.regex(ADMIN_DECISION_ID_PATTERN, 'The id of an admin decision is "admin-decision:" + 32 lowercase hex characters.')),
    ...meta,
    type: z.literal(ADMIN_DECISION_DOC_TYPE),
    schemaVersion: z.literal(SUBMISSION_SCHEMA_VERSION),
    ownerId: z.string().check(z.regex(USER_ID_PATTERN, 'ownerId is not a user id')),
    createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
    submissionId: z.string().check(z.regex(SUBMISSION_ID_PATTERN, 'submissionId is not a submission id')),
    decision: z.enum(['approve', 'reject']),
    reviewNotes: reviewNotesSchema,
    status: z.literal('pending', { error: 'A decision is sent with status "pending"; only the server sets its outcome.' }),
    reason: serverOnly,
    processedAt: serverOnly,
  })
  .check(z.refine((d) => d.decision !== 'reject' || !isBlankNotes(d.reviewNotes), { message: ADMIN_MESSAGES.notesRequiredText, path: ['reviewNotes'] }));

/** Body of POST /api/admin/submissions/{id}/reject. */
export const rejectBodySchema = z.object({ reviewNotes: z.optional(reviewNotesSchema) });

export function newSubmissionCommand(ownerId: string, fields: SubmissionFields, now: Date = new Date(), hex: string = randomHex()): SubmissionCommandDoc {
  return {
    _id: `${SUBMISSION_COMMAND_ID_PREFIX}${hex}`,
    type: SUBMISSION_COMMAND_DOC_TYPE,
    schemaVersion: SUBMISSION_SCHEMA_VERSION,
    ownerId,
    createdAt: now.toISOString(),
    submission: submissionFieldsSchema.parse(fields),
    status: 'pending',
  };
}

export function newAdminDecision(ownerId: string, submissionId: string, decision: Decision, reviewNotes: string, now: Date = new Date()): AdminDecisionDoc {
  return {
    _id: `${ADMIN_DECISION_ID_PREFIX}${randomHex()}`,
    type: ADMIN_DECISION_DOC_TYPE,
    schemaVersion: SUBMISSION_SCHEMA_VERSION,
    ownerId,
    createdAt: now.toISOString(),
    submissionId,
    decision,
    reviewNotes: reviewNotes.trim(),
    status: 'pending',
  };
}

export function isSubmissionCommandDoc(doc: unknown): doc is SubmissionCommandDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === SUBMISSION_COMMAND_DOC_TYPE;
}
export function isAdminDecisionDoc(doc: unknown): doc is AdminDecisionDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === ADMIN_DECISION_DOC_TYPE;
}

/** A listing id from the submission: readable, and unique because it carries the submission's key. */
export function sanctuaryIdForSubmission(doc: Pick<SubmissionDoc, '_id' | 'name' | 'city' | 'state'>): string {
  const slug = [doc.name, doc.city, doc.state]
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return `${slug || 'sanctuary'}-${commandHex(doc._id).slice(0, 8)}`;
}

/** Where to put a new listing on the map: its ZIP, else its city and state, else the state's centre. Approximate. */
export function locateSubmission(g: Gazetteer, s: Pick<SubmissionFields, 'zipCode' | 'city' | 'state'>): { latitude: number; longitude: number } | null {
  const tries = [s.zipCode.slice(0, 5), `${s.city}, ${s.state}`, s.state].filter((t) => t.trim() !== '');
  for (const t of tries) {
    const match = lookupPlace(g, t);
    if (match && (match.kind !== 'zip' || t === s.zipCode.slice(0, 5))) return { latitude: match.latitude, longitude: match.longitude };
  }
  return null;
}
