// A memory of sessions and accounts read from the store (issue 16): a request looked its session up more than once
// (the write limits keyed by user, then the session middleware), and a busy device's requests each read the same
// two documents. This gateway forgets an entry at once when it ends a session or changes an account itself. What
// other processes change (another gateway's sign-out, a password change elsewhere, a role set by an admin's script)
// reaches it through the store's change feeds (change-watch.ts): while the feed of that database is current, an
// entry is trusted for WATCHED_TTL_MS and forgotten the moment its document changes; otherwise for TTL_MS only.
import type { Sessions, SessionDoc } from '@ss/couchdb/sessions';
import { sessionDocId } from '@ss/couchdb/sessions';
import type { Users } from '@ss/couchdb/users';
import type { UserDoc } from '@ss/domain/user';

export const TTL_MS = 1000;
export const WATCHED_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/** How long an entry may be trusted, asked at every use: it shrinks back to TTL_MS the moment a feed goes quiet. */
export type Ttl = () => number;
const fixed = (ms: number): Ttl => () => ms;

function memo<V>(ttl: Ttl) {
  const entries = new Map<string, { value: V; at: number; pending?: Promise<V> }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && (hit.pending || now - hit.at < ttl())) return hit.pending ?? hit.value;
      // Concurrent requests for the same key share one read.
      const pending = load();
      entries.set(key, { value: undefined as V, at: now, pending });
      try {
        const value = await pending;
        if (entries.get(key)?.pending === pending) entries.set(key, { value, at: now });
        return value;
      } catch (err) {
        if (entries.get(key)?.pending === pending) entries.delete(key);
        throw err;
      } finally {
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
    },
    forget(key: string) {
      entries.delete(key);
    },
    forgetAll() {
      entries.clear();
    },
    forgetWhere(test: (value: V) => boolean) {
      for (const [key, entry] of entries) if (!entry.pending && test(entry.value)) entries.delete(key);
    },
  };
}

/** `sessions` with find() remembered (see above); ending sessions forgets them at once. */
export function cachedSessions(sessions: Sessions, ttl: Ttl = fixed(TTL_MS)): Sessions & { forgetSession(sessionId: string): void; forgetAll(): void } {
  const found = memo<SessionDoc | null>(ttl);
  return {
    ...sessions,
    async find(token) {
      const id = sessionDocId(token);
      const session = await found.get(id, () => sessions.find(token));
      if (!session || Date.parse(session.expiresAt) > Date.now()) return session;
      // It expired while remembered: the store's find removes it and answers null.
      found.forget(id);
      return sessions.find(token);
    },
    async refresh(session) {
      const refreshed = await sessions.refresh(session);
      found.forget(session._id);
      return refreshed;
    },
    async end(token) {
      await sessions.end(token);
      found.forget(sessionDocId(token));
    },
    async endAllFor(userId, keepId) {
      const ended = await sessions.endAllFor(userId, keepId);
      found.forgetWhere((s) => s?.userId === userId && s._id !== keepId);
      return ended;
    },
    forgetSession: (sessionId) => found.forget(sessionId),
    forgetAll: () => found.forgetAll(),
  };
}

/**
 * `users` with get() remembered (see above); every change of an account through it forgets it at once, and so
 * does `forget`, for changes made another way in this process (an approval that makes someone an owner) or
 * by other processes (workers, another gateway, create-admin: the users feed).
 */
export function cachedUsers(users: Users, ttl: Ttl = fixed(TTL_MS)): Users & { forget(userId: string): void; forgetAll(): void } {
  const byId = memo<UserDoc | null>(ttl);
  const changing = <A extends unknown[], R>(fn: (userId: string, ...rest: A) => Promise<R>) => async (userId: string, ...rest: A): Promise<R> => {
    try {
      return await fn(userId, ...rest);
    } finally {
      byId.forget(userId);
    }
  };
  return {
    ...users,
    get: (userId) => byId.get(userId, () => users.get(userId)),
    updateProfile: changing(users.updateProfile),
    changePassword: changing(users.changePassword),
    setPassword: changing(users.setPassword),
    setRole: changing(users.setRole),
    forget: (userId) => byId.forget(userId),
    forgetAll: () => byId.forgetAll(),
  };
}
