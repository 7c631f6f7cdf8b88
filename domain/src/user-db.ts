// What a signed-in user may write into their own database (userdb-<id>), pushed through /db/me. The gateway
// checks every document with checkUserDbDoc before the store sees it; CouchDB's validate_doc_update repeats
// the type, id and owner rules, built from USER_DB_DOC_TYPES. A new kind of user document is added here only.
import * as z from 'zod/mini';
import './english-errors.ts';
import { FAVORITE_DOC_TYPE } from './favorite.ts';
import { favoriteDocSchema } from './favorite-schema.ts';
import { REVIEW_COMMAND_DOC_TYPE, REVIEW_COMMAND_MAX_BYTES } from './review-command.ts';
import { reviewCommandPushSchema } from './review-command-schema.ts';
import { ADMIN_DECISION_DOC_TYPE, SUBMISSION_COMMAND_DOC_TYPE, adminDecisionPushSchema, submissionCommandPushSchema } from './submission.ts';
import { checkRevisionMeta } from './revisions.ts';
import { LISTING_CLAIM_COMMAND_TYPE, LISTING_UPDATE_COMMAND_TYPE, claimCommandPushSchema, listingUpdatePushSchema } from './listing-management.ts';

export interface UserDbDocRule {
  /** The whole document's schema, `_id`, `type` and `ownerId` included: every user document names its owner. */
  schema: z.core.$ZodType;
  /** Largest JSON size of one document in bytes, not counting its `_revisions` history. */
  maxBytes: number;
  /** Whether the user may delete documents of this type. */
  deletable: boolean;
}

/**
 * The document types users may write, by `type`. Ids are always `<type>:<something>`, which is how a deletion
 * stub (which carries no body) is recognised. Later issues add their command types here.
 */
export const USER_DB_DOC_RULES: Readonly<Record<string, UserDbDocRule>> = {
  [FAVORITE_DOC_TYPE]: { schema: favoriteDocSchema, maxBytes: 2048, deletable: true },
  // Written once on the device with its photos; the gateway also checks the bytes, the sanctuary and that it
  // is new (couchdb/src/review-commands.ts), then applies it and writes the outcome.
  [REVIEW_COMMAND_DOC_TYPE]: { schema: reviewCommandPushSchema, maxBytes: REVIEW_COMMAND_MAX_BYTES, deletable: false },
  // A listing application (issue 6); the gateway files it in `submissions` and writes the outcome back.
  [SUBMISSION_COMMAND_DOC_TYPE]: { schema: submissionCommandPushSchema, maxBytes: 32 * 1024, deletable: false },
  // An admin's approve / reject; applied only for admins (the role is checked when it is applied).
  [ADMIN_DECISION_DOC_TYPE]: { schema: adminDecisionPushSchema, maxBytes: 8 * 1024, deletable: false },
  // Claiming a listing (issue 12); filed in the admins' queue like an application.
  [LISTING_CLAIM_COMMAND_TYPE]: { schema: claimCommandPushSchema, maxBytes: 8 * 1024, deletable: false },
  // An owner's change to their listing, new photos attached (made small on the device); published by the gateway.
  [LISTING_UPDATE_COMMAND_TYPE]: { schema: listingUpdatePushSchema, maxBytes: 36 * 1024 * 1024, deletable: false },
};

export const USER_DB_DOC_TYPES: readonly string[] = Object.keys(USER_DB_DOC_RULES);

export type UserDbDocVerdict = { ok: true; type: string } | { ok: false; reason: string };

/** Fields CouchDB and PouchDB use for replication; a deletion stub carries nothing else. */
const META_FIELDS = new Set(['_id', '_rev', '_revisions', '_deleted']);

const refuse = (reason: string): UserDbDocVerdict => ({ ok: false, reason });

function typeOfId(id: string): string {
  const colon = id.indexOf(':');
  return colon > 0 ? id.slice(0, colon) : '';
}

/** No user document nests deeper than a few levels; a review command's photos are the deepest, at 3. */
export const MAX_DOC_DEPTH = 16;

/**
 * Whether a value has objects or arrays more than `limit` levels below it (`{a: {b: 1}}` has one level below
 * the top object), walked level by level without recursion and stopping as soon as it passes `limit`.
 * JSON.parse accepts any depth, and the size and schema checks below recurse (JSON.stringify overflows the
 * stack on a document nested some thousands of levels), so the depth is checked first. Also ends on a cyclic
 * value, which nests without end.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length; depth++) {
    if (depth > limit) return true;
    const next: unknown[] = [];
    for (const v of level) {
      if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) next.push(child);
    }
    level = next;
  }
  return false;
}

function byteSize(doc: Record<string, unknown>): number {
  const { _revisions: _ignored, ...rest } = doc;
  return new TextEncoder().encode(JSON.stringify(rest)).length;
}

export interface UserDbWriteOptions {
  /**
   * false for replication (`new_edits=false`): the document brings its own `_rev` and `_revisions` history, both
   * checked completely (revisions.ts). Defaults to true: an edit the store gives the next revision to.
   */
  newEdits?: boolean;
}

/**
 * May `ownerId` store this document in their own database? Used for every document of `_bulk_docs` and of a
 * document PUT on /db/me; a refusal's reason goes back to the device as a per-document `forbidden` error.
 * Whether an immutable document already exists is the caller's question (it needs the store).
 */
export function checkUserDbDoc(raw: unknown, ownerId: string, { newEdits = true }: UserDbWriteOptions = {}): UserDbDocVerdict {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refuse('Each document must be a JSON object.');
  // Before anything walks the document recursively (byteSize, the schema): see nestsDeeperThan.
  if (nestsDeeperThan(raw, MAX_DOC_DEPTH)) return refuse(`Documents may nest at most ${MAX_DOC_DEPTH} levels deep.`);
  const doc = raw as Record<string, unknown>;
  const id = doc._id;
  if (typeof id !== 'string' || id === '') return refuse('Every document needs an _id.');
  if (id.startsWith('_')) return refuse('Design and local documents cannot be written here.');
  const revisions = checkRevisionMeta(doc, { newEdits });
  if (!revisions.ok) return revisions;

  if (doc._deleted === true) {
    const rule = USER_DB_DOC_RULES[typeOfId(id)];
    if (!rule) return refuse('Documents of this kind cannot be saved here.');
    if (!rule.deletable) return refuse(`${typeOfId(id)} documents cannot be deleted.`);
    // A deletion stub from PouchDB's remove(): nothing but the id and revision data.
    if (Object.keys(doc).every((k) => META_FIELDS.has(k))) return { ok: true, type: typeOfId(id) };
  }

  const type = doc.type;
  if (typeof type !== 'string' || !Object.hasOwn(USER_DB_DOC_RULES, type)) {
    return refuse(typeof type === 'string' ? `Documents of type "${type}" cannot be saved here.` : 'Every document needs a type.');
  }
  const rule = USER_DB_DOC_RULES[type]!;
  if (!id.startsWith(`${type}:`)) return refuse(`The id of a ${type} document must start with "${type}:".`);
  if (doc.ownerId !== ownerId) return refuse('This document belongs to another account.');
  if (byteSize(doc) > rule.maxBytes) return refuse(`This ${type} document is too large (at most ${rule.maxBytes} bytes).`);
  const parsed = z.safeParse(rule.schema, doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return refuse(`Invalid ${type} document. ${where}${issue?.message ?? 'invalid'}`);
  }
  return { ok: true, type };
}
