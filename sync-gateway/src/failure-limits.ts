// Failed sign-ins are limited per account from one client address and per client address across accounts, and
// wrong current passwords per account (rate-limiter-flexible, in memory). Only failures count. Past a limit that
// pair (or address) waits, and each time it comes back and fails again it waits twice as long (up to a day): the
// attacker slows down while the owner, who knows the password and signs in from their own address, is never
// locked out by someone else's guesses (issue 19). Each gateway counts on its own.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { normalizeEmail } from '@ss/domain/user';

export interface LoginLimits {
  windowMs: number;
  /** Failed attempts allowed per account from one client address in the window. */
  perAccount: number;
  /**
   * Failed attempts allowed per client address in the window, across accounts. Higher than per account: a
   * household or office shares one address.
   */
  perAddress: number;
  /** The longest wait a repeat offender is given; each block doubles the last, starting at `windowMs`. */
  maxBlockMs: number;
  /** Sign-ups meeting an address in use per client address, and e-mail changes per user, in an hour. */
  emailProbesPerHour: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 20, maxBlockMs: 24 * 60 * 60 * 1000, emailProbesPerHour: 5 };

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

/**
 * Failures per key within a window; a key that reaches the limit is blocked for the window, then for twice as long
 * each further time within a day (its strikes), up to `maxBlockMs`.
 */
export function growingBlock({ limit, windowMs, maxBlockMs }: { limit: number; windowMs: number; maxBlockMs: number }) {
  const windowSeconds = Math.max(1, Math.ceil(windowMs / 1000));
  const failures = new RateLimiterMemory({ points: limit, duration: windowSeconds });
  const strikes = new RateLimiterMemory({ points: 64, duration: 24 * 60 * 60 });
  return {
    /** Seconds to wait, or 0 when the key may try. */
    async retryAfter(key: string): Promise<number> {
      const res = await failures.get(key);
      return res && res.consumedPoints >= limit ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
    },
    async fail(key: string): Promise<void> {
      const res = await failures.penalty(key, 1);
      if (res.consumedPoints !== limit) return;
      const strike = (await strikes.penalty(key, 1)).consumedPoints;
      const seconds = Math.min(windowSeconds * 2 ** Math.min(strike - 1, 30), Math.ceil(maxBlockMs / 1000));
      await failures.block(key, seconds);
    },
    async reset(key: string): Promise<void> {
      await failures.delete(key);
    },
  };
}

type Limiter = ReturnType<typeof growingBlock>;

/**
 * Refuses a request whose keys are blocked (429, Retry-After); after the handler, counts a failure against every
 * key when it set AUTH_FAILED.
 */
function failureGuard(keys: (c: Context) => Promise<Array<[Limiter, string]>>): MiddlewareHandler {
  return async (c, next) => {
    const checks = await keys(c);
    const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfter(key)));
    const seconds = Math.max(0, ...waits);
    if (seconds > 0) {
      c.header('Retry-After', String(seconds));
      return c.json({ error: tooManyAttemptsMessage(seconds) }, 429);
    }
    await next();
    if (c.get(AUTH_FAILED as never) === true) for (const [limiter, key] of checks) await limiter.fail(key);
  };
}

export type FailureLimits = ReturnType<typeof createFailureLimits>;

export function createFailureLimits(limits: LoginLimits, trustedProxies: number) {
  const { windowMs, maxBlockMs } = limits;
  const byAddress = growingBlock({ limit: limits.perAddress, windowMs, maxBlockMs });
  const byAccountAndAddress = growingBlock({ limit: limits.perAccount, windowMs, maxBlockMs });
  const byUser = growingBlock({ limit: limits.perAccount, windowMs, maxBlockMs });
  const pairKey = (email: string, address: string) => `${normalizeEmail(email)}|${address}`;
  return {
    /** For POST /api/auth/login: per client address, and per e-mail in the body from that address. */
    login: [
      failureGuard(async (c) => {
        const address = clientAddress(c, trustedProxies);
        const email = await emailInBody(c);
        return [[byAddress, address], ...(email ? [[byAccountAndAddress, pairKey(email, address)] as [Limiter, string]] : [])];
      }),
    ] as const,
    /** For PATCH /api/user/password, after the session check: per signed-in user. */
    passwordChange: failureGuard(async (c) => {
      const user = c.get('user' as never) as { _id: string } | null;
      return user ? [[byUser, user._id]] : [];
    }),
    /**
     * Answers that would tell whether an e-mail address has an account: "already exists" at sign-up (per client
     * address) and e-mail changes on the profile (per user, every attempt). A handful an hour is what a person
     * needs; enumerating addresses needs thousands.
     */
    emailProbes: {
      signUp: growingBlock({ limit: limits.emailProbesPerHour, windowMs: 60 * 60 * 1000, maxBlockMs }),
      emailChange: growingBlock({ limit: limits.emailProbesPerHour, windowMs: 60 * 60 * 1000, maxBlockMs }),
      addressOf: (c: Context) => clientAddress(c, trustedProxies),
    },
    /** A successful sign-in clears that account's failures from this address (not the address's own). */
    async loginSucceeded(c: Context, email: string) {
      await byAccountAndAddress.reset(pairKey(email, clientAddress(c, trustedProxies)));
    },
    /** Nothing to stop: rate-limiter-flexible's memory store keeps no timers. */
    shutdown() {},
  };
}
