// Cross-site request forgery guard: a state-changing request (POST, PUT, PATCH, DELETE) is accepted only when
// its Origin (or, without one, its Referer) is the gateway's own origin or one configured in PUBLIC_ORIGIN.
import type { Context, MiddlewareHandler } from 'hono';
import { requestUrl } from './request-url.ts';

export const CSRF_MESSAGE = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Replication queries that carry their arguments in a POST body but change nothing. */
const READ_ONLY_POST = /^\/db\/[^/]+\/(_bulk_get|_revs_diff|_all_docs)\/?$/;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Normalises configured origins ("https://example.org/", "https://EXAMPLE.org") to URL origins. */
export function parseOrigins(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((o) => originOf(o.trim()))
    .filter((o): o is string => o !== null);
}

/**
 * The origins this request itself was made to: its URL (scheme and Host), and, behind a trusted proxy only, what
 * that TLS-terminating proxy says it was. Without one, X-Forwarded-Host and -Proto are anyone's to write.
 */
function ownOrigins(c: Context, trustedProxies: number): string[] {
  const url = requestUrl(c);
  const own = [url.origin];
  if (trustedProxies <= 0) return own;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() ?? c.req.header('host') ?? url.host;
  if ((proto === 'http' || proto === 'https') && host) {
    const forwarded = originOf(`${proto}://${host}`);
    if (forwarded) own.push(forwarded);
  }
  return own;
}

export function isStateChanging(method: string, path: string): boolean {
  const m = method.toUpperCase();
  if (SAFE_METHODS.has(m)) return false;
  return !(m === 'POST' && READ_ONLY_POST.test(path));
}

export function originGuard(publicOrigins: readonly string[], trustedProxies = 0): MiddlewareHandler {
  return async (c, next) => {
    if (isStateChanging(c.req.method, c.req.path)) {
      const origin = c.req.header('origin') !== undefined ? originOf(c.req.header('origin')) : originOf(c.req.header('referer'));
      if (!origin || !(ownOrigins(c, trustedProxies).includes(origin) || publicOrigins.includes(origin))) {
        return c.json({ error: CSRF_MESSAGE }, 403);
      }
    }
    await next();
  };
}
