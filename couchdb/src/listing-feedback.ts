// Reports of incorrect information, server side: filed into `submissions` (so they replicate to admins' devices with
// the applications) and resolved by an admin, once. (Owners change their listings themselves: ./listing-management.ts.)
import { FEEDBACK_MESSAGES, LISTING_FEEDBACK_SCHEMA_VERSION, SANCTUARY_REPORT_DOC_TYPE, isQueueItemDoc, type QueueItemDoc, type SanctuaryReportDoc } from '@ss/domain/listing-feedback';
import { randomHex } from '@ss/domain/review-command';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { isAdmin, userIdOf, type UserDoc } from '@ss/domain/user';
import { type CouchClient, isConflict, isNotFound } from './client.ts';
import { DB } from './definitions.ts';

export type QueueResult<T> = { ok: true; item: T } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const queue = (couch: CouchClient) => couch.use<QueueItemDoc>(DB.submissions);


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

export async function listQueueItems(couch: CouchClient): Promise<QueueItemDoc[]> {
  const res = await couch.call(() => queue(couch).list({ include_docs: true }));
  return res.rows.flatMap((r) => (isQueueItemDoc(r.doc) ? [r.doc] : [])).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** An admin resolves an open report, once (claimed with the document's revision). */
export async function resolveReport(couch: CouchClient, itemId: string, actor: UserDoc, now = new Date()): Promise<QueueResult<QueueItemDoc>> {
  if (!isAdmin(actor)) return { ok: false, status: 403, error: 'Only administrators can do this.' };
  for (let attempt = 0; ; attempt++) {
    let item: QueueItemDoc;
    try {
      item = await couch.call(() => queue(couch).get(itemId));
    } catch (err) {
      if (isNotFound(err)) return { ok: false, status: 404, error: FEEDBACK_MESSAGES.notFound };
      throw err;
    }
    if (!isQueueItemDoc(item)) return { ok: false, status: 404, error: FEEDBACK_MESSAGES.notFound };
    if (item.status !== 'open') return { ok: false, status: 409, error: FEEDBACK_MESSAGES.alreadyDecided };
    const next: QueueItemDoc = { ...item, status: 'resolved', decidedAt: now.toISOString(), decidedBy: userIdOf(actor), reviewNotes: null };
    try {
      await couch.call(() => queue(couch).insert(next));
      return { ok: true, item: next };
    } catch (err) {
      if (!(isConflict(err) && attempt < 5)) throw err;
    }
  }
}
