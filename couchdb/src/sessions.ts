// Sign-in sessions, stored in the `sessions` database so any number of gateways can serve them. The browser
// holds a random 32-byte token; the database holds only its SHA-256, so a leaked copy of it signs nobody in.
import crypto from 'node:crypto';
import type { CouchClient } from './client.ts';
import { isNotFound, CouchHttpError } from './client.ts';
import { DB } from './definitions.ts';

export const SESSION_DOC_TYPE = 'session';
export const SESSION_SCHEMA_VERSION = 1;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionDoc {
  _id: string;
  _rev?: string;
  type: typeof SESSION_DOC_TYPE;
  schemaVersion: number;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The pauses before the user's sessions are read again when they are all ended (see endAllFor). */
const RECHECK_PAUSES_MS = [250, 1000];

export const newSessionToken = (): string => crypto.randomBytes(32).toString('base64url');
export const sessionDocId = (token: string): string => `session:${crypto.createHash('sha256').update(token).digest('hex')}`;

export interface SessionOptions {
  ttlMs?: number;
  now?: () => Date;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(couch: CouchClient, { ttlMs = SESSION_TTL_MS, now = () => new Date() }: SessionOptions = {}) {
  const db = () => couch.nano.db.use<SessionDoc>(DB.sessions);
  const expiry = () => new Date(now().getTime() + ttlMs).toISOString();

  async function remove(docs: Array<{ _id: string; _rev?: string }>): Promise<void> {
    const stubs = docs.filter((d) => d._rev).map((d) => ({ _id: d._id, _rev: d._rev!, _deleted: true }));
    if (stubs.length) await couch.call(() => db().bulk({ docs: stubs as never }));
  }

  async function sessionsOf(userId: string): Promise<SessionDoc[]> {
    const res = await couch.call(() => db().view<string>('sessions', 'by_user', { key: userId, include_docs: true }));
    return res.rows.flatMap((r) => (r.doc ? [r.doc as SessionDoc] : []));
  }

  return {
    ttlMs,

    /** A new session with a fresh token: called at every sign-in and registration. */
    async create(userId: string): Promise<{ token: string; session: SessionDoc }> {
      const token = newSessionToken();
      const session: SessionDoc = {
        _id: sessionDocId(token),
        type: SESSION_DOC_TYPE,
        schemaVersion: SESSION_SCHEMA_VERSION,
        userId,
        createdAt: now().toISOString(),
        expiresAt: expiry(),
      };
      const res = await couch.call(() => db().insert(session));
      return { token, session: { ...session, _rev: res.rev } };
    },

    /** The live session for a token, or null. An expired one is removed on the way. */
    async find(token: string): Promise<SessionDoc | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      let doc: SessionDoc;
      try {
        doc = await couch.call(() => db().get(sessionDocId(token)));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      if (doc.type !== SESSION_DOC_TYPE) return null;
      if (Date.parse(doc.expiresAt) <= now().getTime()) {
        await remove([doc]).catch(() => {});
        return null;
      }
      return doc;
    },

    /** Pushes the expiry out again (sliding sessions). Returns the session as stored, or null if it is gone. */
    async refresh(session: SessionDoc): Promise<SessionDoc | null> {
      const next = { ...session, expiresAt: expiry() };
      try {
        const res = await couch.call(() => db().insert(next));
        return { ...next, _rev: res.rev };
      } catch (err) {
        // Another request refreshed it (or signed out) a moment ago; theirs stands.
        if (err instanceof CouchHttpError && (err.statusCode === 409 || err.statusCode === 404)) return null;
        throw err;
      }
    },

    /** Ends the session of this token (sign-out). Unknown tokens are fine. */
    async end(token: string): Promise<void> {
      if (!TOKEN_PATTERN.test(token)) return;
      try {
        const doc = await couch.call(() => db().get(sessionDocId(token)));
        await remove([doc]);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    /**
     * Ends every session of the user begun before this call, except the one with id `keepId`. Returns how many were
     * ended. The user's sessions come from a view, and on a CouchDB cluster a view is read from one copy of each
     * shard, which may not show yet a session begun a moment ago through another node: the view is read again after
     * RECHECK_PAUSES_MS (a copy behind caught up by the second read, 100 ms later, in 23 of 24 cases measured with the
     * review figures, and by the third in the last).
     */
    async endAllFor(userId: string, keepId?: string): Promise<number> {
      const before = now().toISOString();
      const ended = new Set<string>();
      for (const pauseMs of [0, ...RECHECK_PAUSES_MS]) {
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const ending = (await sessionsOf(userId)).filter((s) => s._id !== keepId && !ended.has(s._id) && s.createdAt <= before);
        await remove(ending);
        for (const s of ending) ended.add(s._id);
      }
      return ended.size;
    },

    /** Removes the user's expired sessions (called at sign-in, so abandoned devices do not pile up). */
    async sweepExpiredFor(userId: string): Promise<number> {
      const nowMs = now().getTime();
      const expired = (await sessionsOf(userId)).filter((s) => Date.parse(s.expiresAt) <= nowMs);
      await remove(expired);
      return expired.length;
    },
  };
}
