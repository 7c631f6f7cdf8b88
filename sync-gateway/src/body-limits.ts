// Request body limits for every route, in one table: a request declaring a bigger body is answered 413 before a
// byte of it is read; a chunked one is counted as it arrives and refused the moment it passes the limit (never
// buffered beyond it). Routes may set tighter limits of their own (account forms: 16 KB).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_USER_DB_BODY_BYTES } from './limits.ts';

export interface BodyLimits {
  /** /db/me pushes and the multipart review form: one review with five 5 MB photos, base64 in JSON (~35 MB). */
  upload: number;
  /** The read-only replication proxies: _bulk_get, _revs_diff and _all_docs carry ids and revisions. */
  replication: number;
  /** Every other route: JSON forms of a few fields (the largest, a proposed listing edit, is a few KB). */
  json: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  upload: MAX_USER_DB_BODY_BYTES,
  replication: 1024 * 1024,
  json: 64 * 1024,
};

const REVIEW_FORM = /^\/api\/sanctuaries\/[^/]+\/reviews\/?$/;

/** Which limit applies to this request. */
export function bodyLimitFor(c: Context, limits: BodyLimits): number {
  const p = c.req.path;
  if (p === '/db/me' || p.startsWith('/db/me/')) return limits.upload;
  if (c.req.method === 'POST' && REVIEW_FORM.test(p)) return limits.upload;
  if (p.startsWith('/db/')) return limits.replication;
  return limits.json;
}

function tooLarge(c: Context, maxSize: number) {
  // The client may still be sending: do not keep the connection for the rest of it.
  c.header('Connection', 'close');
  const mb = maxSize >= 1024 * 1024 ? `${Math.round(maxSize / (1024 * 1024))} MB` : `${Math.round(maxSize / 1024)} KB`;
  const message = `Request body too large (at most ${mb}).`;
  // CouchDB-shaped on the replication paths, so PouchDB reports it sensibly; `error` text everywhere else.
  if (c.req.path.startsWith('/db/')) return c.json({ error: 'too_large', reason: message }, 413);
  return c.json({ error: message }, 413);
}

export function requestBodyLimits(limits: BodyLimits = DEFAULT_BODY_LIMITS): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  const middlewareFor = (maxSize: number) => {
    let mw = byLimit.get(maxSize);
    if (!mw) {
      mw = bodyLimitOnBodies({ maxSize, onError: (c) => tooLarge(c, maxSize) });
      byLimit.set(maxSize, mw);
    }
    return mw;
  };
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return middlewareFor(bodyLimitFor(c, limits))(c, next);
  };
}

/**
 * Hono's bodyLimit, passed over by requests that carry no body (GET, HEAD) and deciding from the declared length alone
 * when there is one (Node's parser holds the body to it): Hono's own reads `c.req.raw.body` first, which turns Node's
 * lightweight request into a full fetch Request (request-body.ts). A body without a declared length (chunked) goes
 * through Hono's, which counts it as it arrives.
 */
export function bodyLimitOnBodies(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const counted = bodyLimit(options);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(length, 10) > options.maxSize) return options.onError(c);
    await next();
  };
}
