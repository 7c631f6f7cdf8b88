// One simulated device's HTTP: its own client address (X-Forwarded-For, honoured by a gateway started with
// TRUST_PROXY=1, so per-address rate limits see 200 devices, not one), its session cookie, our Origin on every
// state-changing request (the gateway's CSRF guard), and a timing, status check and error record for each call.
import { Pool } from 'undici';
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
  headers: Headers;
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
  adoptSession(headers: Headers): void {
    const header = headers.getSetCookie().find((h) => h.startsWith('ss_session='));
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
    const headers: Record<string, string> = { accept, 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.base;
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const signals = [options.signal, live ? undefined : AbortSignal.timeout(REQUEST_TIMEOUT_MS)].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length ? AbortSignal.any(signals) : undefined;
    const started = performance.now();
    const entry = { path: `${method} ${path}`, started };
    this.inFlight.add(entry);
    try {
      const init = { method, headers, ...(payload !== undefined ? { body: payload } : {}), ...(signal ? { signal } : {}), ...(this.pool ? { dispatcher: this.pool } : {}) };
      const res = await fetch(this.base + path, init as RequestInit);
      // Always read the whole body: it frees the connection, and a feed's answer is only complete at its end.
      const text = await readBody(res, signal);
      const elapsed = performance.now() - started;
      if (!expect.includes(res.status)) {
        this.metrics.error(kind, `${method} ${path} answered ${res.status} (expected ${expect.join('/')}): ${text.slice(0, 200).trim()}`);
        throw new RecordedFailure(`${kind}: ${res.status}`);
      }
      if (live) this.metrics.recordHeld(kind, elapsed);
      else this.metrics.record(kind, elapsed);
      return { status: res.status, text, headers: res.headers };
    } catch (err) {
      if (err instanceof RecordedFailure) throw err;
      if (options.signal?.aborted) {
        if (live) this.metrics.openAtEnd.set(kind, (this.metrics.openAtEnd.get(kind) ?? 0) + 1);
        return null;
      }
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (!retried && e.cause?.code === 'ECONNRESET') throw new ConnectionReset(e.message);
      const after = `after ${((performance.now() - started) / 1000).toFixed(1)} s`;
      const why = e.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `${e.message}${e.cause ? ` (${[e.cause.code, e.cause.message].filter(Boolean).join(': ')})` : ''} ${after}`;
      this.metrics.error(kind, `${method} ${path}: ${why}`);
      throw new RecordedFailure(`${kind}: ${why}`);
    } finally {
      this.inFlight.delete(entry);
    }
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

/**
 * The body as text, or the abort's reason once `signal` aborts. Node's fetch can leave `text()` pending for ever
 * when the abort arrives while the body is being read (nodejs/node#56917): a live feed closed at the end of a run
 * did exactly that, and the run never ended.
 */
function readBody(res: Response, signal: AbortSignal | undefined): Promise<string> {
  if (!signal) return res.text();
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      res.body?.cancel().catch(() => {});
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([res.text(), aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
