// GET /api/health: is the gateway up, and can it reach CouchDB? Used by docker healthchecks and npm start.
import { Hono } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';

export function healthRoutes(couch: CouchClient) {
  const app = new Hono();
  app.get('/', async (c) => {
    const couchUp = await couch.ping();
    return c.json({ status: couchUp ? 'ok' : 'degraded', couchdb: couchUp ? 'up' : 'down' }, couchUp ? 200 : 503);
  });
  return app;
}
