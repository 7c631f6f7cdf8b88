// GET /media/<hex>-<n> and /media/<hex>-<n>/thumb: review photos from the `media` database. The bytes never
// change under a URL, so the final ones are cached for a year; a thumbnail not made yet falls back to the
// original briefly. Served with the sniffed type, nosniff and a locked-down CSP, so a photo is only ever an image.
import { Hono, type Context } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { readListingPhoto, readPhoto, type PhotoBytes } from '@ss/couchdb/media';
import { jsonError } from '../errors.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** A stand-in (the original for a thumbnail not made yet) is re-asked for soon. */
export const FALLBACK_CACHE = 'public, max-age=60';

export function mediaRoutes(couch: CouchClient) {
  const app = new Hono();
  // Listings' photos, as their owners published them (issue 12): a display size and a thumbnail.
  app.get('/listing/:key', (c) => send(c, readListingPhoto(couch, c.req.param('key'), 'display')));
  app.get('/listing/:key/thumb', (c) => send(c, readListingPhoto(couch, c.req.param('key'), 'thumb')));
  app.get('/:key', (c) => servePhoto(c, couch, c.req.param('key'), 'display'));
  app.get('/:key/thumb', (c) => servePhoto(c, couch, c.req.param('key'), 'thumb'));
  return app;
}

function servePhoto(c: Context, couch: CouchClient, key: string, variant: 'display' | 'thumb') {
  return send(c, readPhoto(couch, key, variant));
}

async function send(c: Context, reading: Promise<PhotoBytes | null>) {
  const photo = await reading;
  c.header('X-Content-Type-Options', 'nosniff');
  if (!photo) {
    c.header('Cache-Control', 'no-store');
    return jsonError(c, 404, 'Photo not found');
  }
  const etag = `"${photo.digest.replace(/"/g, '')}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', photo.final ? IMMUTABLE_CACHE : FALLBACK_CACHE);
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (c.req.header('if-none-match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  c.header('Content-Type', photo.contentType);
  return c.body(new Uint8Array(photo.bytes));
}
