// A second's memory of sessions and accounts read from the store (issue 16): a request looked its session up more
// than once (the write limits keyed by user, then the session middleware), and a busy device's requests each read
// the same two documents. Kept for at most TTL_MS, and forgotten at once when this gateway ends a session or changes
// an account; another gateway's sign-out reaches this one within the same second (or sooner: session-watch.ts).
import type { Sessions, SessionDoc } from '@ss/couchdb/sessions';
import { sessionDocId } from '@ss/couchdb/sessions';
import type { Users } from '@ss/couchdb/users';
import type { UserDoc } from '@ss/domain/user';

export const TTL_MS = 1000;
const MAX_ENTRIES = 20_000;

function memo<V>(ttlMs: number) {
  const entries = new Map<string, { value: V; until: number; pending?: Promise<V> }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.pending ?? hit.value;
      // Concurrent requests for the same key share one read.
      const pending = load();
      entries.set(key, { value: undefined as V, until: now + ttlMs, pending });
      try {
        const value = await pending;
        if (entries.get(key)?.pending === pending) entries.set(key, { value, until: now + ttlMs });
        return value;
      } catch (err) {
        entries.delete(key);
        throw err;
      } finally {
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
    },
    forget(key: string) {
      entries.delete(key);
    },
    forgetWhere(test: (value: V) => boolean) {
      for (const [key, entry] of entries) if (!entry.pending && test(entry.value)) entries.delete(key);
    },
  };
}

/** `sessions` with find() remembered for a second; ending sessions forgets them at once. */
export function cachedSessions(sessions: Sessions, ttlMs = TTL_MS): Sessions & { forgetSession(sessionId: string): void } {
  const found = memo<SessionDoc | null>(ttlMs);
  return {
    ...sessions,
    find: (token) => found.get(sessionDocId(token), () => sessions.find(token)),
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
  };
}

/**
 * `users` with get() remembered for a second; every change of an account through it forgets it at once, and so
 * does `forget`, for changes made another way in this process (an approval that makes someone an owner). Changes
 * made by other processes (workers, another gateway, create-admin) are seen within the second.
 */
export function cachedUsers(users: Users, ttlMs = TTL_MS): Users & { forget(userId: string): void } {
  const byId = memo<UserDoc | null>(ttlMs);
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
  };
}
