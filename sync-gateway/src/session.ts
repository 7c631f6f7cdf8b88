// Who is signed in: reads the `ss_session` cookie, finds its session in CouchDB and sets c.var.user (or null).
// Also starts and ends sessions and writes the cookie: HttpOnly, SameSite=Lax, Path=/, Secure behind https.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionDocId, type SessionDoc } from '@ss/couchdb/sessions';
import { AUTH_ERRORS } from '@ss/domain/auth';
import { userIdOf, type UserDoc } from '@ss/domain/user';
import type { Accounts } from './accounts.ts';
import { ARRIVED_OVER_HTTPS } from './security-headers.ts';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from './limits.ts';

/** An active session's expiry moves forward at most once a day (sliding sessions without a write per request). */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export type AuthEnv = {
  Variables: {
    user: UserDoc | null;
    session: SessionDoc | null;
    authFailed: boolean;
  };
};

/**
 * https as the browser sees it: the URL's scheme, or what a trusted TLS-terminating proxy reports (decided once by
 * the security headers middleware; an X-Forwarded-Proto from anyone else is not believed).
 */
export function isHttps(c: Context): boolean {
  return c.get(ARRIVED_OVER_HTTPS as never) === true || c.req.url.startsWith('https:');
}

/** The cookie lives as long as the session: both were just given the full session length. */
function writeCookie(c: Context, token: string, ttlMs: number) {
  const maxAge = Math.floor(ttlMs / 1000);
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c), maxAge });
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { sameSite: 'Lax', path: '/', secure: isHttps(c), maxAge });
}

function clearCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c) });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { sameSite: 'Lax', path: '/', secure: isHttps(c) });
}

/** Browsers signed in before the hint existed get it with the app's page; the web app then asks who they are. */
export function addMissingSignedInHint(c: Context) {
  if (getCookie(c, SESSION_COOKIE) && !getCookie(c, SIGNED_IN_HINT_COOKIE)) {
    setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { sameSite: 'Lax', path: '/', secure: isHttps(c) });
  }
}

function responseSetsSessionCookie(c: Context): boolean {
  return c.res.headers.getSetCookie().some((h) => h.startsWith(`${SESSION_COOKIE}=`));
}

/** Sets c.var.user and c.var.session from the cookie. Never refuses a request itself; see requireUser. */
export function sessionMiddleware(accounts: Accounts): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    c.set('authFailed', false);
    const token = getCookie(c, SESSION_COOKIE);
    let after: ((c: Context) => void) | undefined;
    if (token) {
      const session = await accounts.sessions.find(token);
      const user = session ? await accounts.users.get(session.userId) : null;
      if (session && user) {
        c.set('user', user);
        c.set('session', session);
        if (Date.parse(session.expiresAt) - Date.now() < accounts.options.sessionTtlMs - REFRESH_AFTER_MS) {
          const refreshed = await accounts.sessions.refresh(session);
          if (refreshed) {
            c.set('session', refreshed);
            after = (c) => writeCookie(c, token, accounts.options.sessionTtlMs);
          }
        }
      } else {
        // Expired, signed out elsewhere, or the account is gone: stop the browser sending it.
        after = clearCookie;
      }
    }
    await next();
    // A handler that set the cookie itself (sign-in, sign-out) has the last word.
    if (after && !responseSetsSessionCookie(c)) after(c);
  };
}

/** 401 `{ error: 'Unauthorized' }` unless someone is signed in. */
export const requireUser: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!c.get('user')) return c.json({ error: AUTH_ERRORS.unauthorized }, 401);
  await next();
};

/** Signs the user in with a brand-new session (and ends the one this browser had, if any). */
export async function startSession(c: Context<AuthEnv>, accounts: Accounts, user: UserDoc): Promise<void> {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await accounts.sessions.end(previous);
  const { token, session } = await accounts.sessions.create(userIdOf(user));
  c.set('user', user);
  c.set('session', session);
  writeCookie(c, token, accounts.options.sessionTtlMs);
}

/** Signs out: the session is deleted in CouchDB, so the cookie is worthless even if a copy survives. */
export async function endSession(c: Context<AuthEnv>, accounts: Accounts): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    await accounts.sessions.end(token);
    accounts.sessionWatch.revoked(sessionDocId(token));
  }
  c.set('user', null);
  c.set('session', null);
  clearCookie(c);
}
