// POST /api/auth/register, /login, /logout and GET /api/auth/user: the spec's sign-up, sign-in, sign-out and
// current-user calls. A wrong password and an unknown e-mail get the same answer; failures are rate-limited.
import { Hono, type Context } from 'hono';
import { EmailTakenError } from '@ss/couchdb/users';
import { AUTH_ERRORS, loginSchema, registrationSchema } from '@ss/domain/auth';
import { toUser, userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { tooManyAttemptsMessage } from '../failure-limits.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { endSession, sessionMiddleware, startSession, type AuthEnv } from '../session.ts';

/**
 * Sign-up and e-mail changes answer no sooner than this after they arrive, whether the address was free or not:
 * a new account also makes its database, which an address in use skips, and the difference would tell.
 */
export const ACCOUNT_ANSWER_FLOOR_MS = 400;

export async function answerNoSoonerThan(started: number, floorMs = ACCOUNT_ANSWER_FLOOR_MS): Promise<void> {
  const left = started + floorMs - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

export function tooManyProbes(c: Context, seconds: number) {
  c.header('Retry-After', String(seconds));
  return jsonError(c, 429, tooManyAttemptsMessage(seconds));
}

export function authRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', sessionMiddleware(accounts));
  app.use('*', accountBodyLimit);

  app.post('/register', async (c) => {
    const started = Date.now();
    const input = await parseJson(c, registrationSchema);
    const probes = accounts.limits.emailProbes;
    const address = probes.addressOf(c);
    const wait = await probes.signUp.retryAfter(address);
    if (wait > 0) return tooManyProbes(c, wait);
    let user;
    try {
      user = await accounts.users.register({ email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName });
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
      await probes.signUp.fail(address);
      await answerNoSoonerThan(started);
      return jsonError(c, 409, AUTH_ERRORS.emailTaken);
    }
    await startSession(c, accounts, user);
    await answerNoSoonerThan(started);
    return c.json(toUser(user), 201);
  });

  app.post('/login', ...accounts.limits.login, async (c) => {
    const input = await parseJson(c, loginSchema);
    const user = await accounts.users.authenticate(input.email, input.password);
    if (!user) {
      c.set('authFailed', true);
      return jsonError(c, 401, AUTH_ERRORS.invalidCredentials);
    }
    await accounts.limits.loginSucceeded(c, input.email);
    // Sessions abandoned on old devices expire; clear this user's while we are here.
    await accounts.sessions.sweepExpiredFor(userIdOf(user)).catch(() => 0);
    await startSession(c, accounts, user);
    return c.json(toUser(user));
  });

  app.post('/logout', async (c) => {
    await endSession(c, accounts);
    return c.json({ ok: true });
  });

  app.get('/user', (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    return user ? c.json(toUser(user)) : jsonError(c, 401, AUTH_ERRORS.unauthorized);
  });

  return app;
}
