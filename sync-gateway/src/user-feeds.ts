// Devices' live feeds of their own databases (/db/me `_changes?feed=longpoll`), held by the gateway instead of the
// store (issue 16). Each device kept a longpoll open at the store, and every write to an account woke all of its
// devices' feeds there, each then asking again: the store's work grew with the devices, not with the changes.
//
// Here the gateway follows the server's `_db_updates` once (every database written, whoever wrote: this gateway,
// another, the workers) and knows, per user database, the sequence its last complete answer ended at while no
// write came in between. A longpoll from exactly that sequence waits in the gateway, with heartbeats, and costs the
// store nothing; a write to that database (or a gap in following) wakes it, and it asks the store once, as a normal
// feed (the devices of one account asking from the same place share that one request). Anything not known to be
// current asks the store at once and waits here only if nothing is new. While `_db_updates` is not followed (not
// yet open, broken, stalled) the longpoll goes to the store as before, so a device never misses a change.
// Answers are the store's own (design documents left out); the protocol the device sees does not change.
import type { CouchClient } from '@ss/couchdb/client';
import { USER_DB_PREFIX } from '@ss/couchdb/definitions';
import { FRESH_MS, createDbUpdatesWatch } from '@ss/couchdb/change-watch';
import { filterChangesBody } from './design-docs.ts';

/** CouchDB's default wait for a longpoll with nothing to say (as the shared public feeds answer). */
export const DEFAULT_LONGPOLL_TIMEOUT_MS = 60_000;
/** Parameters with which the gateway may hold a device's longpoll: the ones PouchDB sends. */
const HOLDABLE_PARAMS = new Set(['since', 'limit', 'style', 'feed', 'heartbeat', 'timeout', 'seq_interval', 'return_docs', 'batch_size', 'include_docs', 'conflicts']);
/** The longest answer kept to be given again (an empty or short one: what is asked again and again), and all of them. */
const MAX_REMEMBERED_ANSWER = 2048;
const MAX_REMEMBERED_BYTES = 16 * 1024 * 1024;
/** Leaves these out of the store's normal feed request; the gateway does the waiting. */
const LIVE_PARAMS = ['feed', 'heartbeat', 'timeout'];
/** The same request as a normal feed, which the store answers at once. */
const normalQuery = (params: URLSearchParams): URLSearchParams => new URLSearchParams([...params].filter(([k]) => !LIVE_PARAMS.includes(k)));

interface Fetched {
  /** The store's answer, design documents left out (null: not one to pass on). */
  text: string | null;
  status: number;
  rows: number;
  lastSeq: string | null;
}

