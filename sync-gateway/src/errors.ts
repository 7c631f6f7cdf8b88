// Turns whatever went wrong into a JSON `{ error }` with a fitting status: never a stack trace or an internal URL.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CouchHttpError, CouchUnavailableError } from '@ss/couchdb/client';

export const UNAVAILABLE_MESSAGE = 'The directory database is restarting. Please try again in a moment.';

export function jsonError(c: Context, status: ContentfulStatusCode, error: string) {
  return c.json({ error }, status);
}

export function handleError(err: Error, c: Context) {
  if (err instanceof HTTPException) {
    return c.json({ error: err.message || 'Request refused' }, err.status);
  }
  if (err instanceof CouchUnavailableError) {
    c.header('Retry-After', '2');
    return c.json({ error: UNAVAILABLE_MESSAGE }, 503);
  }
  if (err instanceof CouchHttpError && err.statusCode === 404) {
    return c.json({ error: 'Not found' }, 404);
  }
  console.error(`[gateway] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
}
