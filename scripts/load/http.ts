// One simulated device's HTTP: its own client address (X-Forwarded-For, honoured by a gateway started with
// TRUST_PROXY=1, so per-address rate limits see 200 devices, not one), its session cookie, our Origin on every
// state-changing request (the gateway's CSRF guard), and a timing, status check and error record for each call.
import { gunzipSync } from 'node:zlib';
import { Pool, getGlobalDispatcher, type Dispatcher } from 'undici';
import type { Metrics } from './metrics.ts';

/** A request that is not a live feed and takes longer than this counts as an error. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface CallOptions {
  method?: string;
  /** JSON-encoded unless it is already a string or FormData. */
  body?: unknown;
  /** Statuses that are the expected answer; anything else is an error. Default: 200. */
  expect?: readonly number[];
  accept?: string;
  /** A live feed: no timeout, timed as "held" rather than as latency, and an abort by `signal` is no error. */
  live?: boolean;
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  text: string;
  /** As undici gives them: lower-case names, repeated ones (set-cookie) as arrays. */
  headers: Record<string, string | string[] | undefined>;
}

/** Thrown by `call` after the failure has been recorded, so callers can simply stop what they were doing. */
export class RecordedFailure extends Error {}
class ConnectionReset extends Error {}
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT']);

/** Distinct private addresses, one per simulated device or writer (10.0.0.1, 10.0.0.2...). */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/** Connections a browser keeps to one host over HTTP/1.1. */
export const BROWSER_CONNECTIONS = 6;
const pools = new Set<Pool>();

/** Closes every device's connections (the end of a run). */
export async function closeDevicePools(): Promise<void> {
  const open = [...pools];
  pools.clear();
  await Promise.all(open.map((p) => p.destroy()));
}

const utf8 = new TextDecoder();

/** Compressed answers at least this big are remembered with their text (snapshots); smaller ones are cheap to inflate. */
const REMEMBER_FROM_BYTES = 16 * 1024;
const remembered: Array<{ raw: Uint8Array; text: string }> = [];

/**
 * The text of a gzip answer. A thousand devices starting download the same snapshot bytes (one per public database
 * until the next change), and inflating, decoding and parsing each copy again was about a fifth of the load generator's CPU,
 * taken from the gateway on the same two cores. So the last few big answers are kept with their text, and an
 * answer whose bytes are equal to one of them, byte for byte, gets that text (the same string, which also lets
 * replication.ts reuse its parse). Any other answer is inflated as before.
 */
function gunzipText(raw: Uint8Array): string {
  if (raw.byteLength < REMEMBER_FROM_BYTES) return gunzipSync(raw).toString('utf8');
  const known = remembered.find((r) => r.raw.byteLength === raw.byteLength && Buffer.compare(r.raw, raw) === 0);
  if (known) return known.text;
  const text = gunzipSync(raw).toString('utf8');
  remembered.unshift({ raw, text });
  remembered.length = Math.min(remembered.length, 4);
  return text;
}

export class DeviceHttp {
  cookie: string | undefined;
  /** Requests under way, for diagnosing a device that fell behind. */
  readonly inFlight = new Set<{ path: string; started: number }>();
  /**
   * A device's own connections, at most six like a browser's, instead of one pool shared by a thousand devices:
   * undici looks through a pool's connections for a free one on every request, which with thousands of them
   * was the load generator's largest single cost, and no device could ever hold more than a browser does.
   * Short-lived callers (setup, one-off searches) pass no `connections` and use the shared default.
   */
  private readonly pool: Pool | undefined;
  /** This device's own stand-in for each shared stop signal its requests were given (see `ownSignal`). */
  private readonly stops = new WeakMap<AbortSignal, AbortSignal>();

  constructor(
    readonly base: string,
    readonly address: string,
    private readonly metrics: Metrics,
    { connections }: { connections?: number } = {},
  ) {
    if (connections) {
      this.pool = new Pool(new URL(base).origin, { connections });
      pools.add(this.pool);
    }
  }

  /** The ss_session cookie of a sign-in or sign-up answer becomes this device's session. */
  adoptSession(headers: CallResult['headers']): void {
    const header = [headers['set-cookie'] ?? []].flat().find((h) => h.startsWith('ss_session='));
    if (!header) throw new Error('no session cookie in the answer');
    this.cookie = header.split(';')[0]!;
  }

  /**
   * Makes one request and records it under `kind`. Resolves with the answer when its status is expected;
   * otherwise records an error and throws RecordedFailure. Resolves null when `signal` aborted a live feed.
   */
  async call(kind: string, path: string, options: CallOptions = {}): Promise<CallResult | null> {
    try {
      return await this.attempt(kind, path, options);
    } catch (err) {
      // A browser silently retries an idempotent request once when a reused keep-alive connection turns out to
      // have been closed by the server; Node's fetch does not. Do the same, and count it.
      if (!(err instanceof ConnectionReset) || !IDEMPOTENT.has(options.method ?? 'GET')) throw err;
      this.metrics.count('connection resets (idempotent request retried once, as a browser does on a reused connection)');
      return this.attempt(kind, path, options, true);
    }
  }

