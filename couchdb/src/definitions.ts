// What the CouchDB side of the product consists of: database names, who may read them (_security),
// and the design documents (validate_doc_update as a second line of defence, views used as indexes).
import { ROLES } from '@ss/domain/constants';

export const DB = {
  sanctuaries: 'sanctuaries',
  reviews: 'reviews',
  media: 'media',
  users: 'users',
  sessions: 'sessions',
  submissions: 'submissions',
  /** Private index of review commands accepted but not yet finished (`pending:<userId>:<hex>`), for the sweep. */
  commands: 'commands',
  /** Private helpful votes (`vote:<reviewId>:<userId>`); only their count is public, on the review. */
  votes: 'votes',
} as const;
export type DbName = (typeof DB)[keyof typeof DB];

/** Every database is private to server admins: the gateway is the only door, so clients never log in to CouchDB. */
export const PRIVATE_SECURITY = {
  admins: { names: [], roles: ['_admin'] },
  members: { names: [], roles: ['_admin'] },
} as const;

export interface DesignDoc {
  _id: string;
  _rev?: string;
  language?: 'javascript';
  validate_doc_update?: string;
  views?: Record<string, { map: string; reduce?: string }>;
}

// Design-document functions run inside CouchDB's JavaScript engine (SpiderMonkey / PouchDB's eval), so they
// are written as ES5 source strings rather than compiled TypeScript.
const onlyAdminsWrite = `
  if (userCtx.roles.indexOf('_admin') === -1) {
    throw({ forbidden: 'Only the gateway may write to this database.' });
  }
  if (newDoc._deleted) return;`;

const requireFields = (fields: Record<string, 'string' | 'number' | 'boolean' | 'object'>) =>
  Object.entries(fields)
    .map(
      ([field, kind]) =>
        `  if (typeof newDoc.${field} !== '${kind}' || newDoc.${field} === null) { throw({ forbidden: '${field} must be a ${kind}.' }); }`,
    )
    .join('\n');

