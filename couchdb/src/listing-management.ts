// The owner's side of a listing, server side (issue 12): claims filed from users' commands into the admins' queue
// and decided there; owners' updates applied straight to the listing with their photos, each leaving an audit
// entry (who, when, which fields, before and after) that an admin can read and revert; admins marking a listing
// verified. Every apply is idempotent (ids derive from the command's), so the gateway, a retry or the sweep may
// run it again.
import type { DocumentScope } from 'nano';
import {
  LISTING_AUDIT_DOC_TYPE, LISTING_CLAIM_DOC_TYPE, LISTING_MANAGEMENT_SCHEMA_VERSION, LISTING_PHOTO_URL_PATTERN, MANAGEMENT_MESSAGES,
  OWNER_EDITABLE_FIELDS, auditDocId, claimDocId, isClaimCommandDoc, isListingAuditDoc, isListingClaimDoc, isListingUpdateDoc,
  listingChangesSchema, type ListingAuditDoc, type ListingClaimCommandDoc, type ListingClaimDoc, type ListingUpdateDoc,
} from '@ss/domain/listing-management';
import { operatingHoursText } from '@ss/domain/listing-hours';
import { listingTimeZone } from '@ss/domain/open-now';
import { sniffPhotoType } from '@ss/domain/photo-bytes';
import { MAX_PHOTO_BYTES } from '@ss/domain/constants';
import { commandHex, isBlankNotes } from '@ss/domain/submission';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { isAdmin, isUserDoc, userDocId, userIdOf, type UserDoc } from '@ss/domain/user';
import { type CouchClient, getOrNull, isConflict, updateDoc } from './client.ts';
import { DB, userDbName } from './definitions.ts';
import { LISTING_THUMB_MAX_PX, processPhoto } from './photo-processing.ts';

export type ManagementResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409; error: string };
const fail = <T>(status: 400 | 403 | 404 | 409, error: string): ManagementResult<T> => ({ ok: false, status, error });

const queue = <T extends object>(couch: CouchClient) => couch.use<T>(DB.submissions);
const userDb = <T extends object>(couch: CouchClient, userId: string): DocumentScope<T> => couch.nano.db.use<T>(userDbName(userId));
const displayName = (user: UserDoc) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

async function readUser(couch: CouchClient, userId: string): Promise<UserDoc | null> {
  const doc = await getOrNull(() => couch.use<UserDoc>(DB.users).get(userDocId(userId)));
  return isUserDoc(doc) ? doc : null;
}

/** Does this account manage the listing (an approved application or claim)? */
export function ownsListing(user: Pick<UserDoc, 'ownedSanctuaryIds'>, sanctuaryId: string): boolean {
  return (user.ownedSanctuaryIds ?? []).includes(sanctuaryId);
}

/**
 * Makes the user a `sanctuary_owner` (an admin stays admin) linked to the listing, and marks the listing as managed
 * by its team (no new claims). Used when an application or a claim is approved; idempotent.
 */
export async function makeOwner(couch: CouchClient, userId: string, sanctuaryId: string, now = new Date()): Promise<void> {
  await updateDoc<UserDoc>(couch.use<UserDoc>(DB.users), userDocId(userId), (user) => {
    if (!isUserDoc(user)) return null;
    const owned = user.ownedSanctuaryIds ?? [];
    const role: UserDoc['role'] = user.role === 'admin' ? 'admin' : 'sanctuary_owner';
    if (owned.includes(sanctuaryId) && user.role === role) return null;
    return { ...user, role, ownedSanctuaryIds: owned.includes(sanctuaryId) ? owned : [...owned, sanctuaryId], updatedAt: now.toISOString() };
  });
  await updateDoc<SanctuaryDoc>(couch.use<SanctuaryDoc>(DB.sanctuaries), sanctuaryId, (s) => (s.claimed ? null : { ...s, claimed: true, updatedAt: now.toISOString() }));
}

// ---- Claims ------------------------------------------------------------------------------------------------------

