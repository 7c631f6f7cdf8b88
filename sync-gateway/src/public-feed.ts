// One upstream change feed per public database (sanctuaries, reviews), shared by every device this gateway serves
// (issue 16): the store sees O(changes), not O(devices × changes). From it this gateway keeps
// - a bounded log of recent changes, from which device `_changes` requests (normal, longpoll, continuous) whose
//   `since` this gateway has seen are answered, exactly as the store would (one row per document at its latest
//   sequence, the same `last_seq`, `limit` and `pending`); any other `since` goes to the store as before;
// - a bounded cache of `_bulk_get` answers by document and revision, dropped for a document as soon as the feed says
//   it changed;
// - the first-sync snapshot, kept current change by change in buckets compressed on their own (snapshot.ts).
// Waiting devices are woken once per change (changes close together, once), or once for a change and the one it
// announces (`companion`: a review and its listing's figures, written with it or a moment later).
// Design documents never enter any of them. Each gateway keeps its own: behind a load balancer a device's `since`
// from another gateway is simply not found here and goes to the store.
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';
import { feedLines } from '@ss/couchdb/feed-lines';
import { isDesignId } from './design-docs.ts';

export interface ChangeRow {
  seq: string | number;
  id: string;
  changes: Array<{ rev: string }>;
  deleted?: true;
}

export interface PublicFeedOptions {
  /** How many changes the log keeps; older `since` values go to the store. */
  maxEntries?: number;
  /** Bytes of `_bulk_get` answers kept. */
  maxCacheBytes?: number;
  /** Called with each document the feed brings (deleted: null), for the snapshot. */
  onDoc?: (id: string, doc: object | null, seq: string | number) => void;
  /**
   * The id of a document the store writes with this one or right after it (a review's listing figures, written in the
   * same request as a new review, or by the recomputation that follows it): waiting devices are woken once for both,
   * when it has come or after `companionWaitMs`, instead of once for each (every device answered, and asking for
   * documents, twice).
   */
  companion?: (doc: object) => string | undefined;
  /**
   * How long a change waits for the document it announced. Figures not written with their review (a retry, or a view
   * slow to answer) take three store round trips after it (a view read, a read, a write): with 1,000 devices on CouchDB
   * they came later than the 250 ms first allowed in one run, every device was then answered twice per review, and the
   * doubled work made everything later still. Waiting longer costs nothing when the figures come quickly.
   */
  companionWaitMs?: number;
  /** Pause before reconnecting a broken upstream feed. */
  retryMs?: number;
  log?: (line: string) => void;
}

interface Entry extends ChangeRow {
  key: string;
}

/** `_changes` answers kept for the present state of the log (a few `since` values × limits × styles). */
const MAX_ANSWER_TEXTS = 64;

/** Changes this close together wake the waiting devices once. */
const WAKE_TOGETHER_MS = 10;

const seqKey = (seq: unknown): string => (typeof seq === 'string' ? seq : JSON.stringify(seq));

export type PublicFeed = ReturnType<typeof createPublicFeed>;

