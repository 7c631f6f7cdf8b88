// The gateway application: the only door to CouchDB. Assembled from one router per resource.
import path from 'node:path';
import { Hono } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { handleError } from './errors.ts';
import { sanctuaryRoutes } from './routes/sanctuaries.ts';
import { communityRoutes } from './routes/community.ts';
import { replicationRoutes } from './routes/replication.ts';
import { healthRoutes } from './routes/health.ts';
import { webRoutes } from './routes/web.ts';
import { searchRoutes } from './routes/search.ts';
import { searchDirectory } from './search-directory.ts';
import { defaultGazetteerDirs, gazetteerLoader } from './gazetteer.ts';
import { createAccounts, type SecuritySettings } from './accounts.ts';
import { originGuard } from './csrf.ts';
import { compressAnswers } from './compress-answers.ts';
import { inlineScriptHashesOf, securityHeaders } from './security-headers.ts';
import { requestBodyLimits } from './body-limits.ts';
import { writeLimits } from './write-limits.ts';
import { requestDeadline } from './request-deadline.ts';
import { authRoutes } from './routes/auth.ts';
import { userRoutes } from './routes/user.ts';
import { favoritesRoutes } from './routes/favorites.ts';
import { meRoutes } from './routes/me.ts';
import { adminQueueRoutes, adminSubmissionRoutes } from './routes/admin-submissions.ts';
import { listingFeedbackRoutes } from './routes/listing-feedback.ts';
import { submissionsReplicationRoutes } from './routes/submissions-replication.ts';
import { userCommandHook } from './user-commands.ts';
import { mediaRoutes } from './routes/media.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { adminReviewRoutes } from './routes/admin-reviews.ts';
import { adminListingRoutes } from './routes/admin-listings.ts';

export interface GatewayOptions {
  couch: CouchClient;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string;
  /**
   * Allowed origins, proxy trust, sign-in, sign-up and write limits, body limits, timeouts, session length; the
   * defaults suit one gateway, no proxy.
   */
  security?: SecuritySettings;
}

export function createApp({ couch, webDist, security }: GatewayOptions) {
  const app = new Hono();
  app.onError(handleError);
  const accounts = createAccounts(couch, security);
  const { options } = accounts;
  // First, so every response carries them: API, replication proxies, media, the web app, 404s, errors, 413/429.
  // The build's index.html carries three small inline scripts (web/inline/); the CSP allows them by hash, read from
  // the index.html the web routes serve, and read again when it changes (a build replaced under a running gateway).
  const scriptHashes = webDist ? inlineScriptHashesOf(path.join(webDist, 'index.html')) : [];
  app.use('*', securityHeaders({ tileUrl: options.tileUrl, trustedProxies: options.trustedProxies, scriptHashes }));
  // Before anything reads a body: a declared oversize body is refused unread, a chunked one as it passes the limit.
  app.use('*', requestBodyLimits(options.bodyLimits));
  // CSRF: state-changing requests must come from our own origin (or a configured PUBLIC_ORIGIN).
  app.use('/api/*', originGuard(options.publicOrigins, options.trustedProxies));
  app.use('/db/*', originGuard(options.publicOrigins, options.trustedProxies));
  // After the CSRF guard, so cross-site requests spend nobody's budget.
  app.use('*', writeLimits(options.writeLimits, { trustedProxies: options.trustedProxies, sessions: accounts.sessions }));
  // Live replication feeds are exempt; everything else answers (at least its headers) within the deadline.
  app.use('*', requestDeadline(options.requestTimeouts));

  // Compress the API and the web app (the gazetteer alone is 1.1 MB raw, 0.34 MB gzip). Not /db/*: live feeds
  // must stream unbuffered, and the snapshot is already gzip.
  app.use('/api/*', compressAnswers());

  app.route('/api/health', healthRoutes(couch));
  // Before /api/sanctuaries, whose /:id would otherwise answer /search.
  // One offline gazetteer for search and for placing approved listings on the map.
  const gazetteer = gazetteerLoader(defaultGazetteerDirs(webDist));
  const directory = searchDirectory(couch);
  app.route('/api/sanctuaries/search', searchRoutes({ directory, gazetteer }));
  app.route('/api/sanctuaries', sanctuaryRoutes(couch, accounts));
  app.route('/api/community', communityRoutes(couch));
  app.route('/api/auth', authRoutes(accounts));
  app.route('/api/user', userRoutes(accounts));
  app.route('/api/favorites', favoritesRoutes(accounts));
  // Before any other /api/admin router: the submissions queue answers 403 to everyone but admins (issue 6).
  app.route('/api/admin/submissions', adminSubmissionRoutes(accounts, { gazetteer }));
  app.route('/api/admin/queue', adminQueueRoutes(accounts));
  app.route('/api/admin', adminListingRoutes(accounts));
  // Reports (POST /api/sanctuaries/{id}/report); session checks are per route.
  app.route('/api/sanctuaries', listingFeedbackRoutes(accounts));
  app.route('/api/reviews', reviewRoutes(accounts));
  app.route('/api/admin', adminReviewRoutes(accounts));
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  app.use('/db/me/*', userCommandHook(accounts, { gazetteer }));
  const replication = replicationRoutes(couch, { directory });
  app.route('/db/me', meRoutes(accounts, { listingKnown: (id) => replication.holds(DB.sanctuaries, id) }));
  app.route('/db/submissions', submissionsReplicationRoutes(accounts));
  // PouchDB asks the server root (/db/) for a uuid to name its replications; without one it names them by the
  // database URL, which is what we want (stable whatever store is behind). Answering, not 404, keeps consoles clean.
  app.get('/db/', (c) => c.json({ couchdb: 'Welcome', vendor: { name: 'Sanctuary Seekers gateway' } }, 200, { 'cache-control': 'no-store' }));
  app.route('/db', replication);
  app.route('/media', mediaRoutes(couch));
  const web = webDist ? webRoutes(webDist, couch, { publicOrigin: options.publicOrigins[0], directory }) : undefined;
  if (web) {
    const compressPage = compressAnswers();
    app.use('*', async (c, next) => (c.req.path.startsWith('/db/') || c.req.path.startsWith('/media/') ? next() : compressPage(c, next)));
    app.route('/', web);
  }
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  // Tests and a graceful stop wait for the work pushes queued (apply-queue.ts); `warm` starts following the
  // public databases and the sessions and users feeds the account caches rely on (the running gateway does at
  // once; otherwise the first /db request follows the public ones) and renders the live pages once, `close` stops
  // the following.
  return Object.assign(app, {
    applies: accounts.applies,
    warm: () => {
      replication.warm();
      accounts.follow();
      web?.warm();
    },
    /** The public databases' shared feeds are live (tests wait for it after `warm`). */
    following: () => replication.following(),
    checkpoints: accounts.checkpoints,
    /** Devices' longpolls of their own databases held here (tests look at what waits). */
    userFeeds: accounts.userFeeds,
    /** Stops following; resolves once the checkpoints kept in memory are in the store. */
    close: async () => {
      replication.close();
      accounts.stopFollowing();
      await accounts.checkpoints.close();
    },
  });
}