async function writeClaimOutcome(couch: CouchClient, userId: string, commandId: string, change: (c: ListingClaimCommandDoc) => ListingClaimCommandDoc | null) {
  try {
    await updateDoc<ListingClaimCommandDoc>(userDb(couch, userId), commandId, (c) => (isClaimCommandDoc(c) ? change(c) : null));
  } catch (err) {
    // The claimant's database is gone (account deleted): the decision itself stands.
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
}

/**
 * Files a pushed claim in the queue, one per user and listing: refused (with the reason written back) when the
 * listing does not exist, is already managed, or this user already has a claim pending for it.
 */
export async function processClaimCommand(couch: CouchClient, userId: string, commandId: string, now = new Date()): Promise<ListingClaimDoc | null> {
  const command = await getOrNull(() => userDb<ListingClaimCommandDoc>(couch, userId).get(commandId));
  if (!isClaimCommandDoc(command) || command.ownerId !== userId || command.status !== 'pending' || command.claimId) return null;
  const refuse = (reason: string) =>
    writeClaimOutcome(couch, userId, commandId, (c) => (c.status === 'pending' && !c.claimId ? { ...c, status: 'refused', reason, processedAt: now.toISOString() } : null)).then(() => null);

  const [listing, user] = await Promise.all([couch.sanctuaries.get(command.sanctuaryId), readUser(couch, userId)]);
  if (!listing) return refuse(MANAGEMENT_MESSAGES.noListing);
  if (!user) return refuse('The account that sent this claim no longer exists.');
  if (listing.claimed || ownsListing(user, listing._id)) return refuse(MANAGEMENT_MESSAGES.alreadyClaimed);

  const id = claimDocId(listing._id, userId);
  const scope = queue<ListingClaimDoc>(couch);
  const fresh: ListingClaimDoc = {
    _id: id,
    type: LISTING_CLAIM_DOC_TYPE,
    schemaVersion: LISTING_MANAGEMENT_SCHEMA_VERSION,
    sanctuaryId: listing._id,
    sanctuaryName: listing.name,
    userId,
    userName: displayName(user),
    commandId,
    claim: command.claim,
    createdAt: command.createdAt,
    status: 'pending',
  };
  let filed: ListingClaimDoc | null = null;
  for (let attempt = 0; attempt < 5 && !filed; attempt++) {
    const existing = await getOrNull(() => scope.get(id));
    if (existing?.status === 'pending' && existing.commandId !== commandId) return refuse(MANAGEMENT_MESSAGES.claimTwice);
    if (existing?.commandId === commandId) {
      filed = existing;
      break;
    }
    // New, or a decided claim of this user asked again: a fresh pending one in its place.
    try {
      const res = await couch.call(() => scope.insert({ ...fresh, ...(existing?._rev ? { _rev: existing._rev } : {}) }));
      filed = { ...fresh, _rev: res.rev };
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  if (!filed) throw new Error(`Could not file ${commandId}`);
  await writeClaimOutcome(couch, userId, commandId, (c) => (c.claimId ? null : { ...c, claimId: id }));
  return filed;
}

export async function listClaims(couch: CouchClient, sanctuaryId?: string): Promise<ListingClaimDoc[]> {
  const prefix = sanctuaryId ? `${LISTING_CLAIM_DOC_TYPE}:${sanctuaryId}:` : `${LISTING_CLAIM_DOC_TYPE}:`;
  const res = await couch.call(() => queue<ListingClaimDoc>(couch).list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true }));
  return res.rows.flatMap((r) => (isListingClaimDoc(r.doc) ? [r.doc] : []));
}

/**
 * An admin approves or rejects a pending claim. Approval makes the claimant the listing's owner and rejects the
 * other claims pending for it; a rejection needs notes. Nobody decides their own claim. Decided once: a second
 * decision is 409 (an approval interrupted half-way is finished by the next attempt).
 */
export async function decideClaim(
  couch: CouchClient,
  claimId: string,
  decision: 'approve' | 'reject',
  actor: UserDoc,
  reviewNotes = '',
  now = new Date(),
): Promise<ManagementResult<ListingClaimDoc>> {
  if (!isAdmin(actor)) return fail(403, 'Only administrators can do this.');
  if (decision === 'reject' && isBlankNotes(reviewNotes)) return fail(400, MANAGEMENT_MESSAGES.notesRequired);
  const scope = queue<ListingClaimDoc>(couch);
  for (let attempt = 0; ; attempt++) {
    const claim = await getOrNull(() => scope.get(claimId));
    if (!isListingClaimDoc(claim)) return fail(404, 'Not found');
    if (claim.userId === userIdOf(actor)) return fail(403, MANAGEMENT_MESSAGES.ownClaim);
    if (claim.status !== 'pending') {
      if (claim.status === 'approved') await claimEffects(couch, claim, now);
      return fail(409, MANAGEMENT_MESSAGES.alreadyDecided);
    }
    const decided: ListingClaimDoc = { ...claim, status: decision === 'approve' ? 'approved' : 'rejected', decidedAt: now.toISOString(), decidedBy: userIdOf(actor), reviewNotes: reviewNotes.trim() || null };
    try {
      const res = await couch.call(() => scope.insert(decided));
      decided._rev = res.rev;
    } catch (err) {
      if (isConflict(err) && attempt < 5) continue;
      throw err;
    }
    if (decided.status === 'approved') await claimEffects(couch, decided, now);
    else await writeClaimOutcome(couch, decided.userId, decided.commandId, (c) => (c.status === 'pending' ? { ...c, status: 'rejected', reviewNotes: decided.reviewNotes ?? '', processedAt: now.toISOString() } : null));
    return { ok: true, value: decided };
  }
}

/** Everything an approved claim causes; each step idempotent. */
async function claimEffects(couch: CouchClient, claim: ListingClaimDoc, now: Date): Promise<void> {
  await makeOwner(couch, claim.userId, claim.sanctuaryId, now);
  await writeClaimOutcome(couch, claim.userId, claim.commandId, (c) => (c.status === 'pending' ? { ...c, status: 'approved', processedAt: now.toISOString() } : null));
  const notes = 'Another claim for this listing was approved.';
  for (const other of await listClaims(couch, claim.sanctuaryId)) {
    if (other._id === claim._id || other.status !== 'pending') continue;
    const rejected = await updateDoc<ListingClaimDoc>(queue<ListingClaimDoc>(couch), other._id, (o) => (o.status === 'pending' ? { ...o, status: 'rejected' as const, decidedAt: now.toISOString(), decidedBy: claim.decidedBy ?? '', reviewNotes: notes } : null));
    if (rejected?.status === 'rejected') {
      await writeClaimOutcome(couch, other.userId, other.commandId, (c) => (c.status === 'pending' ? { ...c, status: 'rejected', reviewNotes: notes, processedAt: now.toISOString() } : null));
    }
  }
}

// ---- Owners' updates ---------------------------------------------------------------------------------------------

export interface ListingPhotoDoc {
  _id: string;
  _rev?: string;
  type: 'listing-photo';
  schemaVersion: 1;
  sanctuaryId: string;
  createdAt: string;
  _attachments?: Record<string, { content_type: string; data?: string; stub?: boolean; length?: number; digest?: string }>;
}

/** `/media/listing/<key>` ↔ `listing-photo:<key>`. */
export const LISTING_PHOTO_KEY_PATTERN = /^[0-9a-f]{32}-(?:[0-9]|1[01])$/;
export const listingPhotoDocId = (key: string) => `listing-photo:${key}`;
export const listingPhotoUrl = (key: string) => `/media/listing/${key}`;


async function writeUpdateOutcome(couch: CouchClient, userId: string, commandId: string, outcome: { status: 'published'; auditId?: string } | { status: 'refused'; reason: string }, now: Date) {
  await updateDoc<ListingUpdateDoc>(userDb(couch, userId), commandId, (c) => {
    if (!isListingUpdateDoc(c) || c.status !== 'pending') return null;
    // The photos now live in `media`; the command keeps its changes and outcome.
    const { _attachments: _photos, ...rest } = c;
    return { ...rest, ...outcome, processedAt: now.toISOString() };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The listing with `changes` applied (undefined removes a field): structured hours also write the spec's text map
 * unless the change names that too (a revert restores both as they were), and the time zone is kept.
 */
function withChanges(listing: SanctuaryDoc, changes: Record<string, unknown>, now: Date): SanctuaryDoc {
  const next = { ...listing, updatedAt: now.toISOString() } as SanctuaryDoc & Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  if ('hours' in changes && !('operatingHours' in changes)) next.operatingHours = hoursText(changes.hours);
  next.timeZone = listingTimeZone(next);
  return next;
}

const hoursText = (hours: unknown): Record<string, string> => (hours ? operatingHoursText(hours as NonNullable<SanctuaryDoc['hours']>) : {});

/**
 * Applies an owner's (or an admin's) update to the listing: only its managers may change it; new photos are
 * checked (type sniffed, at most 5 MB), cleaned and sized into `media`; existing photos must be the listing's own.
 * The change is recorded in an audit entry first (id from the command, so a retry finds it), then the listing is
 * written, then the outcome goes back to the device.
 */
export async function applyListingUpdate(couch: CouchClient, userId: string, commandId: string, now = new Date()): Promise<ListingUpdateDoc | null> {
  const command = await getOrNull(() => userDb<ListingUpdateDoc>(couch, userId).get(commandId, { attachments: true }));
  if (!isListingUpdateDoc(command) || command.ownerId !== userId || command.status !== 'pending') return command;
  const refuse = async (reason: string) => {
    await writeUpdateOutcome(couch, userId, commandId, { status: 'refused', reason }, now);
    return null;
  };
  const user = await readUser(couch, userId);
  if (!user || !(isAdmin(user) || ownsListing(user, command.sanctuaryId))) return refuse(MANAGEMENT_MESSAGES.notOwner);
  const listing = await couch.sanctuaries.get(command.sanctuaryId);
  if (!listing) return refuse(MANAGEMENT_MESSAGES.noListing);
  const parsed = listingChangesSchema.safeParse(command.changes);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'These changes are not valid.');
  const changes: Record<string, unknown> = { ...parsed.data };

  const hex = commandHex(commandId);
  if (parsed.data.imageUrls) {
    const urls: string[] = [];
    for (const url of parsed.data.imageUrls) {
      if (LISTING_PHOTO_URL_PATTERN.test(url)) {
        // Only photos this listing has (or had: a revert may bring one back) can be placed.
        const photo = await getOrNull(() => couch.use<ListingPhotoDoc>(DB.media).get(listingPhotoDocId(url.slice('/media/listing/'.length))));
        if (!(photo?.sanctuaryId === listing._id)) {
          return refuse('A photo of another listing cannot be used here.');
        }
        urls.push(url);
        continue;
      }
      const name = url.slice('new:'.length);
      const att = command._attachments?.[name];
      if (!att?.data) return refuse('Photos must be sent with the change.');
      const bytes = Buffer.from(att.data, 'base64');
      if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) return refuse('Each photo can be at most 5 MB.');
      if (!sniffPhotoType(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))) return refuse('Photos must be JPEG, PNG or WebP.');
      const key = `${hex}-${name.slice('photo-'.length)}`;
      const existing = await getOrNull(() => couch.use<ListingPhotoDoc>(DB.media).get(listingPhotoDocId(key)));
      if (!existing) {
        let sizes: { display: Buffer; thumb: Buffer };
        try {
          sizes = await processPhoto(bytes, { thumbMaxPx: LISTING_THUMB_MAX_PX });
        } catch {
          return refuse('A photo could not be read as an image.');
        }
        const doc: ListingPhotoDoc = {
          _id: listingPhotoDocId(key),
          type: 'listing-photo',
          schemaVersion: 1,
          sanctuaryId: listing._id,
          createdAt: command.createdAt,
          _attachments: {
            display: { content_type: 'image/webp', data: sizes.display.toString('base64') },
            thumb: { content_type: 'image/webp', data: sizes.thumb.toString('base64') },
          },
        };
        try {
          await couch.call(() => couch.use<ListingPhotoDoc>(DB.media).insert(doc));
        } catch (err) {
          if (!isConflict(err)) throw err;
        }
      }
      urls.push(listingPhotoUrl(key));
    }
    changes.imageUrls = urls;
  }

  // Only what really changes is recorded (and written).
  const recorded: ListingAuditDoc['changes'] = {};
  for (const field of OWNER_EDITABLE_FIELDS) {
    if (!(field in changes)) continue;
    const before = (listing as unknown as Record<string, unknown>)[field];
    const after = changes[field] === null && field === 'hours' ? undefined : changes[field];
    if (!same(before, after)) recorded[field] = { before: before ?? null, after: after ?? null };
  }
  // The spec's text hours follow the structured ones; recorded too, so a revert restores exactly what was shown.
  if (recorded.hours) recorded.operatingHours = { before: listing.operatingHours ?? {}, after: hoursText(recorded.hours.after) };
  if (!Object.keys(recorded).length) {
    await writeUpdateOutcome(couch, userId, commandId, { status: 'published' }, now);
    return command;
  }
  const auditId = `${LISTING_AUDIT_DOC_TYPE}:${listing._id}:${command.createdAt}:${hex.slice(0, 8)}`;
  const audit: ListingAuditDoc = {
    _id: auditId,
    type: LISTING_AUDIT_DOC_TYPE,
    schemaVersion: LISTING_MANAGEMENT_SCHEMA_VERSION,
    sanctuaryId: listing._id,
    userId,
    userName: displayName(user),
    commandId,
    at: now.toISOString(),
    changes: recorded,
  };
  const existingAudit = await getOrNull(() => queue<ListingAuditDoc>(couch).get(auditId));
  if (!existingAudit) {
    try {
      await couch.call(() => queue<ListingAuditDoc>(couch).insert(audit));
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  const applied = existingAudit ?? audit;
  const fields = asFields(applied.changes, 'after');
  await updateDoc<SanctuaryDoc>(couch.use<SanctuaryDoc>(DB.sanctuaries), listing._id, (current) =>
    Object.entries(fields).every(([f, v]) => same((current as unknown as Record<string, unknown>)[f], v)) ? null : withChanges(current, fields, now),
  );
  await writeUpdateOutcome(couch, userId, commandId, { status: 'published', auditId }, now);
  return command;
}

/** Recorded values as fields to write: a recorded null for an optional field means "absent". */
function asFields(changes: ListingAuditDoc['changes'], side: 'before' | 'after'): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c[side] === null && f !== 'acceptingAnimals' ? undefined : c[side]]));
}

