// The gateway application: the only door to CouchDB. Assembled from one router per resource.
import { Hono } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { handleError } from './errors.ts';
import { sanctuaryRoutes } from './routes/sanctuaries.ts';
import { communityRoutes } from './routes/community.ts';
import { replicationRoutes } from './routes/replication.ts';
import { healthRoutes } from './routes/health.ts';
import { webRoutes } from './routes/web.ts';

export interface GatewayOptions {
  couch: CouchClient;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string;
}

export function createApp({ couch, webDist }: GatewayOptions) {
  const app = new Hono();
  app.onError(handleError);

  app.route('/api/health', healthRoutes(couch));
  app.route('/api/sanctuaries', sanctuaryRoutes(couch));
  app.route('/api/community', communityRoutes(couch));
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  app.route('/db', replicationRoutes(couch));
  if (webDist) app.route('/', webRoutes(webDist));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return app;
}
