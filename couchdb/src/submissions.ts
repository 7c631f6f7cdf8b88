// Listing applications, server side: filing a user's submission command into `submissions`, the one decision
// function (approve / reject) used by the admin API and by replicated admin-decision commands, and writing every
// outcome back into the command that asked for it (so it replicates to the applicant's or the admin's device).
import type { DocumentScope } from 'nano';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION, sanctuaryFieldsSchema, type SanctuaryDoc } from '@ss/domain/sanctuary';
import {
  ADMIN_MESSAGES, SUBMISSION_COMMAND_ID_PATTERN, SUBMISSION_DOC_TYPE, SUBMISSION_SCHEMA_VERSION, commandHex, isAdminDecisionDoc,
  isBlankNotes, isSubmissionCommandDoc, isSubmissionDoc, locateSubmission, sanctuaryIdForSubmission, submissionDocId,
  submissionFieldsSchema, type AdminDecisionDoc, type Decision, type SubmissionCommandDoc, type SubmissionDoc,
} from '@ss/domain/submission';
import { isAdmin, isUserDoc, userDocId, userIdOf, type UserDoc } from '@ss/domain/user';
import { type CouchClient, getOrNull, isConflict, isNotFound } from './client.ts';
import { DB, userDbName } from './definitions.ts';
import { makeOwner } from './listing-management.ts';

export type DecisionResult =
  | { ok: true; submission: SubmissionDoc }
  | { ok: false; status: 400 | 403 | 404 | 409 | 503; error: string };

export interface DecisionRequest {
  /** `submission:<hex>`. */
  submissionId: string;
  decision: Decision;
  reviewNotes?: string | undefined;
  actor: UserDoc;
}

export interface DecisionOptions {
  /** The offline gazetteer that places an approved listing on the map; null when it is not available. */
  gazetteer: () => Gazetteer | null;
  now?: Date;
  /**
   * Runs what an approval causes after its listing is written (the applicant made owner, their command's outcome,
   * the submission marked done), so the admin is answered once the listing is stored. Without it they are done
   * before the answer. The workers' sweep finishes an approval whose effects a stopped gateway left undone.
   */
  finishLater?: (label: string, work: () => Promise<SubmissionDoc>) => void;
}

const fail = (status: 400 | 403 | 404 | 409 | 503, error: string): DecisionResult => ({ ok: false, status, error });
const submissionsDb = (couch: CouchClient) => couch.use<SubmissionDoc>(DB.submissions);
const userDb = <T extends object>(couch: CouchClient, userId: string): DocumentScope<T> => couch.nano.db.use<T>(userDbName(userId));


/** Reads, changes and writes a document, retrying on conflicts; `change` returning null means "nothing to do". */
async function updateDoc<T extends { _id: string; _rev?: string }>(couch: CouchClient, scope: DocumentScope<T>, id: string, change: (doc: T) => T | null): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await getOrNull(() => scope.get(id));
    if (!current) return null;
    const next = change(current);
    if (!next) return current;
    try {
      const res = await couch.call(() => scope.insert(next));
      return { ...next, _rev: res.rev };
    } catch (err) {
      if (!isConflict(err) || attempt >= 5) throw err;
    }
  }
}

/** Every submission in the queue, newest first. */
export async function listSubmissions(couch: CouchClient): Promise<SubmissionDoc[]> {
  const res = await couch.call(() => submissionsDb(couch).list({ include_docs: true }));
  return res.rows.flatMap((r) => (isSubmissionDoc(r.doc) ? [r.doc] : [])).sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
}

export async function getSubmission(couch: CouchClient, submissionId: string): Promise<SubmissionDoc | null> {
  const doc = await getOrNull(() => submissionsDb(couch).get(submissionId));
  return isSubmissionDoc(doc) ? doc : null;
}

/** What the applicant's command should say, given the submission's state. */
function commandOutcome(command: SubmissionCommandDoc, sub: SubmissionDoc, now: Date): SubmissionCommandDoc | null {
  const next: SubmissionCommandDoc = { ...command, status: sub.status, submissionId: sub._id, receivedAt: command.receivedAt ?? now.toISOString() };
  if (sub.status === 'rejected') next.reviewNotes = sub.reviewNotes ?? '';
  if (sub.status === 'approved' && sub.sanctuaryId) next.sanctuaryId = sub.sanctuaryId;
  if (sub.status !== 'pending') next.processedAt = sub.decidedAt ?? now.toISOString();
  const same = command.status === next.status && command.submissionId === next.submissionId && command.reviewNotes === next.reviewNotes && command.sanctuaryId === next.sanctuaryId;
  return same ? null : next;
}

