// Accounts: the public User the API returns (the spec's entity), the stored user and e-mail-claim documents
// of the `users` database, and the rules for their ids.
import type { Role } from './constants.ts';

export const USER_DOC_TYPE = 'user';
export const USER_SCHEMA_VERSION = 1;
export const EMAIL_CLAIM_DOC_TYPE = 'email-claim';
export const EMAIL_CLAIM_SCHEMA_VERSION = 1;

/** User ids are 32 lowercase hex characters (16 random bytes). */
export const USER_ID_PATTERN = /^[0-9a-f]{32}$/;

/** The spec's User entity: what `GET /api/auth/user` and the other account calls return. */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  profileImageUrl: string | null;
  role: Role;
  isVerified: boolean;
  /** The listings this account manages (an approved application or claim); absent when none. */
  ownedSanctuaryIds?: string[];
}

/** A user as stored in the `users` database (gateway only; never replicated). Id `user:<id>`. */
export interface UserDoc {
  _id: string;
  _rev?: string;
  type: typeof USER_DOC_TYPE;
  schemaVersion: number;
  firstName: string;
  lastName: string;
  /** As the user typed it; shown back to them. */
  email: string;
  /** Trimmed and lowercased: what uniqueness and sign-in compare. */
  emailLower: string;
  username: string | null;
  profileImageUrl: string | null;
  role: Role;
  isVerified: boolean;
  /** scrypt parameters, salt and hash in one string; see couchdb/src/passwords.ts. */
  passwordHash: string;
  /** Listings this account manages: linked when an application or a claim of theirs is approved. */
  ownedSanctuaryIds?: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * Makes an e-mail address unique: created with a plain insert before the user document, so a second account
 * with the same address meets a conflict. Id `email:<lowercased address>`.
 */
export interface EmailClaimDoc {
  _id: string;
  _rev?: string;
  type: typeof EMAIL_CLAIM_DOC_TYPE;
  schemaVersion: number;
  userId: string;
  createdAt: string;
}

export const isUserId = (id: string): boolean => USER_ID_PATTERN.test(id);
export const userDocId = (userId: string): string => `user:${userId}`;
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailClaimId = (email: string): string => `email:${normalizeEmail(email)}`;

export function isUserDoc(doc: unknown): doc is UserDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === USER_DOC_TYPE;
}

/** The id inside a `user:<id>` document id. */
export function userIdOf(doc: Pick<UserDoc, '_id'>): string {
  return doc._id.slice('user:'.length);
}

export function toUser(doc: UserDoc): User {
  return {
    id: userIdOf(doc),
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    username: doc.username,
    profileImageUrl: doc.profileImageUrl,
    role: doc.role,
    isVerified: doc.isVerified,
    ...(doc.ownedSanctuaryIds?.length ? { ownedSanctuaryIds: [...doc.ownedSanctuaryIds] } : {}),
  };
}

/** Whether the account manages this listing. */
export function managesListing(user: Pick<User, 'ownedSanctuaryIds'> | null | undefined, sanctuaryId: string): boolean {
  return user?.ownedSanctuaryIds?.includes(sanctuaryId) === true;
}

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}
