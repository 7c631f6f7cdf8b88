// A request's body as text, read straight from Node's IncomingMessage when Hono's Node adapter serves the request.
// `c.req.text()` first turns the adapter's lightweight request into a full fetch Request (an undici Request, an
// AbortController and a web stream over the socket, all read back through web streams): with 1,000 devices that is
// ~500 POSTs a second (`_bulk_get`, `_revs_diff`, pushes), and those objects were the largest share of the gateway's
// own work after idle and garbage collection (issue 16; client-signal.ts avoids them for the signal). The text is
// put in Hono's body cache, so a later `c.req.text()` or `c.req.json()` of the same request (user-commands.ts) gets
// it too. Anything else (tests calling `app.request`, a body a middleware already turned into a Request) is read
// the usual way.
import type { IncomingMessage } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import type { Context } from 'hono';

export function requestText(c: Context): Promise<string> {
  // Hono keeps the body's promises there (its type says the values).
  const cache = c.req.bodyCache as { text?: Promise<string> };
  if (cache.text) return cache.text;
  const incoming = unreadIncoming(c);
  if (!incoming) return c.req.text();
  cache.text = readText(incoming);
  return cache.text;
}

/** The JSON body, or undefined when it is not JSON. */
export function requestJson(c: Context): Promise<unknown> {
  return requestText(c)
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
}

/** Node's request, when nothing has read its body or wrapped it in a fetch Request yet. */
function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || typeof incoming.on !== 'function' || incoming.readableDidRead) return undefined;
  if (Object.keys(c.req.bodyCache).length) return undefined;
  const raw = c.req.raw;
  // A middleware that replaced the request (request-deadline.ts, Hono's bodyLimit on a chunked body) made a real one.
  if (Object.getPrototypeOf(raw) === Request.prototype) return undefined;
  // The adapter's lightweight request keeps the full Request it made, once anything asked for it, under a symbol.
  if (Object.getOwnPropertySymbols(raw).some((s) => s.description === 'requestCache' && (raw as unknown as Record<symbol, unknown>)[s])) return undefined;
  return incoming;
}
