// Time limits. The Node server's own (headers and whole-request receive time, against slow senders), and a
// per-request deadline for the gateway's work: a request whose answer has not started within it gets a 504 JSON
// error instead of hanging (a stuck store, a runaway query). Live replication feeds are exempt: they are meant
// to stay open. A streamed answer is never cut once it has started: the deadline covers the time to the
// response's headers, not the body.
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerOptions } from 'node:http';
import { HTTPException } from 'hono/http-exception';
import { requestUrl } from './request-url.ts';

export const DEADLINE_MESSAGE = 'The server took too long to answer. Please try again.';

export interface RequestTimeouts {
  /** Gateway work per request, from the end of the upload to the response's headers. */
  handlerMs: number;
  /** The first sync's snapshot is built once per update_seq and shared; a large directory takes longer. */
  snapshotMs: number;
  /** Node: all request headers must arrive within this (slow-header attacks). */
  headersMs: number;
  /** Node: the whole request, body included, must arrive within this: five 5 MB photos on a slow uplink. */
  receiveMs: number;
  /**
   * Node: an idle keep-alive connection is closed after this. Node counts it from the moment the answer was
   * handed to the kernel, not from when the client read it: a busy phone (or load generator) still reading a
   * large answer 5 s later (Node's default) had it cut ("other side closed"). Longer than the usual load
   * balancer idle timeout (60 s), so the balancer, not the gateway, closes first.
   */
  keepAliveMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = {
  handlerMs: 30_000,
  snapshotMs: 120_000,
  headersMs: 20_000,
  receiveMs: 300_000,
  keepAliveMs: 65_000,
};

/** Options for @hono/node-server's `serve({ serverOptions })` (node:http createServer). */
export function nodeServerOptions(t: RequestTimeouts = DEFAULT_REQUEST_TIMEOUTS, checkEveryMs?: number): ServerOptions {
  return {
    headersTimeout: t.headersMs,
    requestTimeout: t.receiveMs,
    ...(t.keepAliveMs ? { keepAliveTimeout: t.keepAliveMs } : {}),
    ...(checkEveryMs ? { connectionsCheckingInterval: checkEveryMs } : {}),
  };
}

const LIVE_FEEDS = new Set(['longpoll', 'continuous', 'eventsource']);

/** A live `_changes` feed (longpoll, continuous, eventsource) on any replication path: held open on purpose. */
export function isLiveFeed(c: Context): boolean {
  if (!c.req.path.startsWith('/db/') || !/\/_changes\/?$/.test(c.req.path)) return false;
  return LIVE_FEEDS.has(requestUrl(c).searchParams.get('feed') ?? '');
}

/** Bodies up to this size arrive with the headers, near enough; bigger ones start the clock once received. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Decided from the headers alone (an HTTP/1.1 request has a body only with Content-Length or Transfer-Encoding):
 * asking the request for its body would make @hono/node-server build a whole WHATWG Request (streams, an
 * AbortController) for every request: 3 % of the gateway's CPU in the 1,000-device load run.
 */
function uploadPending(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  return length !== undefined && Number(length) > SMALL_BODY_BYTES;
}

/** The same body, calling `done` once it has been read to the end (or failed). */
function notifyAtEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        done();
        controller.error(err);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

export function requestDeadline(timeouts: Pick<RequestTimeouts, 'handlerMs' | 'snapshotMs' | 'receiveMs'> = DEFAULT_REQUEST_TIMEOUTS): MiddlewareHandler {
  return async (c, next) => {
    if (isLiveFeed(c)) return next();
    const ms = /\/_snapshot\/?$/.test(c.req.path) ? timeouts.snapshotMs : timeouts.handlerMs;
    if (!(ms > 0)) return next();

    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    let expire!: () => void;
    const expired = new Promise<'expired'>((resolve) => (expire = () => resolve('expired')));
    const start = () => {
      if (timer === undefined && !settled) timer = setTimeout(expire, ms);
    };
    let fallback: NodeJS.Timeout | undefined;
    if (uploadPending(c)) {
      // A large upload is bounded by Node's receive timeout; our clock starts once it is in. Should the
      // handler never read it, the clock starts anyway after the longest upload Node would allow.
      c.req.raw = new Request(c.req.raw, { body: notifyAtEnd(c.req.raw.body!, start), duplex: 'half' } as RequestInit);
      fallback = setTimeout(start, timeouts.receiveMs);
    } else {
      start();
    }
    try {
      const outcome = await Promise.race([next().then(() => 'answered' as const), expired]);
      if (outcome === 'expired') throw new HTTPException(504, { message: DEADLINE_MESSAGE });
    } finally {
      settled = true;
      clearTimeout(timer);
      clearTimeout(fallback);
    }
  };
}
