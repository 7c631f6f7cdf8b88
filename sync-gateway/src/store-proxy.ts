// Streams one allowed request to the store and its answer back, for the replication proxies (/db/{name},
// /db/me, /db/submissions). The caller has already checked the request; this never decides what is allowed
// (forwardQuery applies the policy's body check, replication-policy.ts checkQueryBody). Answers that list
// documents (_all_docs, _changes) leave without design documents (design-docs.ts); all else streams as it is.
import type { Context } from 'hono';
import type { CouchClient } from '@ss/couchdb/client';
import { changesLineFilter, filterAllDocsBody, filterChangesBody } from './design-docs.ts';
import { checkQueryBody } from './replication-policy.ts';
import { clientSignal } from './client-signal.ts';
import { requestText } from './request-body.ts';
import { requestUrl } from './request-url.ts';

/** Response headers worth passing back; hop-by-hop and server-identifying ones are dropped. */
const PASS_HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'x-couch-request-id'];

/** The raw (still percent-encoded) path after `prefix`, e.g. '/_changes' for /db/me/_changes with prefix /db/me. */
export function pathAfter(c: Context, prefix: string): string {
  const { pathname } = requestUrl(c);
  return pathname.slice(pathname.indexOf(prefix) + prefix.length);
}

/** What a proxied request asks for below `prefix`: the raw path (forwarded as is), the decoded one (judged), the URL. */
export interface AskedPath {
  rawPath: string;
  path: string;
  url: Readonly<URL>;
}

/** The path below `prefix`, raw and decoded, or the 400 answer when it does not decode. */
export function askedPath(c: Context, prefix: string): AskedPath | Response {
  const rawPath = pathAfter(c, prefix);
  try {
    return { rawPath, path: decodeURIComponent(rawPath), url: requestUrl(c) };
  } catch {
    return c.json({ error: 'bad_request', reason: 'Malformed path.' }, 400);
  }
}

export interface ForwardInit {
  /** Defaults to the request's own body for methods that have one. */
  body?: RequestInit['body'];
  contentType?: string;
  /** A POST _all_docs whose body names `keys`: design documents' rows become not-found rows, not gaps. */
  allDocsByKeys?: boolean;
  /** Ends the upstream request early (besides the client going away): a live feed whose session ended. */
  signal?: AbortSignal;
  /** Called once when the answer is over: streamed to its end, cancelled, or never streamed at all. */
  onEnd?: () => void;
}

/** The answers that list documents, which must not list design documents. */
type Listing = { kind: 'changes'; continuous: boolean } | { kind: 'all_docs'; byKeys: boolean };

/** Which listing `pathAndQuery` asks for, read the way the policy reads the path (decoded, empty segments ignored). */
function listingOf(pathAndQuery: string, init: ForwardInit): Listing | null {
  const url = new URL(pathAndQuery, 'http://store.invalid');
  let first: string | undefined;
  try {
    first = decodeURIComponent(url.pathname).split('/').filter(Boolean)[0];
  } catch {
    return null; // the callers refuse a path that does not decode, before forwarding
  }
  if (first === '_changes') return { kind: 'changes', continuous: url.searchParams.get('feed') === 'continuous' };
  if (first === '_all_docs') return { kind: 'all_docs', byKeys: url.searchParams.has('keys') || init.allDocsByKeys === true };
  return null;
}

/** Forwards to `db` at `pathAndQuery` (relative to the database, already encoded) with the request's method. */
export async function forwardToStore(c: Context, couch: CouchClient, db: string, pathAndQuery: string, init: ForwardInit = {}): Promise<Response> {
  const method = c.req.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const headers: Record<string, string> = { accept: c.req.header('accept') ?? 'application/json' };
  const contentType = init.contentType ?? c.req.header('content-type');
  if (contentType && hasBody) headers['content-type'] = contentType;

  const signal = init.signal ?? clientSignal(c);
  let ended = false;
  const onEnd = () => {
    if (ended) return;
    ended = true;
    init.onEnd?.();
  };
  let upstream: Response;
  try {
    upstream = await couch.forward(db, pathAndQuery, {
      method,
      headers,
      body: hasBody ? (init.body !== undefined ? init.body : c.req.raw.body) : null,
      signal,
    });
  } catch (err) {
    onEnd();
    throw err;
  }

  const out = new Headers();
  for (const name of PASS_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  // Never let an intermediary or the browser cache feed responses.
  out.set('cache-control', 'no-store');
  const body = upstream.body ? endQuietlyOnAbort(upstream.body, signal, onEnd) : null;
  if (!body) onEnd();
  const listing = listingOf(pathAndQuery, init);
  // Error answers list no documents; HEAD has no body.
  if (!listing || !body || upstream.status !== 200) return new Response(body, { status: upstream.status, headers: out });

  // The filtered body has its own length.
  out.delete('content-length');
  if (listing.kind === 'changes' && listing.continuous) return new Response(body.pipeThrough(changesLineFilter()), { status: 200, headers: out });
  // normal and longpoll feeds and _all_docs are one JSON object (the embedded store writes it on one line,
  // CouchDB a row per line): read whole, then filtered.
  const text = await new Response(body).text();
  if (signal.aborted) return new Response(null, { status: 499 }); // the device (or its session) went away mid-answer
  const filtered = listing.kind === 'changes' ? filterChangesBody(text) : filterAllDocsBody(text, listing.byKeys);
  if (filtered === null) {
    // Not the answer expected: it cannot be checked, so it is not passed on.
    return Response.json({ error: 'bad_gateway', reason: 'The store gave an unexpected answer.' }, { status: 502, headers: { 'cache-control': 'no-store' } });
  }
  return new Response(filtered, { status: 200, headers: out });
}

/**
 * A POST query the policy allowed (_bulk_get, _revs_diff, _all_docs): its body (bounded by the route's body
 * limit) is read whole and checked before the store sees it, then forwarded as it came.
 * @param path the decoded path after /db/{name}, as the policy saw it
 */
export async function forwardQuery(
  c: Context,
  couch: CouchClient,
  db: string,
  path: string,
  pathAndQuery: string,
  /** An answer the caller can give without the store, for a checked body (undefined: ask the store). */
  answer?: (body: unknown) => object | undefined,
): Promise<Response> {
  const text = await requestText(c);
  const verdict = checkQueryBody(path, text);
  if (verdict && 'reply' in verdict) return c.json(verdict.reply, 200, { 'cache-control': 'no-store' });
  if (verdict) return c.json({ error: verdict.status === 403 ? 'forbidden' : 'bad_request', reason: verdict.reason }, verdict.status);
  const known = answer?.(JSON.parse(text));
  if (known) return c.json(known, 200, { 'cache-control': 'no-store' });
  const allDocsByKeys = path.split('/').filter(Boolean)[0] === '_all_docs' && (JSON.parse(text) as { keys?: unknown }).keys !== undefined;
  return forwardToStore(c, couch, db, pathAndQuery, { body: text, contentType: 'application/json', allDocsByKeys });
}

/**
 * When the browser goes away mid-feed (a live longpoll, a closed tab) the upstream read is aborted; that is
 * the normal end of a feed, not an error worth a stack trace in the log.
 */
function endQuietlyOnAbort(body: ReadableStream<Uint8Array>, signal: AbortSignal, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          onEnd();
        } else controller.enqueue(value);
      } catch (err) {
        onEnd();
        if (signal.aborted) controller.close();
        else controller.error(err);
      }
    },
    cancel(reason) {
      onEnd();
      return reader.cancel(reason);
    },
  });
}