// ---- Audit trail, revert, verification ------------------------------------------------------------------------------

/** A listing's audit entries, newest first. */
export async function listAudit(couch: CouchClient, sanctuaryId: string): Promise<ListingAuditDoc[]> {
  const prefix = `${LISTING_AUDIT_DOC_TYPE}:${sanctuaryId}:`;
  const res = await couch.call(() => queue<ListingAuditDoc>(couch).list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true }));
  return res.rows.flatMap((r) => (isListingAuditDoc(r.doc) ? [r.doc] : [])).sort((a, b) => b.at.localeCompare(a.at));
}

/** Writes `fields` to the listing as an admin, recording it; returns the new audit entry. */
async function adminChange(couch: CouchClient, sanctuaryId: string, fields: Record<string, unknown>, actor: UserDoc, extra: Partial<ListingAuditDoc>, now: Date): Promise<ListingAuditDoc | null> {
  const listing = await couch.sanctuaries.get(sanctuaryId);
  if (!listing) return null;
  const recorded: ListingAuditDoc['changes'] = {};
  for (const [f, v] of Object.entries(fields)) {
    const before = (listing as unknown as Record<string, unknown>)[f];
    if (!same(before, v)) recorded[f] = { before: before ?? null, after: v ?? null };
  }
  const at = now.toISOString();
  const audit: ListingAuditDoc = {
    _id: auditDocId(sanctuaryId, at),
    type: LISTING_AUDIT_DOC_TYPE,
    schemaVersion: LISTING_MANAGEMENT_SCHEMA_VERSION,
    sanctuaryId,
    userId: userIdOf(actor),
    userName: displayName(actor),
    commandId: 'admin',
    at,
    changes: recorded,
    ...extra,
  };
  await couch.call(() => queue<ListingAuditDoc>(couch).insert(audit));
  await updateDoc<SanctuaryDoc>(couch.use<SanctuaryDoc>(DB.sanctuaries), sanctuaryId, (current) => withChanges(current, fields, now));
  return audit;
}