export const DESIGN_DOCS: Record<DbName, DesignDoc[]> = {
  sanctuaries: [
    {
      _id: '_design/sanctuaries',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type !== 'sanctuary') { throw({ forbidden: 'Only sanctuary documents belong here.' }); }
${requireFields({ name: 'string', city: 'string', state: 'string', latitude: 'number', longitude: 'number', schemaVersion: 'number' })}
  if (newDoc.latitude < -90 || newDoc.latitude > 90 || newDoc.longitude < -180 || newDoc.longitude > 180) {
    throw({ forbidden: 'Coordinates are out of range.' });
  }
  if (!Array.isArray(newDoc.animalTypes) || !Array.isArray(newDoc.imageUrls)) {
    throw({ forbidden: 'animalTypes and imageUrls must be lists.' });
  }
}`,
    },
  ],
  reviews: [
    {
      _id: '_design/reviews',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type === 'review-stats') {
${requireFields({ sanctuaryId: 'string', totalReviews: 'number', averageRating: 'number' })}
    return;
  }
  if (newDoc.type !== 'review') { throw({ forbidden: 'Only reviews and review stats belong here.' }); }
${requireFields({ sanctuaryId: 'string', comment: 'string', rating: 'number', createdAt: 'string' })}
  if (newDoc.userId !== undefined) { throw({ forbidden: 'A public review names no account.' }); }
  if (newDoc.rating < 1 || newDoc.rating > 5 || Math.round(newDoc.rating) !== newDoc.rating) {
    throw({ forbidden: 'rating must be a whole number from 1 to 5.' });
  }
  if (!newDoc.comment.replace(/\\s+/g, '')) { throw({ forbidden: 'comment must not be blank.' }); }
  if (!Array.isArray(newDoc.photos) || newDoc.photos.length > 5) { throw({ forbidden: 'At most 5 photos.' }); }
}`,
      views: {
        // Visible reviews of one sanctuary, newest last within the key range [id] .. [id, {}].
        by_sanctuary: {
          map: `function (doc) { if (doc.type === 'review' && !doc.hidden) { emit([doc.sanctuaryId, doc.createdAt], doc.rating); } }`,
          reduce: '_stats',
        },
        // Every visible review by creation time, for the community page.
        by_created: {
          map: `function (doc) { if (doc.type === 'review' && !doc.hidden) { emit(doc.createdAt, null); } }`,
        },
      },
    },
  ],
  media: [
    {
      _id: '_design/media',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type !== 'photo' && newDoc.type !== 'thumbnail' && newDoc.type !== 'listing-photo') { throw({ forbidden: 'Only photos belong here.' }); }
}`,
    },
  ],
  users: [
    {
      _id: '_design/users',
      language: 'javascript',
      // Accounts (`user:<id>`) and the e-mail claims that keep addresses unique (`email:<address>`).
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type === 'user') {
    if (newDoc._id.indexOf('user:') !== 0) { throw({ forbidden: 'User ids start with user:.' }); }
${requireFields({ email: 'string', emailLower: 'string', passwordHash: 'string', role: 'string', isVerified: 'boolean', schemaVersion: 'number' })}
    if (${JSON.stringify(ROLES)}.indexOf(newDoc.role) === -1) { throw({ forbidden: 'Unknown role.' }); }
    return;
  }
  if (newDoc.type === 'email-claim') {
    if (newDoc._id.indexOf('email:') !== 0) { throw({ forbidden: 'E-mail claim ids start with email:.' }); }
${requireFields({ userId: 'string' })}
    return;
  }
  if (newDoc.type === 'username-claim') {
    if (newDoc._id.indexOf('username:') !== 0) { throw({ forbidden: 'Username claim ids start with username:.' }); }
${requireFields({ userId: 'string' })}
    return;
  }
  throw({ forbidden: 'Only users, e-mail and username claims belong here.' });
}`,
    },
  ],
  sessions: [
    {
      _id: '_design/sessions',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type !== 'session' || newDoc._id.indexOf('session:') !== 0) { throw({ forbidden: 'Only sessions belong here.' }); }
${requireFields({ userId: 'string', createdAt: 'string', expiresAt: 'string' })}
}`,
      views: {
        // A user's sessions with their expiry, to end them all (password change) or sweep expired ones.
        by_user: {
          map: `function (doc) { if (doc.type === 'session') { emit(doc.userId, doc.expiresAt); } }`,
        },
      },
    },
  ],
  submissions: [
    {
      _id: '_design/submissions',
      language: 'javascript',
      // Listing applications (`submission:<hex>`), filed and decided by the gateway only (couchdb/src/submissions.ts).
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  // Review reports share the admins' queue (couchdb/src/review-moderation.ts).
  if (newDoc.type === 'review-report') {
    if (newDoc._id.indexOf('review-report:') !== 0) { throw({ forbidden: 'Review report ids start with review-report:.' }); }
${requireFields({ reviewId: 'string', userId: 'string', reason: 'string', status: 'string', createdAt: 'string' })}
    return;
  }
  // A hidden review's last public content, kept for the admins (couchdb/src/review-moderation.ts).
  if (newDoc.type === 'hidden-review') {
    if (newDoc._id.indexOf('hidden-review:') !== 0) { throw({ forbidden: 'Hidden review ids start with hidden-review:.' }); }
${requireFields({ reviewId: 'string', hiddenAt: 'string', hiddenBy: 'string', review: 'object' })}
    return;
  }
  // Claims of listings and the audit trail of owners' changes (couchdb/src/listing-management.ts).
  if (newDoc.type === 'listing-claim' || newDoc.type === 'listing-audit') {
    if (newDoc._id.indexOf(newDoc.type + ':') !== 0) { throw({ forbidden: 'The id must start with the type.' }); }
${requireFields({ sanctuaryId: 'string', userId: 'string' })}
    return;
  }
  if (newDoc.type === 'sanctuary-report' || newDoc.type === 'listing-edit') {
    if (newDoc._id.indexOf(newDoc.type + ':') !== 0) { throw({ forbidden: 'The id must start with the type.' }); }
${requireFields({ sanctuaryId: 'string', userId: 'string', createdAt: 'string', status: 'string' })}
    return;
  }
  if (newDoc.type !== 'submission' || newDoc._id.indexOf('submission:') !== 0) { throw({ forbidden: 'Only submissions, reports and proposed edits belong here.' }); }
${requireFields({ name: 'string', status: 'string', submittedAt: 'string', applicantId: 'string', commandId: 'string' })}
  if (['pending', 'approved', 'rejected'].indexOf(newDoc.status) === -1) { throw({ forbidden: 'Unknown status.' }); }
  if (newDoc.status === 'rejected' && !(typeof newDoc.reviewNotes === 'string' && newDoc.reviewNotes.replace(/\\s+/g, ''))) {
    throw({ forbidden: 'A rejection needs review notes.' });
  }
}`,
    },
  ],
  commands: [
    {
      _id: '_design/commands',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  // Who wrote each review and each user's one review per listing (couchdb/src/review-commands.ts).
  if (newDoc.type === 'review-author' || newDoc.type === 'review-slot') {
    if (newDoc._id.indexOf(newDoc.type + ':') !== 0) { throw({ forbidden: 'The id must start with the type.' }); }
${requireFields({ userId: 'string', reviewId: 'string', sanctuaryId: 'string', createdAt: 'string' })}
    return;
  }
  if (newDoc.type !== 'pending-command' || newDoc._id.indexOf('pending:') !== 0) { throw({ forbidden: 'Only pending-command entries belong here.' }); }
${requireFields({ userId: 'string', commandId: 'string', createdAt: 'string' })}
}`,
    },
  ],
  votes: [
    {
      _id: '_design/votes',
      language: 'javascript',
      validate_doc_update: `function (newDoc, oldDoc, userCtx) {${onlyAdminsWrite}
  if (newDoc.type !== 'helpful-vote' || newDoc._id.indexOf('vote:') !== 0) { throw({ forbidden: 'Only helpful votes belong here.' }); }
${requireFields({ reviewId: 'string', userId: 'string', createdAt: 'string' })}
}`,
    },
  ],
};

export const ALL_DBS: DbName[] = Object.values(DB);

/** Each user's own database, replicated two-way to that user's devices through the gateway's /db/me. */
export const USER_DB_PREFIX = 'userdb-';
export const userDbName = (userId: string): string => `${USER_DB_PREFIX}${userId}`;

/**
 * A user's own database holds no design document. Only the gateway writes there (its `_security` admits admins
 * alone), after checking every document against domain/src/user-db.ts; what reads those documents back checks
 * the owner again (every command's applier, the favourites list). It used to carry a `validate_doc_update`
 * repeating those rules, but CouchDB runs each database's validation in a JavaScript process of that database's
 * own (os_process_limit 100 by default): with more user databases being written than that, every write waited for
 * one to be started or taught. Measured on CouchDB 3.4.3 here, 250 user databases, 50 writers: 70 writes/s (p50
 * 728 ms) with it, 559/s (p50 85 ms) without; in `npm run load -- --clients 1000 --couchdb` the store's time for a
 * user database's `_bulk_docs` fell from p50 204 ms / p95 1.2 s to 14 / 94 ms (issue 16; README, Load). Setup
 * removes the old one (setup.ts), and a restore leaves it out (backup.ts).
 */
export const USER_DB_DESIGN_DOCS: DesignDoc[] = [];

/**
 * A user's database is made in one shard, not the server's default (q = 2 in CouchDB 3): it holds a few
 * dozen small documents, and each shard is a file CouchDB keeps open (max_dbs_open counts shards) and a feed a
 * `_changes` request merges. CouchDB's own advice for many small databases. Those made before keep theirs.
 */
export const USER_DB_SHARDS = 1;

/** The shards (CouchDB's `q`) `db` is made in: a user's database in USER_DB_SHARDS, the others the server's default. */
export function shardsFor(db: string): number | undefined {
  return db.startsWith(USER_DB_PREFIX) ? USER_DB_SHARDS : undefined;
}

/** The parts of a design document that are code or decide what code runs. */
const canonical = (doc: Partial<DesignDoc> & Record<string, unknown>): string => {
  const { _id, _rev: _r, _revisions: _h, ...rest } = doc as Record<string, unknown>;
  return stableJson({ _id, ...rest });
};

/** JSON with object keys sorted: equal values, equal text (for comparing stored and wanted documents). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The design documents `db` is meant to have: ours, by name (a user's database has none). */
export function designDocsFor(db: string): DesignDoc[] {
  if (db.startsWith(USER_DB_PREFIX)) return USER_DB_DESIGN_DOCS;
  return Object.hasOwn(DESIGN_DOCS, db) ? DESIGN_DOCS[db as DbName] : [];
}

/**
 * Whether `doc` is exactly one of the design documents `db` is meant to have (revision data aside). The embedded
 * store writes no other design document, whoever asks (store-process.ts): nothing a client sends can become code
 * the store runs.
 */
export function isOwnDesignDoc(db: string, doc: unknown): boolean {
  if (typeof doc !== 'object' || doc === null) return false;
  const wanted = canonical(doc as Record<string, unknown>);
  return designDocsFor(db).some((d) => canonical(d as unknown as Record<string, unknown>) === wanted);
}

/** Every function source our design documents hold. */
const OWN_CODE = new Set(
  Object.values(DESIGN_DOCS).flat().flatMap((d) => [
    d.validate_doc_update,
    ...Object.values(d.views ?? {}).flatMap((v) => [v.map, v.reduce]),
  ]).filter((code): code is string => typeof code === 'string'),
);

/** Whether `code` is one of our own design functions (the store refuses to run anything else). */
export function isOwnDesignCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return OWN_CODE.has(code);
}