  private async attempt(kind: string, path: string, options: CallOptions, retried = false): Promise<CallResult | null> {
    const { method = 'GET', body, expect = [200], accept = 'application/json', live = false } = options;
    // Compressed answers accepted as a browser accepts them (the gateway compresses /api answers; the snapshot is gzip).
    const headers: Record<string, string> = { accept, 'accept-encoding': 'gzip', 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.base;
    let payload: string | Uint8Array | undefined;
    if (body instanceof FormData) {
      // Encoded as a browser would (multipart with its boundary); only review forms, a few a minute.
      const encoded = new Response(body);
      payload = new Uint8Array(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    } else if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    // One abort for the caller's stop and, unless it is a live feed, the time limit: undici's own request API
    // rather than fetch, whose per-request machinery (and AbortSignal.any/timeout) made the load generator cost
    // as much CPU per request as the gateway, on the same two cores.
    const controller = new AbortController();
    const stop = options.signal && this.ownSignal(options.signal);
    const onStop = () => controller.abort();
    if (stop?.aborted) onStop();
    else stop?.addEventListener('abort', onStop, { once: true });
    let timedOut = false;
    const timer = live ? undefined : setTimeout(() => ((timedOut = true), controller.abort()), REQUEST_TIMEOUT_MS);
    const started = performance.now();
    const entry = { path: `${method} ${path}`, started };
    this.inFlight.add(entry);
    try {
      const dispatcher: Dispatcher = this.pool ?? getGlobalDispatcher();
      const res = await dispatcher.request({ origin: this.base, path, method: method as Dispatcher.HttpMethod, headers, body: payload ?? null, signal: controller.signal });
      // Always read the whole body: it frees the connection, and a feed's answer is only complete at its end.
      const raw = new Uint8Array(await res.body.arrayBuffer());
      const text = res.headers['content-encoding'] === 'gzip' ? gunzipText(raw) : utf8.decode(raw);
      const elapsed = performance.now() - started;
      if (!expect.includes(res.statusCode)) {
        this.metrics.error(kind, `${method} ${path} answered ${res.statusCode} (expected ${expect.join('/')}): ${text.slice(0, 200).trim()}`);
        throw new RecordedFailure(`${kind}: ${res.statusCode}`);
      }
      if (live) this.metrics.recordHeld(kind, elapsed);
      else this.metrics.record(kind, elapsed);
      return { status: res.statusCode, text, headers: res.headers };
    } catch (err) {
      if (err instanceof RecordedFailure) throw err;
      if (stop?.aborted) {
        if (live) this.metrics.openAtEnd.set(kind, (this.metrics.openAtEnd.get(kind) ?? 0) + 1);
        return null;
      }
      const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
      if (!retried && (e.code ?? e.cause?.code) === 'ECONNRESET') throw new ConnectionReset(e.message);
      const after = `after ${((performance.now() - started) / 1000).toFixed(1)} s`;
      const why = timedOut ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `${e.message}${e.code ? ` (${e.code})` : e.cause ? ` (${[e.cause.code, e.cause.message].filter(Boolean).join(': ')})` : ''} ${after}`;
      this.metrics.error(kind, `${method} ${path}: ${why}`);
      throw new RecordedFailure(`${kind}: ${why}`);
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
      this.inFlight.delete(entry);
    }
  }

  /**
   * A signal of this device's that aborts when `shared` does. Every device's requests are given the run's one stop
   * signal, and Node's EventTarget looks through all of a signal's listeners on each add (to skip a duplicate): with
   * a thousand devices' requests listening on it, adding and removing those listeners was about a fifth of the load
   * generator's CPU. Now the shared signal has one listener per device, and each request listens on the device's.
   */
  private ownSignal(shared: AbortSignal): AbortSignal {
    let own = this.stops.get(shared);
    if (!own) {
      const controller = new AbortController();
      if (shared.aborted) controller.abort();
      else shared.addEventListener('abort', () => controller.abort(), { once: true });
      own = controller.signal;
      this.stops.set(shared, own);
    }
    return own;
  }

  /** What this device is waiting for, e.g. "GET /db/me/_changes?… for 12.3 s". */
  describeInFlight(): string {
    const now = performance.now();
    return [...this.inFlight].map((r) => `${r.path.slice(0, 140)} for ${((now - r.started) / 1000).toFixed(1)} s`).join('; ') || 'nothing in flight';
  }

  /** `call`, parsed as JSON (a parse failure is recorded as an error). */
  async json<T>(kind: string, path: string, options: CallOptions = {}): Promise<T | null> {
    const res = await this.call(kind, path, options);
    if (!res) return null;
    try {
      return JSON.parse(res.text) as T;
    } catch {
      this.metrics.error(kind, `${path}: the answer is not JSON: ${res.text.slice(0, 120)}`);
      throw new RecordedFailure(`${kind}: not JSON`);
    }
  }
}
