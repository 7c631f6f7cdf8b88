// /db/submissions: the admin queue replicated, pull-only, to administrators' devices (so it can be reviewed
// offline). Admin sessions only, 403 for anyone else; then the same read-only policy as the public databases.
import { Hono } from 'hono';
import { bodyLimitOnBodies } from '../body-limits.ts';
import { DB } from '@ss/couchdb/definitions';
import type { Accounts } from '../accounts.ts';
import { readOnlyVerdict } from '../replication-policy.ts';
import type { AuthEnv } from '../session.ts';
import { isLiveFeed } from '../session-watch.ts';
import { askedPath, forwardQuery, forwardToStore } from '../store-proxy.ts';
import { requireAdmin } from './admin-submissions.ts';
import { clientSignal } from '../client-signal.ts';

const PREFIX = `/db/${DB.submissions}`;

export function submissionsReplicationRoutes(accounts: Accounts) {
  const app = new Hono<AuthEnv>();
  app.use('*', ...requireAdmin(accounts));
  app.use('*', bodyLimitOnBodies({ maxSize: 1024 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }));
  app.all('*', (c) => {
    const asked = askedPath(c, PREFIX);
    if (asked instanceof Response) return asked;
    const { rawPath, path, url } = asked;
    const verdict = readOnlyVerdict(c.req.method, path, url.searchParams);
    if (!verdict.allow) return c.json({ error: 'forbidden', reason: verdict.reason }, verdict.status);
    // Private to admins: never cached by a shared cache.
    c.header('Cache-Control', 'private, no-store');
    if (c.req.method === 'POST') return forwardQuery(c, accounts.couch, DB.submissions, path, rawPath + url.search);
    if (isLiveFeed(path, url.searchParams)) {
      // An admin's live feed ends with their session (sign-out anywhere, password change).
      const { signal, release } = accounts.sessionWatch.open(c.get('session')!, clientSignal(c));
      return forwardToStore(c, accounts.couch, DB.submissions, rawPath + url.search, { signal, onEnd: release });
    }
    return forwardToStore(c, accounts.couch, DB.submissions, rawPath + url.search);
  });
  return app;
}
