// The request's URL, parsed once per request: the security headers, the CSRF guard, the request deadline and the
// replication proxies each need a part of it, and parsing it again in each was a measurable share of the
// gateway's CPU with 1,000 devices (issue 16). Shared between them, so read it and never change it.
import type { Context } from 'hono';

const parsed = new WeakMap<object, URL>();

export function requestUrl(c: Context): Readonly<URL> {
  // One HonoRequest per request, whatever middleware does to the Request inside it (the URL stays the same).
  const key = c.req;
  let url = parsed.get(key);
  if (!url) parsed.set(key, (url = new URL(c.req.url)));
  return url;
}