async function writeApplicantOutcome(couch: CouchClient, sub: SubmissionDoc, now: Date): Promise<void> {
  try {
    await updateDoc<SubmissionCommandDoc>(couch, userDb(couch, sub.applicantId), sub.commandId, (cmd) =>
      isSubmissionCommandDoc(cmd) ? commandOutcome(cmd, sub, now) : null,
    );
  } catch (err) {
    // The applicant's database is gone (account deleted): the decision itself stands.
    if (!isNotFound(err)) throw err;
  }
}

/**
 * Files a pushed submission command into `submissions` (id from the command's, so a retry files it once) and
 * writes the queue state back into the command. Safe to call any number of times.
 */
export async function processSubmissionCommand(couch: CouchClient, userId: string, commandId: string, now = new Date()): Promise<SubmissionDoc | null> {
  if (!SUBMISSION_COMMAND_ID_PATTERN.test(commandId)) return null;
  const command = await getOrNull(() => userDb<SubmissionCommandDoc>(couch, userId).get(commandId));
  if (!isSubmissionCommandDoc(command) || command.ownerId !== userId) return null;
  const id = submissionDocId(commandHex(commandId));
  let sub = await getSubmission(couch, id);
  if (sub && sub.applicantId !== userId) {
    // Command ids are the device's choice: one that maps onto another applicant's submission is not filed.
    const reason = 'This application could not be filed. Please send it again.';
    await updateDoc<SubmissionCommandDoc>(couch, userDb(couch, userId), commandId, (c) => (c.status === 'pending' ? { ...c, status: 'refused', reason, processedAt: now.toISOString() } : null));
    return null;
  }
  if (!sub) {
    const fields = submissionFieldsSchema.safeParse(command.submission);
    if (!fields.success) {
      const reason = fields.error.issues[0]?.message ?? 'The application is not valid.';
      await updateDoc<SubmissionCommandDoc>(couch, userDb(couch, userId), commandId, (c) => (c.status === 'pending' ? { ...c, status: 'refused', reason, processedAt: now.toISOString() } : null));
      return null;
    }
    const doc: SubmissionDoc = {
      ...fields.data,
      _id: id,
      type: SUBMISSION_DOC_TYPE,
      schemaVersion: SUBMISSION_SCHEMA_VERSION,
      status: 'pending',
      submittedAt: command.createdAt,
      reviewNotes: null,
      applicantId: userId,
      commandId,
    };
    try {
      await couch.call(() => submissionsDb(couch).insert(doc));
      sub = doc;
    } catch (err) {
      if (!isConflict(err)) throw err;
      sub = await getSubmission(couch, id);
    }
  }
  if (sub) await writeApplicantOutcome(couch, sub, now);
  return sub;
}

/** The new listing: the application's fields, placed by the gazetteer (approximate), not verified. */
function listingFor(sub: SubmissionDoc, at: { latitude: number; longitude: number }, now: Date): SanctuaryDoc {
  const fields = sanctuaryFieldsSchema.parse({
    name: sub.name,
    description: sub.description,
    address: sub.address,
    city: sub.city,
    state: sub.state,
    zipCode: sub.zipCode,
    latitude: at.latitude,
    longitude: at.longitude,
    coordinatesApproximate: true,
    coordinateSource: 'gazetteer',
    phone: sub.phone,
    email: sub.email,
    website: sub.website,
    animalTypes: sub.animalTypes,
    isVerified: false,
    acceptingAnimals: sub.acceptingAnimals,
    hasVolunteerOpportunities: sub.hasVolunteerOpportunities,
    volunteerInfo: sub.volunteerInfo,
    hasToursAvailable: sub.hasToursAvailable,
    specialNeeds: sub.specialNeeds,
  });
  const stamp = sub.decidedAt ?? now.toISOString();
  return { ...fields, _id: sub.sanctuaryId!, type: SANCTUARY_DOC_TYPE, schemaVersion: SANCTUARY_SCHEMA_VERSION, submissionId: sub._id, createdAt: stamp, updatedAt: stamp };
}

/**
 * An id for the new listing that no document in `sanctuaries` has: the readable one from the application, else
 * the same with a number. The readable id carries 8 hex digits of a command id the applicant chose, so it can be
 * made to match an existing listing's on purpose; an approval must never land on someone else's listing.
 */
async function freeListingId(couch: CouchClient, sub: SubmissionDoc): Promise<string> {
  const base = sanctuaryIdForSubmission(sub);
  const scope = couch.use<SanctuaryDoc>(DB.sanctuaries);
  for (let n = 1; n < 1000; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!(await getOrNull(() => scope.get(id)))) return id;
  }
  throw new Error(`No free listing id for ${sub._id}`);
}

