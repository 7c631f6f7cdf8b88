// Compression of the gateway's own answers (the API and the web app). Hono's compress middleware pipes a body through a
// CompressionStream; for JSON that meant encoding the text, streaming it through web streams and zlib, and decoding
// and encoding it again on the way out. A JSON answer is a string already in memory, so it is sized first: under the
// threshold it goes out as it is (a 60-byte `{"error":…}` is not worth a stream; GET /api/auth/user cost 1.2 ms of
// CPU with one), and above it, it is gzipped in one call. Measured on a search answering the whole directory (332
// listings, 450 kB of JSON): 21.5 ms of gateway CPU per request through the stream. Other answers (pages, files) still
// go through hono's middleware.
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Hono's default: below this, gzip saves a few bytes and costs more than it saves. */
export const COMPRESS_FROM_BYTES = 1024;
/** From this size, a JSON answer is gzipped on libuv's threadpool rather than on the event loop (~1 ms per 64 kB). */
export const GZIP_OFF_LOOP_FROM_BYTES = 64 * 1024;

const gzipOffLoop = promisify(gzip);
/** A Buffer as the plain Uint8Array a Response body takes (a view, not a copy). */
const view = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);
const isJson = (type: string | null) => type !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const varyAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Whether an Accept-Encoding header allows gzip: named with a weight above zero, or left to a `*` that is
 * ("gzip", "gzip, deflate, br", "*"; not "gzip;q=0", not "identity").
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const allowed = Number.isFinite(q) && q > 0;
    if (name === 'gzip' || name === 'x-gzip') return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

/**
 * A JSON text as the answer, sent as it is with its length, or gzipped when it is big enough and the client takes
 * gzip. Routes with a big text of their own call it directly (the middleware would read the text back out of the
 * Response, encoding and decoding it once more); the middleware calls it for every other JSON answer.
 */
export async function jsonAnswer(c: Context, text: string | Uint8Array<ArrayBuffer>, res: { status: number; statusText?: string; headers: Headers } = { status: 200, headers: new Headers({ 'content-type': 'application/json' }) }): Promise<Response> {
  const headers = new Headers(res.headers);
  const bytes = typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength;
  let body: string | Uint8Array<ArrayBuffer> = text;
  if (bytes >= COMPRESS_FROM_BYTES && res.status !== 206 && c.req.method !== 'HEAD' && !noTransform.test(headers.get('cache-control') ?? '')) {
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && varyAcceptEncoding.test(vary))) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (acceptsGzip(c.req.header('accept-encoding'))) {
      body = view(bytes >= GZIP_OFF_LOOP_FROM_BYTES ? await gzipOffLoop(text) : gzipSync(text));
      headers.set('content-encoding', 'gzip');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
  }
  headers.set('content-length', String(typeof body === 'string' ? bytes : body.byteLength));
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

export function compressAnswers(): MiddlewareHandler {
  const streamed = compress({ threshold: COMPRESS_FROM_BYTES });
  return (c, next) =>
    streamed(c, async () => {
      await next();
      const res = c.res;
      // Sent with a length (or already encoded) here, so the stream middleware leaves it alone.
      if (!res.body || res.headers.has('content-length') || res.headers.has('content-encoding') || !isJson(res.headers.get('content-type'))) return;
      const sized = await jsonAnswer(c, await res.text(), res);
      // Cleared first: assigning over an answer makes hono copy its headers into a rebuilt one (these are already
      // there), which would turn the body back into a stream.
      c.res = undefined;
      c.res = sized;
    });
}
