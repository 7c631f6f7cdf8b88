// Serves the built web app (web/dist). Client routes fall back to index.html; a missing asset (anything
// with a file extension) is a real 404, so a broken deploy is visible instead of answering HTML for JS.
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { addMissingSignedInHint } from '../session.ts';

const RESERVED = /^\/(api|db|media)(\/|$)/;

export function webRoutes(webDist: string) {
  const app = new Hono();
  const root = path.relative(process.cwd(), webDist) || '.';
  const indexFile = path.join(webDist, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    const p = c.req.path;
    if (p.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (c.res.headers.get('content-type')?.includes('text/html') || p === '/sw.js' || p.endsWith('.webmanifest')) {
      c.header('Cache-Control', 'no-cache');
    }
    if (c.res.headers.get('content-type')?.includes('text/html')) addMissingSignedInHint(c);
  });

  app.get('*', serveStatic({ root }));

  app.get('*', (c) => {
    const p = c.req.path;
    if (RESERVED.test(p)) return c.json({ error: 'Not found' }, 404);
    if (path.posix.basename(p).includes('.')) return c.text('Not found', 404);
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return app;
}
