// POST /api/auth/register, /login, /logout and GET /api/auth/user: the spec's sign-up, sign-in, sign-out and
// current-user calls. A wrong password and an unknown e-mail get the same answer; failures are rate-limited.
import { Hono } from 'hono';
import { EmailTakenError } from '@ss/couchdb/users';
import { AUTH_ERRORS, loginSchema, registrationSchema } from '@ss/domain/auth';
import { toUser, userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { endSession, sessionMiddleware, startSession, type AuthEnv } from '../session.ts';

export function authRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', sessionMiddleware(accounts));
  app.use('*', accountBodyLimit);

  app.post('/register', async (c) => {
    const input = await parseJson(c, registrationSchema);
    let user;
    try {
      user = await accounts.users.register({ email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName });
    } catch (err) {
      if (err instanceof EmailTakenError) return jsonError(c, 409, AUTH_ERRORS.emailTaken);
      throw err;
    }
    await startSession(c, accounts, user);
    return c.json(toUser(user), 201);
  });

  app.post('/login', ...accounts.limits.login, async (c) => {
    const input = await parseJson(c, loginSchema);
    const user = await accounts.users.authenticate(input.email, input.password);
    if (!user) {
      c.set('authFailed', true);
      return jsonError(c, 401, AUTH_ERRORS.invalidCredentials);
    }
    accounts.limits.loginSucceeded(input.email);
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
