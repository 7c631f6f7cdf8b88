// Accounts in the `users` database: registration with unique e-mails (an `email:<address>` claim document
// inserted before the `user:<id>` document, so a duplicate meets a conflict), sign-in, profile and password
// changes, roles. Passwords are hashed with ./passwords.ts; each account gets its own database (./user-db.ts).
import crypto from 'node:crypto';
import type { CouchClient } from './client.ts';
import { CouchHttpError, isConflict, isNotFound } from './client.ts';
import { DB } from './definitions.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { ensureUserDb } from './user-db.ts';
import type { Role } from '@ss/domain/constants';
import {
  EMAIL_CLAIM_DOC_TYPE,
  EMAIL_CLAIM_SCHEMA_VERSION,
  emailClaimId,
  isUserDoc,
  isUserId,
  normalizeEmail,
  USER_DOC_TYPE,
  USER_SCHEMA_VERSION,
  userDocId,
  userIdOf,
  type EmailClaimDoc,
  type UserDoc,
} from '@ss/domain/user';
import { usernameKey } from '@ss/domain/names';

/** Another account already uses this e-mail address. */
export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

/** Another account already uses this username (in any case). */
export class UsernameTakenError extends Error {
  constructor() {
    super('username taken');
  }
}

/** Makes a username unique whatever its case, as the e-mail claims do addresses. Id `username:<lower case>`. */
interface UsernameClaimDoc {
  _id: string;
  _rev?: string;
  type: 'username-claim';
  userId: string;
  createdAt: string;
}
const usernameClaimId = (username: string) => `username:${usernameKey(username)}`;

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: Role;
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  email?: string;
  username?: string | null;
}

export interface UserOptions {
  now?: () => Date;
  /**
   * How long a claim without its user document counts as a registration in progress. Older orphans (a crash
   * between the two writes) may be taken over, so an address is never blocked for good.
   */
  claimGraceMs?: number;
}

export type Users = ReturnType<typeof createUsers>;


