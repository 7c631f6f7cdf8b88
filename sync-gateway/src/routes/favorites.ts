// GET /api/favorites/{userId}: the sanctuaries a user saved, newest first, in the spec's Sanctuary shape. Only
// that user or an administrator may read them. Favourites themselves are written on devices and sync via /db/me.
import { Hono } from 'hono';
import { listFavoriteDocs } from '@ss/couchdb/user-db';
import { toSanctuary } from '@ss/domain/sanctuary';
import { isAdmin, userIdOf } from '@ss/domain/user';
import type { Accounts } from '../accounts.ts';
import { jsonError } from '../errors.ts';
import { requireUser, sessionMiddleware, type AuthEnv } from '../session.ts';

export const OTHERS_FAVORITES_MESSAGE = "You can only see your own favorites.";

export function favoritesRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', sessionMiddleware(accounts), requireUser);

  app.get('/:userId', async (c) => {
    const me = c.get('user')!;
    const userId = c.req.param('userId');
    if (userId !== userIdOf(me)) {
      if (!isAdmin(me)) return jsonError(c, 403, OTHERS_FAVORITES_MESSAGE);
      if (!(await accounts.users.get(userId))) return jsonError(c, 404, 'User not found');
    }
    const favorites = await listFavoriteDocs(accounts.couch, userId);
    const sanctuaries = await accounts.couch.sanctuaries.getMany(favorites.map((f) => f.sanctuaryId));
    c.header('Cache-Control', 'private, no-store');
    return c.json(sanctuaries.map(toSanctuary));
  });

  return app;
}
