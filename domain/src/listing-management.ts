// The owner's side of a listing (issue 12): claiming a listing that has no owner, and the owner's own changes to
// it. Both are commands in the user's own database like reviews and applications: written on the device (offline
// too), pushed through /db/me, applied once by the server, which writes the outcome back. Claims go to the admins'
// queue; an owner's update publishes directly (they were verified when their claim or application was approved)
// and leaves an audit entry admins can read and revert.
import * as z from 'zod/mini';
import { MAX_PHOTO_BASE64_LENGTH, randomHex } from './review-command.ts';
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES } from './constants.ts';
import { SANCTUARY_ID_PATTERN } from './favorite.ts';
import { revisionsSchema } from './revisions-schema.ts';
import { editableFieldSchemas, upcomingEventSchema, weeklyHoursSchema } from './sanctuary.ts';
import { USER_ID_PATTERN } from './user.ts';

export const LISTING_CLAIM_COMMAND_TYPE = 'listing-claim-command';
export const LISTING_UPDATE_COMMAND_TYPE = 'listing-update';
/** A claim in the admins' queue (`submissions`): `listing-claim:<sanctuaryId>:<userId>`, one per user and listing. */
export const LISTING_CLAIM_DOC_TYPE = 'listing-claim';
/** An audit entry (`submissions`): who changed which fields of a listing, before and after. */
export const LISTING_AUDIT_DOC_TYPE = 'listing-audit';
export const LISTING_MANAGEMENT_SCHEMA_VERSION = 1;

export const LISTING_CLAIM_COMMAND_ID_PATTERN = /^listing-claim-command:[0-9a-f]{32}$/;
export const LISTING_UPDATE_ID_PATTERN = /^listing-update:[0-9a-f]{32}$/;
export const MAX_LISTING_PHOTOS = 12;
/** New photos in one update: `photo-0` … `photo-11`. */
export const LISTING_PHOTO_ATTACHMENT_PATTERN = /^photo-(?:[0-9]|1[01])$/;
/** A listing photo's public address: `/media/listing/<32 hex>-<n>` (display size; `/thumb` for the small one). */
export const LISTING_PHOTO_URL_PATTERN = /^\/media\/listing\/[0-9a-f]{32}-(?:[0-9]|1[01])$/;

export const MANAGEMENT_MESSAGES = {
  claimPrompt: 'Is this your sanctuary? Claim it',
  managed: 'Managed by its team',
  claimSaved: 'Your claim is saved. It will be sent to our team as soon as you are online.',
  claimPending: 'Your claim is pending review.',
  alreadyClaimed: 'This listing is managed by its team and takes no new claims.',
  claimTwice: 'You already have a pending claim for this listing.',
  noListing: 'There is no such listing.',
  notOwner: 'Only the team that manages this listing can change it.',
  ownClaim: 'A claim cannot be approved by the person who made it.',
  notesRequired: 'Please provide feedback when rejecting a submission.',
  alreadyDecided: 'This claim has already been decided.',
  updateSaved: 'Your changes are saved. They are published as soon as you are online.',
  tooManyPhotos: `A listing can have at most ${MAX_LISTING_PHOTOS} photos.`,
  emptyUpdate: 'Please change at least one thing.',
} as const;