export function createUsers(couch: CouchClient, { now = () => new Date(), claimGraceMs = 10 * 60 * 1000 }: UserOptions = {}) {
  const db = () => couch.nano.db.use<UserDoc | EmailClaimDoc>(DB.users);

  /** Reads by id without relying on the client to encode it (e-mail addresses may hold any character). */
  async function read<T>(id: string): Promise<T | null> {
    try {
      return (await couch.call(() => couch.nano.request({ db: DB.users, path: encodeURIComponent(id) }))) as T;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async function write<T extends { _id: string; _rev?: string }>(doc: T): Promise<T> {
    const res = await couch.call(() => db().insert(doc as never));
    return { ...doc, _rev: res.rev };
  }

  async function get(userId: string): Promise<UserDoc | null> {
    if (!isUserId(userId)) return null;
    const doc = await read<UserDoc>(userDocId(userId));
    return isUserDoc(doc) ? doc : null;
  }

  /** Reads, changes and writes the user document, retrying when another request changed it meanwhile. */
  async function update(userId: string, change: (doc: UserDoc) => UserDoc): Promise<UserDoc> {
    for (let attempt = 0; ; attempt++) {
      const current = await get(userId);
      if (!current) throw new CouchHttpError(404, 'not_found', 'No such user');
      try {
        return await write({ ...change(current), _id: current._id, _rev: current._rev, updatedAt: now().toISOString() });
      } catch (err) {
        if (!isConflict(err) || attempt >= 4) throw err;
      }
    }
  }

  /** Is this claim backed by its account, or young enough to be a registration still in progress? */
  async function claimIsLive(claim: EmailClaimDoc, emailLower: string): Promise<boolean> {
    const owner = await get(claim.userId);
    if (owner) return owner.emailLower === emailLower;
    return now().getTime() - Date.parse(claim.createdAt) < claimGraceMs;
  }

  /** Reserves the address for userId, or throws EmailTakenError. */
  async function claimEmail(emailLower: string, userId: string): Promise<void> {
    const claim: EmailClaimDoc = { _id: emailClaimId(emailLower), type: EMAIL_CLAIM_DOC_TYPE, schemaVersion: EMAIL_CLAIM_SCHEMA_VERSION, userId, createdAt: now().toISOString() };
    try {
      await write(claim);
      return;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
    const existing = await read<EmailClaimDoc>(claim._id);
    if (existing?.userId === userId) return;
    if (existing && (await claimIsLive(existing, emailLower))) throw new EmailTakenError();
    try {
      // An orphaned claim (or one removed a moment ago): take it over. A conflict means someone else won.
      await write({ ...claim, ...(existing?._rev ? { _rev: existing._rev } : {}) });
    } catch (err) {
      if (isConflict(err)) throw new EmailTakenError();
      throw err;
    }
  }

  /** Gives the address up, if userId holds it. */
  async function releaseEmail(emailLower: string, userId: string): Promise<void> {
    const claim = await read<EmailClaimDoc>(emailClaimId(emailLower));
    if (claim?._rev && claim.userId === userId) {
      await couch.call(() => db().bulk({ docs: [{ _id: claim._id, _rev: claim._rev, _deleted: true }] as never }));
    }
  }

  /**
   * Reserves the username for userId, or throws UsernameTakenError. A claim whose user has since chosen another
   * username (a crash between the writes) is taken over.
   */
  async function claimUsername(username: string, userId: string): Promise<void> {
    const claim: UsernameClaimDoc = { _id: usernameClaimId(username), type: 'username-claim', userId, createdAt: now().toISOString() };
    try {
      await write(claim);
      return;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
    const existing = await read<UsernameClaimDoc>(claim._id);
    if (existing?.userId === userId) return;
    const holder = existing ? await get(existing.userId) : null;
    if (holder?.username && usernameKey(holder.username) === usernameKey(username)) throw new UsernameTakenError();
    try {
      await write({ ...claim, ...(existing?._rev ? { _rev: existing._rev } : {}) });
    } catch (err) {
      if (isConflict(err)) throw new UsernameTakenError();
      throw err;
    }
  }

  async function releaseUsername(username: string, userId: string): Promise<void> {
    const claim = await read<UsernameClaimDoc>(usernameClaimId(username));
    if (claim?._rev && claim.userId === userId) {
      await couch.call(() => db().bulk({ docs: [{ _id: claim._id, _rev: claim._rev, _deleted: true }] as never }));
    }
  }

  async function findByEmail(email: string): Promise<UserDoc | null> {
    const emailLower = normalizeEmail(email);
    const claim = await read<EmailClaimDoc>(emailClaimId(emailLower));
    if (!claim) return null;
    const user = await get(claim.userId);
    return user?.emailLower === emailLower ? user : null;
  }

  return {
    get,
    findByEmail,

    /** Creates the account and its own database. Throws EmailTakenError for an address in use (any case). */
    async register(account: NewAccount): Promise<UserDoc> {
      const emailLower = normalizeEmail(account.email);
      const passwordHash = await hashPassword(account.password);
      const userId = crypto.randomBytes(16).toString('hex');
      await claimEmail(emailLower, userId);
      try {
        await ensureUserDb(couch, userId);
        const at = now().toISOString();
        return await write<UserDoc>({
          _id: userDocId(userId),
          type: USER_DOC_TYPE,
          schemaVersion: USER_SCHEMA_VERSION,
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email.trim(),
          emailLower,
          username: null,
          profileImageUrl: null,
          role: account.role ?? 'user',
          isVerified: false,
          passwordHash,
          createdAt: at,
          updatedAt: at,
        });
      } catch (err) {
        await releaseEmail(emailLower, userId).catch(() => {});
        throw err;
      }
    },

    /**
     * The account for these credentials, or null. An unknown e-mail costs the same hashing time as a wrong
     * password, so neither the answer nor its timing tells which it was.
     */
    async authenticate(email: string, password: string): Promise<UserDoc | null> {
      const user = await findByEmail(email);
      if (!user) return verifyAgainstDummy(password).then(() => null);
      return (await verifyPassword(password, user.passwordHash)) ? user : null;
    },

    /**
     * Applies a profile patch; a new e-mail address and a new username are claimed first (EmailTakenError,
     * UsernameTakenError), and the old ones given up once the account has the new ones.
     */
    async updateProfile(userId: string, patch: ProfilePatch): Promise<UserDoc> {
      const current = await get(userId);
      if (!current) throw new CouchHttpError(404, 'not_found', 'No such user');
      const fields = (doc: UserDoc): UserDoc => ({
        ...doc,
        ...(patch.firstName !== undefined ? { firstName: patch.firstName } : {}),
        ...(patch.lastName !== undefined ? { lastName: patch.lastName } : {}),
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.email !== undefined ? { email: patch.email.trim(), emailLower: normalizeEmail(patch.email) } : {}),
      });
      const newEmail = patch.email !== undefined && normalizeEmail(patch.email) !== current.emailLower ? normalizeEmail(patch.email) : null;
      const oldUsername = current.username ?? null;
      const usernameChanges = patch.username !== undefined && (patch.username === null ? oldUsername !== null : oldUsername === null || usernameKey(patch.username) !== usernameKey(oldUsername));
      const newUsername = usernameChanges && patch.username ? patch.username : null;

      if (newUsername) await claimUsername(newUsername, userId);
      try {
        if (newEmail) await claimEmail(newEmail, userId);
      } catch (err) {
        if (newUsername) await releaseUsername(newUsername, userId).catch(() => {});
        throw err;
      }
      let updated: UserDoc;
      try {
        updated = await update(userId, fields);
      } catch (err) {
        if (newEmail) await releaseEmail(newEmail, userId).catch(() => {});
        if (newUsername) await releaseUsername(newUsername, userId).catch(() => {});
        throw err;
      }
      // Free the old ones; if this fails, the claims are recognised as orphans later.
      if (newEmail) await releaseEmail(current.emailLower, userId).catch(() => {});
      if (usernameChanges && oldUsername) await releaseUsername(oldUsername, userId).catch(() => {});
      return updated;
    },

    /** Replaces the password if `currentPassword` is right; false (and no change) if it is not. */
    async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<boolean> {
      const user = await get(userId);
      if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) return false;
      const passwordHash = await hashPassword(newPassword);
      await update(userId, (doc) => ({ ...doc, passwordHash }));
      return true;
    },

    async setPassword(userId: string, newPassword: string): Promise<UserDoc> {
      const passwordHash = await hashPassword(newPassword);
      return update(userId, (doc) => ({ ...doc, passwordHash }));
    },

    async setRole(userId: string, role: Role): Promise<UserDoc> {
      return update(userId, (doc) => ({ ...doc, role }));
    },
  };
}

export interface AdminRequest {
  email: string;
  /** Needed to create the account; for an existing one it is used only with resetPassword. */
  password?: string;
  resetPassword?: boolean;
  firstName?: string;
  lastName?: string;
}

/** `npm run create-admin`: creates an administrator, or promotes the existing account with that e-mail. */
export async function createOrPromoteAdmin(
  couch: CouchClient,
  users: Users,
  request: AdminRequest,
): Promise<{ user: UserDoc; created: boolean; promoted: boolean; passwordReset: boolean }> {
  const existing = await users.findByEmail(request.email);
  if (!existing) {
    if (!request.password) throw new Error('A password is needed to create the administrator account.');
    const user = await users.register({
      email: request.email,
      password: request.password,
      firstName: request.firstName ?? 'Administrator',
      lastName: request.lastName ?? '',
      role: 'admin',
    });
    return { user, created: true, promoted: false, passwordReset: false };
  }
  const userId = userIdOf(existing);
  await ensureUserDb(couch, userId);
  const promoted = existing.role !== 'admin';
  let user = promoted ? await users.setRole(userId, 'admin') : existing;
  const passwordReset = Boolean(request.resetPassword && request.password);
  if (passwordReset) user = await users.setPassword(userId, request.password!);
  return { user, created: false, promoted, passwordReset };
}