/**
 * Undoes one recorded change: its fields go back to their values before it, everywhere (the listing replicates).
 * The undoing is recorded too, and the entry marked reverted. Admins only, once.
 */
export async function revertAudit(couch: CouchClient, auditId: string, actor: UserDoc, now = new Date()): Promise<ManagementResult<ListingAuditDoc>> {
  if (!isAdmin(actor)) return fail(403, 'Only administrators can do this.');
  const entry = await getOrNull(() => queue<ListingAuditDoc>(couch).get(auditId));
  if (!isListingAuditDoc(entry)) return fail(404, 'Not found');
  if (entry.revertedAt) return fail(409, 'This change has already been reverted.');
  const before = asFields(entry.changes, 'before');
  const undo = await adminChange(couch, entry.sanctuaryId, before, actor, { commandId: 'revert', reverts: entry._id }, now);
  if (!undo) return fail(404, MANAGEMENT_MESSAGES.noListing);
  const marked = await updateDoc<ListingAuditDoc>(queue<ListingAuditDoc>(couch), auditId, (e) => (e.revertedAt ? null : { ...e, revertedAt: now.toISOString(), revertedBy: userIdOf(actor), revertAuditId: undo._id }));
  return { ok: true, value: marked ?? entry };
}

/** An admin marks a listing verified, or not (the card's VERIFIED badge follows). */
export async function setVerified(couch: CouchClient, sanctuaryId: string, isVerified: boolean, actor: UserDoc, now = new Date()): Promise<ManagementResult<SanctuaryDoc>> {
  if (!isAdmin(actor)) return fail(403, 'Only administrators can do this.');
  const listing = await couch.sanctuaries.get(sanctuaryId);
  if (!listing) return fail(404, MANAGEMENT_MESSAGES.noListing);
  if (listing.isVerified !== isVerified) await adminChange(couch, sanctuaryId, { isVerified }, actor, {}, now);
  const updated = await couch.sanctuaries.get(sanctuaryId);
  return { ok: true, value: updated ?? listing };
}

/** Whether a user command of these kinds still waits for the server (the sweep finishes what a crash left). */
export function awaitsManagementApply(doc: unknown): boolean {
  if (isClaimCommandDoc(doc)) return doc.status === 'pending' && !doc.claimId;
  return isListingUpdateDoc(doc) && doc.status === 'pending';
}
