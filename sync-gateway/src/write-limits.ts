// Rate limits on sign-ups and writes (hono-rate-limiter's fixed windows, in each gateway's memory), on top of
// the failed sign-in limits of failure-limits.ts. Every attempt counts, accepted or refused:
// - sign-ups per client address;
// - API writes (reviews, helpful votes, reports, proposed edits, admin decisions, profile) per user and address;
// - replication writes to /db/* (favourites, review commands, listing applications, checkpoints) per user and
//   address, with room for a device that comes back online with a backlog.
// Past a limit: 429 with Retry-After and a JSON error. Set a limit to Infinity to turn it off.
import type { Context, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { getCookie } from 'hono/cookie';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Sessions } from '@ss/couchdb/sessions';
import { isStateChanging } from './csrf.ts';
import { clientAddress } from './failure-limits.ts';
import { SESSION_COOKIE } from './limits.ts';

export interface AddressLimit {
  windowMs: number;
  perAddress: number;
}

export interface UserAndAddressLimit extends AddressLimit {
  perUser: number;
}

export interface WriteLimits {
  registration: AddressLimit;
  api: UserAndAddressLimit;
  sync: UserAndAddressLimit;
  /**
   * Documents written through /db/me, counted one by one: a request is one write to `sync`, however many
   * documents it carries, so this is what stops one request of thousands (documentBudget below).
   */
  syncDocs: UserAndAddressLimit;
}

export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  // One person signs up once; a school or library behind one address a few dozen times, not one a minute.
  registration: { windowMs: 60 * 60 * 1000, perAddress: 60 },
  // A person clicking: one API write a second for a minute is far beyond what the screens allow.
  api: { windowMs: 60 * 1000, perUser: 60, perAddress: 300 },
  // A device pushes one document per request plus a checkpoint: 10 writes a second sustained for a minute
  // (a backlog of ~300 offline changes at once) stays under; a household of three such devices per address.
  sync: { windowMs: 60 * 1000, perUser: 600, perAddress: 1800 },
  // The same backlog counted in documents: a device pushes one document per request.
  syncDocs: { windowMs: 60 * 1000, perUser: 600, perAddress: 1800 },
};

/** Merges partial settings (tests, deployments) over the defaults, per category. */
export function resolveWriteLimits(partial: { [K in keyof WriteLimits]?: Partial<WriteLimits[K]> } = {}): WriteLimits {
  return {
    registration: { ...DEFAULT_WRITE_LIMITS.registration, ...partial.registration },
    api: { ...DEFAULT_WRITE_LIMITS.api, ...partial.api },
    sync: { ...DEFAULT_WRITE_LIMITS.sync, ...partial.sync },
    syncDocs: { ...DEFAULT_WRITE_LIMITS.syncDocs, ...partial.syncDocs },
  };
}

export type DocumentBudget = ReturnType<typeof documentBudget>;

/**
 * Per-user and per-address budgets of documents written through /db/me (rate-limiter-flexible, in memory). A
 * request takes as many points as it carries documents, all or nothing: when either budget cannot pay, nothing
 * is taken and the answer says how long to wait.
 */
export function documentBudget(limit: UserAndAddressLimit) {
  const make = (points: number) => (Number.isFinite(points) ? new RateLimiterMemory({ points, duration: Math.max(1, Math.ceil(limit.windowMs / 1000)) }) : null);
  const perUser = make(limit.perUser);
  const perAddress = make(limit.perAddress);
  const remaining = async (limiter: RateLimiterMemory | null, key: string) => {
    if (!limiter) return { left: Infinity, resetMs: 0 };
    const res = await limiter.get(key);
    return { left: limiter.points - (res?.consumedPoints ?? 0), resetMs: res?.msBeforeNext ?? 0 };
  };
  return {
    /** Takes `count` documents from both budgets, or nothing: `{ ok: false, retryAfterSeconds }` when either is short. */
    async take(userId: string, address: string, count: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
      if (count <= 0) return { ok: true };
      const [user, addr] = await Promise.all([remaining(perUser, userId), remaining(perAddress, address)]);
      const short = [user, addr].filter((b) => b.left < count);
      if (short.length) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...short.map((b) => b.resetMs), limit.windowMs / 60) / 1000)) };
      try {
        await Promise.all([perUser?.consume(userId, count), perAddress?.consume(address, count)]);
      } catch (res) {
        // Another request of the same user spent the budget in between.
        if (res instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        throw res;
      }
      return { ok: true };
    },
  };
}

type Category = 'registration' | 'api' | 'sync';

