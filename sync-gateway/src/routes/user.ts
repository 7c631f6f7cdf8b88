// PATCH /api/user/profile and /api/user/password: the signed-in user's own account. A new e-mail must be free;
// a password change needs the current password, keeps this session and signs out every other one.
import { Hono } from 'hono';
import { EmailTakenError, UsernameTakenError } from '@ss/couchdb/users';
import { AUTH_ERRORS, passwordChangeSchema, profileUpdateSchema } from '@ss/domain/auth';
import { normalizeEmail, toUser, userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { answerNoSoonerThan, tooManyProbes } from './auth.ts';
import { accountBodyLimit, parseJson } from '../json-body.ts';
import { requireUser, sessionMiddleware, type AuthEnv } from '../session.ts';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You have been signed out on your other devices.';

export function userRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', sessionMiddleware(accounts), requireUser);
  app.use('*', accountBodyLimit);

  app.patch('/profile', async (c) => {
    const started = Date.now();
    const patch = await parseJson(c, profileUpdateSchema);
    const user = c.get('user')!;
    const userId = userIdOf(user);
    // Every change of address counts, taken or not: each one tells whether another account has it.
    const changesEmail = patch.email !== undefined && normalizeEmail(patch.email) !== user.emailLower;
    if (changesEmail) {
      const probes = accounts.limits.emailProbes.emailChange;
      const wait = await probes.retryAfter(userId);
      if (wait > 0) return tooManyProbes(c, wait);
      await probes.fail(userId);
    }
    try {
      const updated = await accounts.users.updateProfile(userId, patch);
      if (changesEmail) await answerNoSoonerThan(started);
      return c.json(toUser(updated));
    } catch (err) {
      if (err instanceof EmailTakenError) {
        await answerNoSoonerThan(started);
        return jsonError(c, 409, AUTH_ERRORS.emailTaken);
      }
      if (err instanceof UsernameTakenError) return jsonError(c, 409, AUTH_ERRORS.usernameTaken);
      throw err;
    }
  });

  app.patch('/password', accounts.limits.passwordChange, async (c) => {
    const input = await parseJson(c, passwordChangeSchema);
    const userId = userIdOf(c.get('user')!);
    if (!(await accounts.users.changePassword(userId, input.currentPassword, input.newPassword))) {
      c.set('authFailed', true);
      return jsonError(c, 400, AUTH_ERRORS.currentPasswordIncorrect);
    }
    const otherSessionsEnded = await accounts.sessions.endAllFor(userId, c.get('session')?._id);
    return c.json({ ok: true, message: PASSWORD_CHANGED_MESSAGE, otherSessionsEnded });
  });

  return app;
}
