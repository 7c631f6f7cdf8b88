// What the account routes share: the user and session stores (over CouchDB, so gateways stay stateless),
// the security settings, and the failed-attempt limiters built from them.
import type { CouchClient } from '@ss/couchdb/client';
import { createSessions, SESSION_TTL_MS, type Sessions } from '@ss/couchdb/sessions';
import { createUsers, type Users } from '@ss/couchdb/users';
import { parseOrigins } from './csrf.ts';
import { createFailureLimits, DEFAULT_LOGIN_LIMITS, type FailureLimits, type LoginLimits } from './failure-limits.ts';

export interface SecurityOptions {
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_ORIGIN, comma-separated). */
  publicOrigins: string[];
  /** How many reverse proxies in front of the gateway add to X-Forwarded-For (TRUST_PROXY); 0 trusts none. */
  trustedProxies: number;
  loginLimits: LoginLimits;
  sessionTtlMs: number;
}

export function securityOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<SecurityOptions> {
  const hops = Number(env.TRUST_PROXY ?? 0);
  return {
    publicOrigins: parseOrigins(env.PUBLIC_ORIGIN),
    trustedProxies: Number.isInteger(hops) && hops > 0 ? hops : env.TRUST_PROXY === 'true' ? 1 : 0,
  };
}

export interface Accounts {
  couch: CouchClient;
  users: Users;
  sessions: Sessions;
  options: SecurityOptions;
  limits: FailureLimits;
}

export function createAccounts(couch: CouchClient, options: Partial<SecurityOptions> = {}): Accounts {
  const resolved: SecurityOptions = {
    publicOrigins: options.publicOrigins ?? [],
    trustedProxies: options.trustedProxies ?? 0,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits },
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
  };
  return {
    couch,
    users: createUsers(couch),
    sessions: createSessions(couch, { ttlMs: resolved.sessionTtlMs }),
    options: resolved,
    limits: createFailureLimits(resolved.loginLimits, resolved.trustedProxies),
  };
}