/** A store's answer passed on as it came (one that could not be checked: 502). */
function answerOf(answer: Fetched): Response {
  if (answer.text === null) return Response.json({ error: 'bad_gateway', reason: 'The store gave an unexpected answer.' }, { status: 502, headers: { 'cache-control': 'no-store' } });
  return new Response(answer.text, { status: answer.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

interface InFlight {
  answer: Promise<Fetched>;
  /** A write came in while it was asked: its answer may not hold that write. */
  stale: boolean;
  /** The highest database sequence the updates feed named while it was asked (embedded store): stale if not reached. */
  seen?: number;
}

export interface UserFeedsOptions {
  maxKnown?: number;
  retryMs?: number;
  log?: (line: string) => void;
}

export type UserFeeds = ReturnType<typeof createUserFeeds>;

export function createUserFeeds(couch: CouchClient, { maxKnown = 100_000, retryMs, log }: UserFeedsOptions = {}) {
  /**
   * Per user database: the sequence of its last complete answer (as a string, and as the store gave it), with no
   * write known since; and that answer, when small, for the same question asked again (a device's second start
   * request, its other device's first), which it still answers exactly.
   */
  const current = new Map<string, { key: string; seq: unknown; query: string; text?: string; rows: number }>();
  /** Longpolls waiting here, per user database. */
  const waiting = new Map<string, Set<() => void>>();
  /** Normal feed requests to the store under way, per database and query. */
  const inflight = new Map<string, InFlight>();
  const inflightByDb = new Map<string, Set<InFlight>>();
  const stats = { held: 0, storeRequests: 0, remembered: 0, forwarded: 0 };

  /**
   * A write to `db`: what was known current no longer is, and its waiting devices look. A request to the store under
   * way may have been answered before the write: the updates feed's word marks it so; this gateway's own word of a
   * write it has just made does not (`ownWrite`), since that word often comes first and the request it starts is
   * after the write. Should a request under way not have read it, the feed's word, which always comes, wakes them
   * again. When the feed names the database's sequence after the write (the embedded store), a write at or before
   * what is known current is no news: a gateway's own write is not looked at twice.
   */
  function changed(db: string, { ownWrite = false, seq }: { ownWrite?: boolean; seq?: unknown } = {}) {
    const known = current.get(db)?.seq;
    if (typeof seq === 'number' && typeof known === 'number' && seq <= known) return;
    forget(db);
    if (!ownWrite) {
      for (const f of inflightByDb.get(db) ?? []) {
        if (typeof seq === 'number') f.seen = Math.max(f.seen ?? seq, seq);
        else f.stale = true;
      }
    }
    const set = waiting.get(db);
    if (set) for (const wake of [...set]) wake();
  }

  function everything() {
    forgetAll();
    for (const set of inflightByDb.values()) for (const f of set) f.stale = true;
    for (const set of waiting.values()) for (const wake of [...set]) wake();
  }

  const watch = createDbUpdatesWatch(couch, {
    retryMs,
    log,
    onUpdate: (db, seq) => {
      if (db.startsWith(USER_DB_PREFIX)) changed(db, { seq });
    },
    onGap: everything,
  });

  let rememberedBytes = 0;
  function forget(db: string) {
    rememberedBytes -= current.get(db)?.text?.length ?? 0;
    current.delete(db);
  }
  function forgetAll() {
    current.clear();
    rememberedBytes = 0;
  }

  function remember(db: string, key: string, seq: unknown, query: string, text: string, rows: number) {
    forget(db);
    const keep = text.length <= MAX_REMEMBERED_ANSWER && rememberedBytes + text.length <= MAX_REMEMBERED_BYTES;
    current.set(db, { key, seq, query, rows, ...(keep ? { text } : {}) });
    if (keep) rememberedBytes += text.length;
    if (current.size > maxKnown) forget(current.keys().next().value!);
  }

  /** One normal feed request to the store, shared by whoever asks the same while no write has come in. */
  function fetchChanges(db: string, query: URLSearchParams): InFlight {
    const key = `${db}?${query.toString()}`;
    const running = inflight.get(key);
    // Joined only while no write has come in since it was sent.
    if (running && !running.stale && running.seen === undefined) return running;
    const known = current.get(db);
    if (known?.text !== undefined && known.query === query.toString() && watch.fresh()) {
      stats.remembered += 1;
      return { stale: false, answer: Promise.resolve({ text: known.text, status: 200, rows: known.rows, lastSeq: known.key }) };
    }
    const wasFresh = watch.fresh();
    const entry: InFlight = { stale: false, answer: Promise.resolve(null as unknown as Fetched) };
    let set = inflightByDb.get(db);
    if (!set) inflightByDb.set(db, (set = new Set()));
    set.add(entry);
    inflight.set(key, entry);
    stats.storeRequests += 1;
    entry.answer = (async (): Promise<Fetched> => {
      try {
        const res = await couch.forward(db, `/_changes?${query.toString()}`, { method: 'GET', headers: { accept: 'application/json' } });
        const raw = await res.text();
        if (res.status !== 200) return { text: raw, status: res.status, rows: 0, lastSeq: null };
        const text = filterChangesBody(raw);
        if (text === null) return { text: null, status: 502, rows: 0, lastSeq: null };
        const body = JSON.parse(text) as { results: unknown[]; last_seq?: unknown; pending?: unknown };
        const lastSeq = body.last_seq === undefined ? null : typeof body.last_seq === 'string' ? body.last_seq : JSON.stringify(body.last_seq);
        const limit = query.get('limit');
        const whole = !(typeof body.pending === 'number' && body.pending > 0) && (limit === null || body.results.length < Number(limit));
        // Current only if nothing was written while it was asked and the updates feed was followed all along.
        const missed = entry.stale || (entry.seen !== undefined && !(typeof body.last_seq === 'number' && body.last_seq >= entry.seen));
        if (lastSeq !== null && whole && !missed && wasFresh && watch.fresh()) remember(db, lastSeq, body.last_seq, query.toString(), text, body.results.length);
        return { text, status: 200, rows: body.results.length, lastSeq };
      } finally {
        if (inflight.get(key) === entry) inflight.delete(key);
        set.delete(entry);
        if (!set.size) inflightByDb.delete(db);
      }
    })();
    return entry;
  }

  /** Waits for a write to `db`, a gap, the time, or the device going away. */
  function nextWrite(db: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let set = waiting.get(db);
      if (!set) waiting.set(db, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        set.delete(done);
        if (!set.size && waiting.get(db) === set) waiting.delete(db);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      signal.addEventListener('abort', done);
    });
  }

  /** The answer to a longpoll held here: the first with something new, or an empty one when the time is up. */
  async function waitForChanges(db: string, params: URLSearchParams, timeoutMs: number, signal: AbortSignal, first?: Fetched): Promise<Fetched | null> {
    let since = params.get('since') ?? '0';
    const query = normalQuery(params);
    let initial = first;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (signal.aborted) return null;
      if (since === 'now' && watch.fresh()) {
        // From the database's present sequence on, as the store would wait: found out first (known, or asked once).
        const here = current.get(db)?.key ?? (initial ?? (await fetchChanges(db, query).answer)).lastSeq;
        initial = undefined;
        if (here === null || here === undefined) return { text: null, status: 502, rows: 0, lastSeq: null };
        since = here;
        query.set('since', since);
      }
      if (!watch.fresh()) {
        // Not following: the store waits instead, as it did before.
        stats.forwarded += 1;
        const res = await couch.forward(db, `/_changes?${params.toString()}`, { method: 'GET', headers: { accept: 'application/json' }, signal });
        const raw = await res.text();
        const text = res.status === 200 ? filterChangesBody(raw) : raw;
        return { text, status: text === null ? 502 : res.status, rows: 0, lastSeq: null };
      }
      if (current.get(db)?.key !== since || initial) {
        const answer = initial ?? (await fetchChanges(db, query).answer);
        initial = undefined;
        // Something new (or a move of the sequence past what is not listed, like a design document), or an error.
        if (answer.status !== 200 || answer.text === null || answer.rows > 0 || (answer.lastSeq !== null && answer.lastSeq !== since)) return answer;
        // Nothing new but not known to be current (a write came in meanwhile): ask again rather than wait.
        if (current.get(db)?.key !== since) continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return { text: JSON.stringify({ results: [], last_seq: current.get(db)?.seq ?? since }), status: 200, rows: 0, lastSeq: since };
      stats.held += 1;
      // Looks again now and then: a feed that stalls without breaking must not leave the device waiting here.
      await nextWrite(db, Math.min(left, FRESH_MS), signal);
    }
  }

  return {
    stats,
    start: () => watch.start(),
    stop() {
      watch.stop();
      everything();
    },
    /** The updates feed is followed and current. */
    fresh: () => watch.fresh(),
    /** This gateway wrote to the user's database (the updates feed would say so too, a moment later). */
    wrote: (db: string) => changed(db, { ownWrite: true }),

    /** Whether a `_changes` request with these parameters may be answered here (a longpoll, or a normal feed). */
    answerable(params: URLSearchParams): boolean {
      const feed = params.get('feed');
      if (feed !== null && feed !== 'longpoll' && feed !== 'normal') return false;
      for (const key of params.keys()) if (!HOLDABLE_PARAMS.has(key)) return false;
      return watch.fresh();
    },

    /** A normal `_changes` of the user's database, through the shared request (whose answer says where it is current). */
    async normal(db: string, params: URLSearchParams): Promise<Response> {
      return answerOf(await fetchChanges(db, normalQuery(params)).answer);
    },

    /**
     * A longpoll `_changes` of the user's database, answered by the gateway: headers at once, a newline every
     * `heartbeat` while waiting (as the store does), then the store's answer. Ends early when `signal` aborts
     * (the device went away, its session ended). `onEnd` is called once when it is over.
     */
    async longpoll(db: string, params: URLSearchParams, ending: AbortSignal, onEnd: () => void = () => {}): Promise<Response> {
      // What is not known current is asked before answering, so that the store's refusal (a `since` it cannot read)
      // keeps its status, and something new is answered at once.
      const since = params.get('since') ?? '0';
      let first: Fetched | undefined;
      if (current.get(db)?.key !== since) {
        try {
          first = await fetchChanges(db, normalQuery(params)).answer;
        } catch (err) {
          onEnd();
          throw err;
        }
        if (first.text === null || first.status !== 200) {
          onEnd();
          return answerOf(first);
        }
      }
      const cancelled = new AbortController();
      const signal = AbortSignal.any([ending, cancelled.signal]);
      const heartbeat = Number(params.get('heartbeat'));
      const heartbeatMs = Number.isFinite(heartbeat) && heartbeat > 0 ? Math.max(heartbeat, 1000) : null;
      const timeoutParam = Number(params.get('timeout'));
      const timeoutMs = Number.isFinite(timeoutParam) && timeoutParam > 0 ? Math.min(timeoutParam, DEFAULT_LONGPOLL_TIMEOUT_MS) : DEFAULT_LONGPOLL_TIMEOUT_MS;
      const encoder = new TextEncoder();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        onEnd();
      };
      const body = new ReadableStream<Uint8Array>({
        async start(stream) {
          const put = (text: string) => {
            if (ended) return;
            try {
              stream.enqueue(encoder.encode(text));
            } catch {
              // the device went away between two heartbeats
            }
          };
          const beat = heartbeatMs ? setInterval(() => put('\n'), heartbeatMs) : null;
          try {
            const answer = await waitForChanges(db, params, timeoutMs, signal, first);
            // An error after the heading was sent cannot change the status: the device asks again from its `since`.
            const ok = answer && answer.status === 200 && answer.text !== null;
            if (!signal.aborted) put((ok ? answer.text! : JSON.stringify({ results: [], last_seq: params.get('since') ?? '0' })).trimEnd() + '\n');
          } catch (err) {
            if (!signal.aborted) log?.(`[gateway] a held feed of ${db}: ${(err as Error).message}`);
          } finally {
            if (beat) clearInterval(beat);
            end();
            try {
              stream.close();
            } catch {
              // already cancelled by the device going away
            }
          }
        },
        cancel() {
          end();
          cancelled.abort();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    },

    /** Longpolls waiting here now (tests, metrics). */
    waitingCount(): number {
      let n = 0;
      for (const set of waiting.values()) n += set.size;
      return n;
    },
  };
}