/** Everything an approval causes; each step is idempotent, so a retry after a crash finishes the job. */
export async function applyApproval(couch: CouchClient, sub: SubmissionDoc, options: DecisionOptions, now: Date): Promise<SubmissionDoc> {
  return finishApproval(couch, await placeListing(couch, sub, options, now), now);
}

/**
 * Writes the approved listing under the submission's `sanctuaryId` (or a free one, recorded first, when another
 * listing holds it); an existing listing this approval made counts as done. `idFree`: the id was found free a moment
 * ago, so the listing is written at once rather than looked for first.
 */
async function placeListing(couch: CouchClient, sub: SubmissionDoc, options: DecisionOptions, now: Date, idFree = false): Promise<SubmissionDoc> {
  const scope = couch.use<SanctuaryDoc & { submissionId?: string }>(DB.sanctuaries);
  for (let attempt = 0; ; attempt++) {
    const existing = idFree && attempt === 0 ? null : await getOrNull(() => scope.get(sub.sanctuaryId!));
    if (existing?.submissionId === sub._id) break; // made by this approval, before a crash or a retry
    if (!existing) {
      const gazetteer = options.gazetteer();
      const at = gazetteer ? locateSubmission(gazetteer, sub) : null;
      if (!at) throw new Error(`Cannot place ${sub._id} on the map`);
      try {
        await couch.call(() => scope.insert(listingFor(sub, at, now)));
        break;
      } catch (err) {
        if (!isConflict(err)) throw err;
        continue; // someone wrote that id just now: whose listing it is decides, above
      }
    }
    // Another listing holds the id: this approval gets a free one, recorded before anything is written under it.
    if (attempt >= 5) throw new Error(`No listing id could be kept for ${sub._id}`);
    const id = await freeListingId(couch, sub);
    sub = (await updateDoc<SubmissionDoc>(couch, submissionsDb(couch), sub._id, (d) => (d.sanctuaryId === id ? null : { ...d, sanctuaryId: id }))) ?? sub;
  }
  return sub;
}

/** The approval's effects once its listing exists: the applicant made its owner, told, and the submission marked done. */
async function finishApproval(couch: CouchClient, sub: SubmissionDoc, now: Date): Promise<SubmissionDoc> {
  // The applicant becomes a sanctuary_owner (an admin stays admin) linked to the listing, which is then managed.
  await makeOwner(couch, sub.applicantId, sub.sanctuaryId!, now);
  await writeApplicantOutcome(couch, sub, now);
  const done = await updateDoc<SubmissionDoc>(couch, submissionsDb(couch), sub._id, (d) => (d.effectsDone ? null : { ...d, effectsDone: true }));
  return done ?? sub;
}

/**
 * Approvals whose effects are not done (the listing, the applicant made owner, told): the gateway finishes them just
 * after answering the admin, so one it stopped before finishing waits here for the workers' sweep. Reads the queue
 * only when it changed since `known.seq`; returns what it read, for the next call.
 */
export async function unfinishedApprovals(couch: CouchClient, known: { seq: string; ids: string[] } | null): Promise<{ seq: string; ids: string[] }> {
  const info = await couch.call(() => couch.nano.db.get(DB.submissions));
  const seq = String(info.update_seq);
  if (known?.seq === seq) return known;
  const res = await couch.call(() => couch.nano.db.use<SubmissionDoc>(DB.submissions).list({ include_docs: true }));
  const ids = res.rows.flatMap((r) => (isSubmissionDoc(r.doc) && r.doc.status === 'approved' && r.doc.effectsDone === false ? [r.id] : []));
  return { seq, ids };
}

/** Finishes one approval the sweep found unfinished (idempotent; see applyApproval). */
export async function finishUnfinishedApproval(couch: CouchClient, submissionId: string, options: DecisionOptions): Promise<void> {
  const sub = await getSubmission(couch, submissionId);
  if (sub?.status === 'approved' && sub.effectsDone === false) await applyApproval(couch, sub, options, options.now ?? new Date());
}

/**
 * Approves or rejects one submission. Only admins; only pending submissions (a second decision, from another
 * admin or a retried command, is answered 409 'already decided' and changes nothing); a rejection needs notes.
 * The decision is claimed first with the document's revision, so of two concurrent deciders exactly one wins.
 */
