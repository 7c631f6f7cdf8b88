// Reports of incorrect information and owners' proposed edits, server side: filed into `submissions` (so they
// replicate to admins' devices with the applications) and handled by an admin: a report is resolved, an edit is
// applied to the listing or rejected with notes. Only items still open can be handled, once.
import {
  FEEDBACK_MESSAGES, LISTING_EDIT_DOC_TYPE, LISTING_FEEDBACK_SCHEMA_VERSION, SANCTUARY_REPORT_DOC_TYPE, isQueueItemDoc,
  type ListingChanges, type ListingEditDoc, type QueueItemDoc, type SanctuaryReportDoc,
} from '@ss/domain/listing-feedback';
import { randomHex } from '@ss/domain/review-command';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { isBlankNotes } from '@ss/domain/submission';
import { isAdmin, userIdOf, type UserDoc } from '@ss/domain/user';
import { type CouchClient, isConflict, isNotFound } from './client.ts';
import { DB } from './definitions.ts';

export type QueueResult<T> = { ok: true; item: T } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const queue = (couch: CouchClient) => couch.use<QueueItemDoc>(DB.submissions);

/** Does this user own the listing (linked when their application was approved)? */
export function ownsListing(user: UserDoc, sanctuaryId: string): boolean {
  return ((user as UserDoc & { ownedSanctuaryIds?: string[] }).ownedSanctuaryIds ?? []).includes(sanctuaryId);
}

export async function fileReport(couch: CouchClient, sanctuary: SanctuaryDoc, user: UserDoc, message: string, now = new Date()): Promise<SanctuaryReportDoc> {
  const doc: SanctuaryReportDoc = {
    _id: `${SANCTUARY_REPORT_DOC_TYPE}:${randomHex()}`,
    type: SANCTUARY_REPORT_DOC_TYPE,
    schemaVersion: LISTING_FEEDBACK_SCHEMA_VERSION,
    sanctuaryId: sanctuary._id,
    sanctuaryName: sanctuary.name,
    userId: userIdOf(user),
    createdAt: now.toISOString(),
    message,
    status: 'open',
  };
  await couch.call(() => queue(couch).insert(doc));
  return doc;
}

export async function proposeEdit(
  couch: CouchClient,
  sanctuary: SanctuaryDoc,
  user: UserDoc,
  changes: Partial<ListingChanges>,
  note: string,
  now = new Date(),
): Promise<QueueResult<ListingEditDoc>> {
  if (!ownsListing(user, sanctuary._id)) return { ok: false, status: 403, error: FEEDBACK_MESSAGES.notOwner };
  const doc: ListingEditDoc = {
    _id: `${LISTING_EDIT_DOC_TYPE}:${randomHex()}`,
    type: LISTING_EDIT_DOC_TYPE,
    schemaVersion: LISTING_FEEDBACK_SCHEMA_VERSION,
    sanctuaryId: sanctuary._id,
    sanctuaryName: sanctuary.name,
    userId: userIdOf(user),
    createdAt: now.toISOString(),
    changes,
    note,
    status: 'pending',
  };
  await couch.call(() => queue(couch).insert(doc));
  return { ok: true, item: doc };
}

export async function listQueueItems(couch: CouchClient): Promise<QueueItemDoc[]> {
  const res = await couch.call(() => queue(couch).list({ include_docs: true }));
  return res.rows.flatMap((r) => (isQueueItemDoc(r.doc) ? [r.doc] : [])).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export type QueueAction = 'resolve' | 'approve' | 'reject';

/**
 * An admin handles one item: resolve a report; approve an edit (its changes are written to the listing, which
 * replicates everywhere) or reject it with notes. Claimed with the document's revision, so it happens once.
 */
export async function handleQueueItem(
  couch: CouchClient,
  itemId: string,
  action: QueueAction,
  actor: UserDoc,
  reviewNotes = '',
  now = new Date(),
): Promise<QueueResult<QueueItemDoc>> {
  if (!isAdmin(actor)) return { ok: false, status: 403, error: 'Only administrators can do this.' };
  if (action === 'reject' && isBlankNotes(reviewNotes)) return { ok: false, status: 400, error: FEEDBACK_MESSAGES.notesRequired };
  for (let attempt = 0; ; attempt++) {
    let item: QueueItemDoc;
    try {
      item = await couch.call(() => queue(couch).get(itemId));
    } catch (err) {
      if (isNotFound(err)) return { ok: false, status: 404, error: FEEDBACK_MESSAGES.notFound };
      throw err;
    }
    if (!isQueueItemDoc(item)) return { ok: false, status: 404, error: FEEDBACK_MESSAGES.notFound };
    const fitting = item.type === SANCTUARY_REPORT_DOC_TYPE ? action === 'resolve' : action !== 'resolve';
    if (!fitting) return { ok: false, status: 400, error: `An item of this kind cannot be handled with "${action}".` };
    if (item.status !== 'open' && item.status !== 'pending') return { ok: false, status: 409, error: FEEDBACK_MESSAGES.alreadyDecided };
    const stamp = { decidedAt: now.toISOString(), decidedBy: userIdOf(actor), reviewNotes: reviewNotes.trim() || null };
    const next: QueueItemDoc =
      item.type === SANCTUARY_REPORT_DOC_TYPE
        ? { ...item, ...stamp, status: 'resolved' }
        : { ...item, ...stamp, status: action === 'approve' ? 'approved' : 'rejected' };
    try {
      await couch.call(() => queue(couch).insert(next));
    } catch (err) {
      if (isConflict(err) && attempt < 5) continue;
      throw err;
    }
    if (next.type === LISTING_EDIT_DOC_TYPE && next.status === 'approved') await applyChanges(couch, next, now);
    return { ok: true, item: next };
  }
}

async function applyChanges(couch: CouchClient, edit: ListingEditDoc, now: Date): Promise<void> {
  const scope = couch.use<SanctuaryDoc>(DB.sanctuaries);
  for (let attempt = 0; ; attempt++) {
    const current = await couch.sanctuaries.get(edit.sanctuaryId);
    if (!current) return;
    try {
      await couch.call(() => scope.insert({ ...current, ...edit.changes, updatedAt: now.toISOString() }));
      return;
    } catch (err) {
      if (!isConflict(err) || attempt >= 5) throw err;
    }
  }
}