/** Which budget a request spends, if any. Sign-in and sign-out are not writes here (sign-in failures have theirs). */
export function writeCategory(method: string, path: string): Category | null {
  if (!isStateChanging(method, path)) return null;
  if (path === '/api/auth/register' || path === '/api/auth/register/') return method.toUpperCase() === 'POST' ? 'registration' : null;
  if (path.startsWith('/api/auth/')) return null;
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/db/')) return 'sync';
  return null;
}

export function retryMessage(category: Category, seconds: number): string {
  if (category === 'registration') {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many accounts were created from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  }
  return `Too many changes in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * The signed-in user behind a session cookie, for keying the per-user budgets only (the routes still check the
 * session themselves). Remembered for a few minutes so a busy device costs one session read, not one per write;
 * an unknown token stays unknown (tokens are random and created before the cookie is given out).
 */
export function sessionUserLookup(sessions: Pick<Sessions, 'find'>, { ttlMs = 5 * 60 * 1000, maxEntries = 10_000 } = {}) {
  const cache = new Map<string, { userId: string | null; until: number }>();
  return async (token: string | undefined): Promise<string | null> => {
    if (!token) return null;
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.userId;
    let userId: string | null;
    try {
      userId = (await sessions.find(token))?.userId ?? null;
    } catch {
      // The store is unreachable: the route will say so; the address budget still applies.
      return null;
    }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(token, { userId, until: now + ttlMs });
    return userId;
  };
}

interface LimiterSpec {
  category: Category;
  scope: 'address' | 'user';
  windowMs: number;
  limit: number;
  key: (c: Context) => Promise<string | null> | string | null;
}

function limiter({ category, scope, windowMs, limit, key }: LimiterSpec): MiddlewareHandler | null {
  if (!Number.isFinite(limit)) return null;
  const name = `${category}${scope === 'user' ? 'User' : 'Address'}Limit`;
  // Keys are looked up once per request (the user lookup may read the store).
  const keyOf = async (c: Context) => {
    const cached = c.get(`${name}Key` as never) as string | null | undefined;
    if (cached !== undefined) return cached;
    const k = writeCategory(c.req.method, c.req.path) === category ? await key(c) : null;
    c.set(`${name}Key` as never, k as never);
    return k;
  };
  const middleware = rateLimiter({
    windowMs,
    limit,
    store: new MemoryStore(),
    standardHeaders: false,
    requestPropertyName: name,
    requestStorePropertyName: `${name}Store`,
    skip: async (c) => (await keyOf(c)) === null,
    keyGenerator: async (c) => `${scope}:${(await keyOf(c)) ?? ''}`,
    handler: (c) => {
      const info = c.get(name as never) as { resetTime?: Date } | undefined;
      const seconds = Math.max(1, Math.ceil(((info?.resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      c.header('Retry-After', String(seconds));
      const message = retryMessage(category, seconds);
      // CouchDB-shaped on the replication paths (PouchDB retries with back-off), `error` text on the API.
      if (c.req.path.startsWith('/db/')) return c.json({ error: 'too_many_requests', reason: message }, 429);
      return c.json({ error: message }, 429);
    },
  });
  return middleware as unknown as MiddlewareHandler;
}

/** The sign-up and write limits as one middleware, for app.use('*'); mounted after the CSRF guard. */
export function writeLimits(limits: WriteLimits, { trustedProxies, sessions }: { trustedProxies: number; sessions: Pick<Sessions, 'find'> }): MiddlewareHandler {
  const userOf = sessionUserLookup(sessions);
  const address = (c: Context) => clientAddress(c, trustedProxies);
  const user = (c: Context) => userOf(getCookie(c, SESSION_COOKIE));
  const chain = [
    limiter({ category: 'registration', scope: 'address', ...limits.registration, limit: limits.registration.perAddress, key: address }),
    limiter({ category: 'api', scope: 'address', ...limits.api, limit: limits.api.perAddress, key: address }),
    limiter({ category: 'api', scope: 'user', ...limits.api, limit: limits.api.perUser, key: user }),
    limiter({ category: 'sync', scope: 'address', ...limits.sync, limit: limits.sync.perAddress, key: address }),
    limiter({ category: 'sync', scope: 'user', ...limits.sync, limit: limits.sync.perUser, key: user }),
  ].filter((m): m is MiddlewareHandler => m !== null);

  // In order; the first one over its limit answers and the rest never run.
  const all = every(...chain);
  return async (c, next) => {
    if (!writeCategory(c.req.method, c.req.path)) return next();
    await all(c, next);
  };
}