export async function decideSubmission(couch: CouchClient, request: DecisionRequest, options: DecisionOptions): Promise<DecisionResult> {
  const now = options.now ?? new Date();
  if (!isAdmin(request.actor)) return fail(403, ADMIN_MESSAGES.adminsOnly);
  const notes = (request.reviewNotes ?? '').trim();
  if (request.decision === 'reject' && isBlankNotes(notes)) return fail(400, ADMIN_MESSAGES.notesRequiredText);

  for (let attempt = 0; ; attempt++) {
    const sub = await getSubmission(couch, request.submissionId);
    if (!sub) return fail(404, ADMIN_MESSAGES.notFound);
    if (sub.status !== 'pending') {
      // A decision interrupted half-way is finished by whoever comes next (an approval's listing and owner, a
      // rejection's notes in the applicant's command); the answer is still 'already decided'.
      if (sub.status === 'approved' && !sub.effectsDone) await applyApproval(couch, sub, options, now);
      if (sub.status === 'rejected') await writeApplicantOutcome(couch, sub, now);
      return fail(409, ADMIN_MESSAGES.alreadyDecided);
    }
    const decided: SubmissionDoc = {
      ...sub,
      status: request.decision === 'approve' ? 'approved' : 'rejected',
      reviewNotes: notes || null,
      decidedAt: now.toISOString(),
      decidedBy: userIdOf(request.actor),
    };
    if (request.decision === 'approve') {
      const gazetteer = options.gazetteer();
      if (!gazetteer) return fail(503, 'The place index is not available, so the listing cannot be placed on the map yet. Please try again later.');
      if (!locateSubmission(gazetteer, sub)) return fail(400, 'This address could not be placed on the map; please check its city, state and ZIP code.');
      decided.sanctuaryId = await freeListingId(couch, sub);
      decided.effectsDone = false;
    }
    let claimed: SubmissionDoc;
    try {
      const res = await couch.call(() => submissionsDb(couch).insert(decided));
      claimed = { ...decided, _rev: res.rev };
    } catch (err) {
      if (isConflict(err) && attempt < 5) continue;
      throw err;
    }
    if (claimed.status === 'approved') {
      const placed = await placeListing(couch, claimed, options, now, true);
      if (!options.finishLater) return { ok: true, submission: await finishApproval(couch, placed, now) };
      options.finishLater(`approval of ${placed._id}`, () => finishApproval(couch, placed, now));
      return { ok: true, submission: placed };
    }
    await writeApplicantOutcome(couch, claimed, now);
    return { ok: true, submission: claimed };
  }
}

/**
 * Whether a command still waits for its apply (the gateway's, or the sweep's after a crash): a submission command
 * not yet filed in the queue (a filed one stays 'pending' until an admin decides), a decision not yet applied.
 */
export function awaitsApply(doc: unknown): doc is SubmissionCommandDoc | AdminDecisionDoc {
  if (isSubmissionCommandDoc(doc)) return doc.status === 'pending' && !doc.submissionId;
  return isAdminDecisionDoc(doc) && doc.status === 'pending';
}

/**
 * True when the submission already carries exactly what this admin asked for: their own decision, taken by this
 * command in an apply that stopped before writing 'done' (a crash, then the sweep), or by an identical one.
 */
function decidedAsAsked(sub: SubmissionDoc, command: AdminDecisionDoc, userId: string): boolean {
  if (sub.decidedBy !== userId) return false;
  if (command.decision === 'approve') return sub.status === 'approved';
  return sub.status === 'rejected' && (sub.reviewNotes ?? '') === command.reviewNotes.trim();
}

/**
 * Applies an admin-decision command from an admin's own database and writes its outcome into it ('done', or
 * 'refused' with the reason). Safe to call any number of times: a finished command is left alone, and one whose
 * decision took effect before the outcome was written is marked 'done', not refused as 'already decided'. The
 * author's account is read again each time, so only a current admin's decision is applied.
 */
export async function processAdminDecision(couch: CouchClient, userId: string, commandId: string, options: DecisionOptions): Promise<AdminDecisionDoc | null> {
  const scope = userDb<AdminDecisionDoc>(couch, userId);
  const command = await getOrNull(() => scope.get(commandId));
  if (!isAdminDecisionDoc(command) || command.ownerId !== userId || command.status !== 'pending') return command;
  const actor = await getOrNull(() => couch.use<UserDoc>(DB.users).get(userDocId(userId)));
  let result: DecisionResult = isUserDoc(actor)
    ? await decideSubmission(couch, { submissionId: command.submissionId, decision: command.decision, reviewNotes: command.reviewNotes, actor }, options)
    : fail(403, ADMIN_MESSAGES.adminsOnly);
  if (!result.ok && result.status === 409) {
    const sub = await getSubmission(couch, command.submissionId);
    if (sub && decidedAsAsked(sub, command, userId)) result = { ok: true, submission: sub };
  }
  const processedAt = (options.now ?? new Date()).toISOString();
  return updateDoc<AdminDecisionDoc>(couch, scope, commandId, (c) =>
    c.status !== 'pending' ? null : result.ok ? { ...c, status: 'done', processedAt } : { ...c, status: 'refused', reason: result.error, processedAt },
  );
}
