// What the account routes share: the user and session stores (over CouchDB, so gateways stay stateless: what one
// keeps in memory is a cache, or devices' replication checkpoints written behind), the security settings, and the
// failed-attempt limiters built from them.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { userDocId } from '@ss/domain/user';
import { createSessions, SESSION_TTL_MS, type Sessions } from '@ss/couchdb/sessions';
import { createUsers, type Users } from '@ss/couchdb/users';
import { parseOrigins } from './csrf.ts';
import { createFailureLimits, DEFAULT_LOGIN_LIMITS, type FailureLimits, type LoginLimits } from './failure-limits.ts';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from './body-limits.ts';
import { TTL_MS, WATCHED_TTL_MS, cachedSessions, cachedUsers } from './account-cache.ts';
import { createChangeWatch } from '@ss/couchdb/change-watch';
import { createApplyQueue, type ApplyQueue } from './apply-queue.ts';
import { createCheckpointKeeper, type CheckpointKeeper } from './checkpoints.ts';
import { MAX_CHECKPOINTS_PER_USER } from './limits.ts';
import { createSessionWatch, type SessionWatch } from './session-watch.ts';
import { createUserFeeds, type UserFeeds } from './user-feeds.ts';
import { DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts } from './request-deadline.ts';
import { documentBudget, resolveWriteLimits, type DocumentBudget, type WriteLimits } from './write-limits.ts';

export interface SecurityOptions {
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_ORIGIN, comma-separated). */
  publicOrigins: string[];
  /** How many reverse proxies in front of the gateway add to X-Forwarded-For (TRUST_PROXY); 0 trusts none. */
  trustedProxies: number;
  loginLimits: LoginLimits;
  sessionTtlMs: number;
  /** Sign-ups per address, API and replication writes per user and per address (write-limits.ts). */
  writeLimits: WriteLimits;
  /** Request body size limits by kind of route (body-limits.ts). */
  bodyLimits: BodyLimits;
  /** Per-request deadline for the gateway's own work (request-deadline.ts); the Node server's are in main.ts. */
  requestTimeouts: Pick<RequestTimeouts, 'handlerMs' | 'snapshotMs' | 'receiveMs'>;
  /** The map tile URL template the web app was built with (VITE_TILE_URL), for the Content-Security-Policy. */
  tileUrl?: string;
}

/** What createApp({ security }) takes: any subset, nested limits merged over the defaults. */
export type SecuritySettings = Partial<Omit<SecurityOptions, 'loginLimits' | 'writeLimits' | 'bodyLimits' | 'requestTimeouts'>> & {
  loginLimits?: Partial<LoginLimits>;
  writeLimits?: { [K in keyof WriteLimits]?: Partial<WriteLimits[K]> };
  bodyLimits?: Partial<BodyLimits>;
  requestTimeouts?: Partial<SecurityOptions['requestTimeouts']>;
};

export function securityOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SecuritySettings {
  const hops = Number(env.TRUST_PROXY ?? 0);
  return {
    publicOrigins: parseOrigins(env.PUBLIC_ORIGIN),
    trustedProxies: Number.isInteger(hops) && hops > 0 ? hops : env.TRUST_PROXY === 'true' ? 1 : 0,
    // The same variable the web build reads, so the CSP allows the tile server the map really uses.
    tileUrl: env.VITE_TILE_URL?.trim() || undefined,
  };
}

export interface Accounts {
  couch: CouchClient;
  users: Users & { forget(userId: string): void };
  sessions: Sessions;
  options: SecurityOptions;
  limits: FailureLimits;
  /** Documents written through /db/me, per user and per address. */
  documents: DocumentBudget;
  /** Live feeds held under a session, closed when it ends anywhere. */
  sessionWatch: SessionWatch;
  /** Devices' longpolls of their own databases, held here until the database is written (user-feeds.ts). */
  userFeeds: UserFeeds;
  /** What stored commands cause, done after the push is answered. */
  applies: ApplyQueue;
  /** Devices' replication checkpoints in users' databases, written to the store behind (checkpoints.ts). */
  checkpoints: CheckpointKeeper;
  /** Follows the sessions and users feeds from now on (the running gateway), so both caches may trust longer. */
  follow(): void;
  stopFollowing(): void;
}

export function createAccounts(couch: CouchClient, options: SecuritySettings = {}): Accounts {
  const resolved: SecurityOptions = {
    publicOrigins: options.publicOrigins ?? [],
    trustedProxies: options.trustedProxies ?? 0,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits },
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
    writeLimits: resolveWriteLimits(options.writeLimits),
    bodyLimits: { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits },
    requestTimeouts: { ...DEFAULT_REQUEST_TIMEOUTS, ...options.requestTimeouts },
    tileUrl: options.tileUrl,
  };
  // Sessions and accounts are remembered longer while the store's feeds of them are current (account-cache.ts).
  const sessionWatch = createSessionWatch(couch, { onChanged: (id) => sessions.forgetSession(id), onGap: () => sessions.forgetAll() });
  const sessions = cachedSessions(createSessions(couch, { ttlMs: resolved.sessionTtlMs }), () => (sessionWatch.fresh() ? WATCHED_TTL_MS : TTL_MS));
  const USER_DOC_PREFIX = userDocId('');
  const usersWatch = createChangeWatch(couch, DB.users, {
    onChange: (id) => {
      if (id.startsWith(USER_DOC_PREFIX)) users.forget(id.slice(USER_DOC_PREFIX.length));
    },
    onGap: () => users.forgetAll(),
  });
  const userFeeds = createUserFeeds(couch);
  const users: ReturnType<typeof cachedUsers> = cachedUsers(createUsers(couch), () => (usersWatch.fresh() ? WATCHED_TTL_MS : TTL_MS));
  return {
    couch,
    users,
    sessions,
    options: resolved,
    limits: createFailureLimits(resolved.loginLimits, resolved.trustedProxies),
    documents: documentBudget(resolved.writeLimits.syncDocs),
    sessionWatch,
    userFeeds,
    applies: createApplyQueue(),
    checkpoints: createCheckpointKeeper(couch, { maxPerUser: MAX_CHECKPOINTS_PER_USER }),
    follow() {
      sessionWatch.keepFollowing();
      usersWatch.start();
      userFeeds.start();
    },
    stopFollowing() {
      sessionWatch.stop();
      usersWatch.stop();
      userFeeds.stop();
    },
  };
}
