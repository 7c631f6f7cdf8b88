// Failed sign-ins are limited per account and per client address, and wrong current passwords per account
// (hono-rate-limiter, in memory): only failures count; past the limit every attempt, right or wrong, gets a
// 429 with Retry-After until the window ends. Each gateway counts on its own.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import { normalizeEmail } from '@ss/domain/user';

export interface LoginLimits {
  windowMs: number;
  /** Failed attempts allowed per account (e-mail) in the window. */
  perAccount: number;
  /**
   * Failed attempts allowed per client address in the window, across accounts. Higher than per account: a
   * household or office shares one address.
   */
  perAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 20 };

/** Set by a handler when the credentials it checked were wrong: only those requests count. */
export const AUTH_FAILED = 'authFailed';

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/**
 * The client's address: the socket's peer, or, behind `trustedProxies` reverse proxies (TRUST_PROXY), the
 * address the outermost of them saw, read from the right of X-Forwarded-For.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const address = hops[hops.length - trustedProxies];
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

async function emailInBody(c: Context): Promise<string | null> {
  const body: unknown = await c.req.json().catch(() => null);
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? normalizeEmail(email) : null;
}

interface LimiterSpec {
  limit: number;
  windowMs: number;
  store: MemoryStore;
  name: string;
  key: (c: Context) => Promise<string | null> | string | null;
}

function failureLimiter({ limit, windowMs, store, name, key }: LimiterSpec): MiddlewareHandler {
  const limiter = rateLimiter({
    windowMs,
    limit,
    store,
    standardHeaders: false,
    requestPropertyName: name,
    requestStorePropertyName: `${name}Store`,
    skip: async (c) => (await key(c)) === null,
    keyGenerator: async (c) => (await key(c)) ?? '',
    skipSuccessfulRequests: true,
    requestWasSuccessful: (c) => c.get(AUTH_FAILED as never) !== true,
    handler: (c) => {
      const info = c.get(name as never) as { resetTime?: Date } | undefined;
      const seconds = Math.max(1, Math.ceil(((info?.resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      c.header('Retry-After', String(seconds));
      return c.json({ error: tooManyAttemptsMessage(seconds) }, 429);
    },
  });
  return limiter as unknown as MiddlewareHandler;
}

export type FailureLimits = ReturnType<typeof createFailureLimits>;

export function createFailureLimits(limits: LoginLimits, trustedProxies: number) {
  const stores = { address: new MemoryStore(), account: new MemoryStore(), password: new MemoryStore() };
  const { windowMs } = limits;
  return {
    /** For POST /api/auth/login: per client address, then per e-mail in the body. */
    login: [
      failureLimiter({ windowMs, limit: limits.perAddress, store: stores.address, name: 'addressLimit', key: (c) => `address:${clientAddress(c, trustedProxies)}` }),
      failureLimiter({ windowMs, limit: limits.perAccount, store: stores.account, name: 'accountLimit', key: async (c) => {
        const email = await emailInBody(c);
        return email && `account:${email}`;
      } }),
    ] as const,
    /** For PATCH /api/user/password, after the session check: per signed-in user. */
    passwordChange: failureLimiter({ windowMs, limit: limits.perAccount, store: stores.password, name: 'passwordLimit', key: (c) => {
      const user = c.get('user' as never) as { _id: string } | null;
      return user ? `user:${user._id}` : null;
    } }),
    /** A successful sign-in clears that account's failures (not the address's). */
    loginSucceeded(email: string) {
      stores.account.resetKey(`account:${normalizeEmail(email)}`);
    },
    /** Stops the stores' timers (tests, shutdown). */
    shutdown() {
      for (const store of Object.values(stores)) store.shutdown();
    },
  };
}