const required = (max: number, what: string, missing: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${what} can be at most ${max} characters.`), z.minLength(1, missing));

/** What a claimant tells us (issue 12: their role there, a contact phone or e-mail, how we can verify them). */
export const claimFieldsSchema = z.object({
  role: required(100, 'Your role', 'Please tell us your role at the sanctuary.'),
  contact: required(200, 'The contact', 'Please give a phone number or e-mail address we can reach you at.').check(
    z.refine((v) => /@/.test(v) || (v.match(/\d/g)?.length ?? 0) >= 7, 'Please give a phone number or e-mail address we can reach you at.'),
  ),
  verification: required(2000, 'The note', 'Please tell us how we can verify that you run this sanctuary.'),
});
export type ClaimFields = z.output<typeof claimFieldsSchema>;

const serverOnly = z.optional(z.never({ error: 'Only the server writes the outcome of a command.' }));
const meta = { _rev: z.optional(z.string().check(z.maxLength(200))), _revisions: z.optional(revisionsSchema), _deleted: z.optional(z.boolean()) };
const commandBase = {
  ...meta,
  schemaVersion: z.literal(LISTING_MANAGEMENT_SCHEMA_VERSION),
  ownerId: z.string().check(z.regex(USER_ID_PATTERN, 'ownerId is not a user id')),
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO date-time' }),
  sanctuaryId: z.string().check(z.regex(SANCTUARY_ID_PATTERN, 'sanctuaryId is not a valid sanctuary id')),
  status: z.literal('pending', { error: 'A command is sent with status "pending"; only the server sets its outcome.' }),
  reason: serverOnly,
  processedAt: serverOnly,
};

export interface ListingClaimCommandDoc {
  _id: string;
  _rev?: string;
  type: typeof LISTING_CLAIM_COMMAND_TYPE;
  schemaVersion: typeof LISTING_MANAGEMENT_SCHEMA_VERSION;
  ownerId: string;
  createdAt: string;
  sanctuaryId: string;
  claim: ClaimFields;
  /** 'pending' while in the queue; then the admins' decision, or 'refused' (listing managed, a claim pending…). */
  status: 'pending' | 'approved' | 'rejected' | 'refused';
  /** Server only. */
  claimId?: string;
  reviewNotes?: string;
  reason?: string;
  processedAt?: string;
}

export const claimCommandPushSchema = z.strictObject({
  _id: z.string().check(z.regex(LISTING_CLAIM_COMMAND_ID_PATTERN, 'The id of a claim is "listing-claim-command:" + 32 lowercase hex characters.')),
  type: z.literal(LISTING_CLAIM_COMMAND_TYPE),
  ...commandBase,
  claim: claimFieldsSchema,
  claimId: serverOnly,
  reviewNotes: serverOnly,
});

/** The fields an owner changes themselves; the name, place, coordinates and verification stay with the admins. */
export const OWNER_EDITABLE_FIELDS = [
  'description', 'phone', 'email', 'website', 'animalTypes', 'acceptingAnimals', 'specialNeeds', 'hasVolunteerOpportunities',
  'volunteerInfo', 'hasToursAvailable', 'tourSchedule', 'hours', 'upcomingEvents', 'imageUrls',
] as const;
export type OwnerEditableField = (typeof OWNER_EDITABLE_FIELDS)[number];

/**
 * An owner's changes: any of the editable fields. `imageUrls` lists the photos in their order, the first the
 * cover: existing listing photo URLs, and `new:photo-<n>` for a photo attached to this command.
 */
export const listingChangesSchema = z
  .partial(
    z.strictObject({
      description: editableFieldSchemas.description,
      phone: editableFieldSchemas.phone,
      email: editableFieldSchemas.email,
      website: editableFieldSchemas.website,
      animalTypes: editableFieldSchemas.animalTypes,
      acceptingAnimals: z.nullable(z.boolean()),
      specialNeeds: editableFieldSchemas.specialNeeds,
      hasVolunteerOpportunities: z.boolean(),
      volunteerInfo: editableFieldSchemas.volunteerInfo,
      hasToursAvailable: z.boolean(),
      tourSchedule: editableFieldSchemas.tourSchedule,
      hours: z.nullable(weeklyHoursSchema),
      upcomingEvents: z.array(upcomingEventSchema).check(z.maxLength(50, 'A listing can show at most 50 events.')),
      imageUrls: z
        .array(z.string().check(z.refine((u) => LISTING_PHOTO_URL_PATTERN.test(u) || /^new:photo-(?:[0-9]|1[01])$/.test(u), 'Not a photo of this listing.')))
        .check(
          z.maxLength(MAX_LISTING_PHOTOS, MANAGEMENT_MESSAGES.tooManyPhotos),
          z.refine((urls) => new Set(urls).size === urls.length, 'A photo is listed twice.'),
        ),
    }),
  )
  .check(z.refine((c) => Object.keys(c).length > 0, { message: MANAGEMENT_MESSAGES.emptyUpdate }));
export type ListingChanges = z.output<typeof listingChangesSchema>;

/** A new photo as the device attaches it (inline base64), or a stub on later revisions. */
const photoAttachmentSchema = z.looseObject({
  content_type: z.enum(ALLOWED_PHOTO_TYPES, { error: 'Photos must be JPEG, PNG or WebP.' }),
  data: z.optional(z.string().check(z.maxLength(MAX_PHOTO_BASE64_LENGTH, 'Each photo can be at most 5 MB.'))),
  stub: z.optional(z.boolean()),
  length: z.optional(z.int().check(z.gte(0), z.lte(MAX_PHOTO_BYTES, 'Each photo can be at most 5 MB.'))),
  digest: z.optional(z.string().check(z.maxLength(200))),
  revpos: z.optional(z.int().check(z.gte(0))),
});

export interface ListingUpdateDoc {
  _id: string;
  _rev?: string;
  type: typeof LISTING_UPDATE_COMMAND_TYPE;
  schemaVersion: typeof LISTING_MANAGEMENT_SCHEMA_VERSION;
  ownerId: string;
  createdAt: string;
  sanctuaryId: string;
  changes: ListingChanges;
  _attachments?: Record<string, { content_type: string; data?: string; stub?: boolean; length?: number; digest?: string }>;
  status: 'pending' | 'published' | 'refused';
  /** Server only: the audit entry of a published update, or why it was refused. */
  auditId?: string;
  reason?: string;
  processedAt?: string;
}

export const listingUpdatePushSchema = z
  .strictObject({
    _id: z.string().check(z.regex(LISTING_UPDATE_ID_PATTERN, 'The id of a listing update is "listing-update:" + 32 lowercase hex characters.')),
    type: z.literal(LISTING_UPDATE_COMMAND_TYPE),
    ...commandBase,
    changes: listingChangesSchema,
    _attachments: z.optional(
      z
        .record(z.string().check(z.regex(LISTING_PHOTO_ATTACHMENT_PATTERN, 'Photo attachments are named photo-0 to photo-11.')), photoAttachmentSchema)
        .check(z.refine((a) => Object.keys(a).length <= MAX_LISTING_PHOTOS, MANAGEMENT_MESSAGES.tooManyPhotos)),
    ),
    auditId: serverOnly,
  })
  .check(
    z.refine((d) => Object.keys(d._attachments ?? {}).every((name) => d.changes.imageUrls?.includes(`new:${name}`)), {
      message: 'Every new photo must have its place in the listing.',
      path: ['_attachments'],
    }),
    z.refine((d) => (d.changes.imageUrls ?? []).filter((u) => u.startsWith('new:')).every((u) => d._attachments?.[u.slice(4)]), {
      message: 'A new photo named in the listing is not attached.',
      path: ['changes', 'imageUrls'],
    }),
  );

export function newClaimCommand(ownerId: string, sanctuaryId: string, claim: ClaimFields, now = new Date()): ListingClaimCommandDoc {
  return {
    _id: `${LISTING_CLAIM_COMMAND_TYPE}:${randomHex()}`,
    type: LISTING_CLAIM_COMMAND_TYPE,
    schemaVersion: LISTING_MANAGEMENT_SCHEMA_VERSION,
    ownerId,
    createdAt: now.toISOString(),
    sanctuaryId,
    claim: claimFieldsSchema.parse(claim),
    status: 'pending',
  };
}

export function newListingUpdate(ownerId: string, sanctuaryId: string, changes: ListingChanges, attachments?: ListingUpdateDoc['_attachments'], now = new Date()): ListingUpdateDoc {
  return {
    _id: `${LISTING_UPDATE_COMMAND_TYPE}:${randomHex()}`,
    type: LISTING_UPDATE_COMMAND_TYPE,
    schemaVersion: LISTING_MANAGEMENT_SCHEMA_VERSION,
    ownerId,
    createdAt: now.toISOString(),
    sanctuaryId,
    changes,
    ...(attachments && Object.keys(attachments).length ? { _attachments: attachments } : {}),
    status: 'pending',
  };
}

export const isClaimCommandDoc = (doc: unknown): doc is ListingClaimCommandDoc => (doc as { type?: unknown } | null)?.type === LISTING_CLAIM_COMMAND_TYPE;
export const isListingUpdateDoc = (doc: unknown): doc is ListingUpdateDoc => (doc as { type?: unknown } | null)?.type === LISTING_UPDATE_COMMAND_TYPE;

/** A claim in the admins' queue. */
export interface ListingClaimDoc {
  _id: string;
  _rev?: string;
  type: typeof LISTING_CLAIM_DOC_TYPE;
  schemaVersion: typeof LISTING_MANAGEMENT_SCHEMA_VERSION;
  sanctuaryId: string;
  sanctuaryName: string;
  userId: string;
  /** The claimant's name as their account shows it, for the admins. */
  userName: string;
  commandId: string;
  claim: ClaimFields;
  createdAt: string;
  status: 'pending' | 'approved' | 'rejected';
  decidedAt?: string;
  decidedBy?: string;
  reviewNotes?: string | null;
}

export const claimDocId = (sanctuaryId: string, userId: string): string => `${LISTING_CLAIM_DOC_TYPE}:${sanctuaryId}:${userId}`;
export const isListingClaimDoc = (doc: unknown): doc is ListingClaimDoc => (doc as { type?: unknown } | null)?.type === LISTING_CLAIM_DOC_TYPE;

/** One change of one listing: the fields with their values before and after, and who made it. */
export interface ListingAuditDoc {
  _id: string;
  _rev?: string;
  type: typeof LISTING_AUDIT_DOC_TYPE;
  schemaVersion: typeof LISTING_MANAGEMENT_SCHEMA_VERSION;
  sanctuaryId: string;
  userId: string;
  userName: string;
  /** The command that made the change, or 'revert' / 'admin'. */
  commandId: string;
  at: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  /** Set when an admin undid it: by whom, when, and the audit entry of the undoing. */
  revertedAt?: string;
  revertedBy?: string;
  revertAuditId?: string;
  /** For an entry that is itself an undoing: the entry it undid. */
  reverts?: string;
}

export const auditDocId = (sanctuaryId: string, at: string): string => `${LISTING_AUDIT_DOC_TYPE}:${sanctuaryId}:${at}:${randomHex().slice(0, 8)}`;
export const isListingAuditDoc = (doc: unknown): doc is ListingAuditDoc => (doc as { type?: unknown } | null)?.type === LISTING_AUDIT_DOC_TYPE;

/** Body of POST /api/admin/sanctuaries/{id}/verified. */
export const verifiedBodySchema = z.object({ isVerified: z.boolean() });