export function createPublicFeed(
  couch: CouchClient,
  db: DbName,
  { maxEntries = 100_000, maxCacheBytes = 64 * 1024 * 1024, onDoc, companion, companionWaitMs = 750, retryMs = 500, log = (l: string) => console.error(l) }: PublicFeedOptions = {},
) {
  /** Changes in the order the store gave them; `base` is the sequence before the first one kept. */
  let entries: Entry[] = [];
  let base: { seq: string | number; key: string } | null = null;
  /** Where each known sequence ends in `entries` (index of the row with that seq; -1 for `base`). */
  let positions = new Map<string, number>();
  /** Position of each document's latest row. */
  let latest = new Map<string, number>();
  let offset = 0; // entries dropped from the front, so positions stay absolute
  let connected = false;
  let stopped = false;
  let controller: AbortController | null = null;
  const waiters = new Set<() => void>();
  /** Documents expected right after the changes that named them (`companion`); the waiting devices wait for them too. */
  const awaited = new Set<string>();
  /**
   * `_changes` answers written since the log last changed, by the sequence, limit and style asked (`changes`).
   * Emptied by every change to the log and whenever the upstream feed connects or breaks.
   */
  const answerTexts = new Map<string, string>();
  let wakeTimer: ReturnType<typeof setTimeout> | null = null;
  let soonTimer: ReturnType<typeof setTimeout> | null = null;
  let soonImmediate: ReturnType<typeof setImmediate> | null = null;
  function cancelSoon() {
    if (soonTimer) clearTimeout(soonTimer);
    soonTimer = null;
    if (soonImmediate) clearImmediate(soonImmediate);
    soonImmediate = null;
  }
  /**
   * Wakes the devices WAKE_TOGETHER_MS after the first of a group of changes. Node runs due timers before it reads
   * sockets, so when the event loop is late the timer could fire before the rest of the group, already arrived, is
   * read; waking from the check phase that follows the next read lets that read come first.
   */
  function wakeSoon() {
    soonTimer ??= setTimeout(() => {
      soonImmediate = setImmediate(wakeAll);
    }, WAKE_TOGETHER_MS);
  }
  let announceBase: (seq: string | number) => void = () => {};
  const baseKnown = new Promise<string | number>((resolve) => (announceBase = resolve));

  // _bulk_get answers by `${flags}|${id}|${rev}`, least recently used first.
  const docCache = new Map<string, string>();
  const keysById = new Map<string, Set<string>>();
  let cacheBytes = 0;
  const stats = { changesServed: 0, changesForwarded: 0, bulkGetHits: 0, bulkGetMisses: 0 };

  function forgetDoc(id: string) {
    for (const key of keysById.get(id) ?? []) {
      cacheBytes -= docCache.get(key)?.length ?? 0;
      docCache.delete(key);
    }
    keysById.delete(id);
  }

  function wakeAll() {
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    cancelSoon();
    awaited.clear();
    for (const wake of [...waiters]) wake();
  }

  /** Documents by when their latest change came, oldest first, for `companionWaitMs`. */
  const arrived = new Map<string, number>();
  function noteArrival(id: string, now: number) {
    arrived.delete(id);
    arrived.set(id, now);
    for (const [old, at] of arrived) {
      if (at > now - companionWaitMs) break;
      arrived.delete(old);
    }
  }

  /**
   * Wakes the waiting devices for a change, unless a document it announces is still to come (then when it comes, or
   * after `companionWaitMs`). Changes that come within WAKE_TOGETHER_MS of each other wake them once: a review and its
   * figures written in one request come from the store as two rows, in either order (they may sit in different shards).
   */
  function announce(id: string, doc: object | null) {
    const now = Date.now();
    noteArrival(id, now);
    awaited.delete(id);
    const next = doc && companion ? companion(doc) : undefined;
    // A companion that came just before the change announcing it is not waited for.
    if (next !== undefined && next !== id && !arrived.has(next)) awaited.add(next);
    if (awaited.size) {
      cancelSoon();
      wakeTimer ??= setTimeout(wakeAll, companionWaitMs);
      return;
    }
    if (wakeTimer) return wakeAll();
    wakeSoon();
  }

  function append(row: ChangeRow) {
    answerTexts.clear();
    const key = seqKey(row.seq);
    const position = offset + entries.length;
    entries.push({ ...row, key });
    positions.set(key, position);
    const previous = latest.get(row.id);
    latest.set(row.id, position);
    if (previous !== undefined) forgetDoc(row.id);
    if (entries.length > maxEntries) {
      // Drop the oldest half at once, so trimming is rare; `since` values older than the new base go upstream.
      const drop = Math.floor(entries.length / 2);
      const last = entries[drop - 1]!;
      base = { seq: last.seq, key: last.key };
      entries = entries.slice(drop);
      offset += drop;
      positions = new Map([[base.key, offset - 1], ...entries.map((e, i) => [e.key, offset + i] as const)]);
      latest = new Map(entries.map((e, i) => [e.id, offset + i] as const));
    }
  }

  async function follow() {
    let failures = 0;
    while (!stopped) {
      controller = new AbortController();
      try {
        if (!base && !entries.length) {
          // Where this gateway's knowledge starts: requests since this sequence (or later) are answered here.
          const info = (await couch.call(() => couch.nano.db.get(db))) as { update_seq: string | number };
          base = { seq: info.update_seq, key: seqKey(info.update_seq) };
          positions.set(base.key, offset - 1);
          announceBase(base.seq);
        }
        const since = entries.length ? entries[entries.length - 1]!.seq : base!.seq;
        // A heartbeat every second: the embedded store sends nothing, not even its headers, until its first line, and
        // devices' feeds are answered here only once this one is known to be open.
        const res = await couch.forward(db, `/_changes?feed=continuous&style=all_docs&include_docs=true&heartbeat=1000&since=${encodeURIComponent(seqKey(since))}`, {
          method: 'GET',
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`the ${db} feed answered ${res.status}`);
        connected = true;
        answerTexts.clear();
        if (failures) log(`[gateway] following ${db} again`);
        failures = 0;
        for await (const change of feedLines<{ seq?: string | number; id?: string; changes?: Array<{ rev: string }>; deleted?: boolean; doc?: object }>(res.body)) {
          if (change.seq === undefined || typeof change.id !== 'string' || !Array.isArray(change.changes)) continue;
          if (isDesignId(change.id)) {
            // Not listed to devices, but its sequence still moves the feed on: keep it as a known position.
            positions.set(seqKey(change.seq), offset + entries.length - 1);
            answerTexts.clear();
            continue;
          }
          append({ seq: change.seq, id: change.id, changes: change.changes.map((c) => ({ rev: c.rev })), ...(change.deleted ? { deleted: true as const } : {}) });
          const doc = change.deleted ? null : (change.doc ?? null);
          onDoc?.(change.id, doc, change.seq);
          announce(change.id, doc);
        }
      } catch (err) {
        if (stopped) return;
        // Said once while the store is away, not at every retry.
        if (failures === 0) log(`[gateway] following ${db}: ${(err as Error).message}; trying again`);
        failures += 1;
      } finally {
        connected = false;
        answerTexts.clear();
      }
      // Waits a little longer after each failure in a row, up to 20 times `retryMs`.
      await new Promise((r) => setTimeout(r, retryMs * Math.min(2 ** Math.max(0, failures - 1), 20)).unref());
    }
  }

  /** The rows after `since` (one per document, at its latest sequence), or null when `since` is not known here. */
  function rowsAfter(since: string): { rows: Entry[]; tip: string | number } | null {
    if (!connected) return null;
    let start: number | undefined;
    if (since === 'now') start = offset + entries.length - 1;
    else start = positions.get(since);
    if (start === undefined) return null;
    const rows: Entry[] = [];
    for (let p = Math.max(start + 1, offset); p < offset + entries.length; p++) {
      const e = entries[p - offset]!;
      if (latest.get(e.id) === p) rows.push(e);
    }
    const tip = entries.length ? entries[entries.length - 1]!.seq : base!.seq;
    return { rows, tip };
  }

  const shape = (e: Entry, mainOnly: boolean): ChangeRow => ({ seq: e.seq, id: e.id, changes: mainOnly ? e.changes.slice(0, 1) : e.changes, ...(e.deleted ? { deleted: true } : {}) });

  /** Waits until a change arrives, the time is up, or `signal` aborts; resolves either way. */
  function nextChange(timeoutMs: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  return {
    stats,
    start() {
      void follow();
    },
    /** The sequence the feed follows from (read once, at its start): a snapshot dumped after it is consistent. */
    base: () => baseKnown,
    stop() {
      stopped = true;
      controller?.abort();
      wakeAll();
    },

    /**
     * A normal or longpoll `_changes` answer as the store would give it (its JSON text, with the store's closing
     * newline), or null to forward the request. `since` as the device sent it; longpoll waits (up to `timeoutMs`)
     * when nothing is newer.
     */
    async changes(params: { since: string; limit: number | null; mainOnly: boolean; longpoll: boolean; timeoutMs: number; signal: AbortSignal }): Promise<string | null> {
      let since = params.since;
      let found = rowsAfter(since);
      if (!found) {
        stats.changesForwarded += 1;
        return null;
      }
      if (params.longpoll && !found.rows.length) {
        if (since === 'now') since = seqKey(found.tip);
        await nextChange(params.timeoutMs, params.signal);
        found = rowsAfter(since) ?? found;
      }
      stats.changesServed += 1;
      // A change wakes every waiting device at once, and nearly all of them ask from the same sequence: the answer is
      // written once per state of the log, not once per device.
      const memoKey = since === 'now' ? null : `${since}\u0000${params.limit}\u0000${params.mainOnly}`;
      const known = memoKey === null ? undefined : answerTexts.get(memoKey);
      if (known !== undefined) return known;
      const rows = params.limit !== null ? found.rows.slice(0, params.limit) : found.rows;
      const lastSeq = rows.length && params.limit !== null && rows.length < found.rows.length ? rows[rows.length - 1]!.seq : found.tip;
      const text = JSON.stringify({ results: rows.map((e) => shape(e, params.mainOnly)), last_seq: lastSeq, pending: found.rows.length - rows.length }) + '\n';
      if (memoKey !== null && connected) {
        if (answerTexts.size >= MAX_ANSWER_TEXTS) answerTexts.clear();
        answerTexts.set(memoKey, text);
      }
      return text;
    },

    /**
     * A continuous `_changes` answer: every row after `since`, then each new one as it arrives, with heartbeats,
     * until `timeoutMs` (then `{"last_seq"}`) or the device goes away. Null when `since` is not known here.
     */
    continuous(params: { since: string; mainOnly: boolean; heartbeatMs: number | null; timeoutMs: number; signal: AbortSignal }): ReadableStream<Uint8Array> | null {
      const first = rowsAfter(params.since);
      if (!first) {
        stats.changesForwarded += 1;
        return null;
      }
      stats.changesServed += 1;
      const encoder = new TextEncoder();
      let since = params.since === 'now' ? seqKey(first.tip) : params.since;
      const deadline = Date.now() + params.timeoutMs;
      return new ReadableStream<Uint8Array>({
        async pull(stream) {
          for (;;) {
            if (params.signal.aborted) return stream.close();
            const found = rowsAfter(since);
            if (!found) {
              // Fell out of the log (or the upstream feed broke): end; the device asks again from its last seq.
              stream.close();
              return;
            }
            if (found.rows.length) {
              stream.enqueue(encoder.encode(found.rows.map((e) => JSON.stringify(shape(e, params.mainOnly))).join('\n') + '\n'));
              since = found.rows[found.rows.length - 1]!.key;
              return;
            }
            const left = deadline - Date.now();
            if (left <= 0) {
              stream.enqueue(encoder.encode(JSON.stringify({ last_seq: found.tip }) + '\n'));
              stream.close();
              return;
            }
            const wait = params.heartbeatMs ? Math.min(params.heartbeatMs, left) : left;
            const before = offset + entries.length;
            await nextChange(wait, params.signal);
            if (offset + entries.length === before && params.heartbeatMs && !params.signal.aborted) {
              stream.enqueue(encoder.encode('\n'));
              return;
            }
          }
        },
      });
    },

    /** Cached `_bulk_get` entries (the `docs` array of one result) for `flags|id|rev`, or undefined. */
    bulkGetCached(key: string): string | undefined {
      const hit = docCache.get(key);
      if (hit !== undefined) {
        stats.bulkGetHits += 1;
        // Least recently used goes first: move to the end.
        docCache.delete(key);
        docCache.set(key, hit);
      } else stats.bulkGetMisses += 1;
      return hit;
    },

    /** Remembers one `_bulk_get` result while the feed has seen no newer change of that document. */
    bulkGetStore(key: string, id: string, docsJson: string) {
      if (!connected || docsJson.length > maxCacheBytes / 16) return;
      if (docCache.has(key)) return;
      docCache.set(key, docsJson);
      cacheBytes += docsJson.length;
      let keys = keysById.get(id);
      if (!keys) keysById.set(id, (keys = new Set()));
      keys.add(key);
      while (cacheBytes > maxCacheBytes) {
        const [oldest, value] = docCache.entries().next().value as [string, string];
        docCache.delete(oldest);
        cacheBytes -= value.length;
        const oldId = oldest.split('|')[1]!;
        keysById.get(oldId)?.delete(oldest);
      }
    },

    /** Whether a `_changes` request since `since` can be answered here right now. */
    knows: (since: string) => rowsAfter(since) !== null,

    /** True while the upstream feed is live (answers from the log are then exact). */
    connected: () => connected,
  };
}
