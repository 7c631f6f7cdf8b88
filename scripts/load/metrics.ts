// What the load run measures: latency samples per request kind, errors (with their first messages), held live
// feeds, and change-propagation samples. Plain arrays: a 60-second run records well under a million numbers.
import type { StoreCounts } from './store-counter.ts';

export interface Distribution {
  count: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function distribution(samples: readonly number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
  };
}

const KEEP_MESSAGES = 10;

const STARTING = ' — written while devices were still coming online';

/**
 * The propagation row for changes written before every device had caught up (the ramp of device starts and each
 * one's first sync): the gateway is then also serving every start-up, a different load from that many live
 * devices. Printed beside the live row, without a target.
 */
export const whileStarting = (what: string) => `${what}${STARTING}`;
export const isWhileStartingRow = (what: string) => what.endsWith(STARTING);
/** The live row's name for a row's change, whichever of the two rows it is. */
export const liveRowOf = (what: string) => (isWhileStartingRow(what) ? what.slice(0, -STARTING.length) : what);

export class Metrics {
  /** Completed requests' latencies (ms) by kind, e.g. "GET /db/sanctuaries/_changes". */
  readonly latency = new Map<string, number[]>();
  /** How long live feeds were held open before they returned with a change (ms), by kind. */
  readonly held = new Map<string, number[]>();
  /** Live feeds still open when the run ended (closed by us: not errors). */
  readonly openAtEnd = new Map<string, number>();
  readonly errorsByKind = new Map<string, number>();
  /** Errors by what went wrong (numbers blanked), with the first message of each and how many. */
  private readonly errorCauses = new Map<string, { first: string; count: number }>();
  errors = 0;
  /** Write acknowledged → a client holding the document (ms), by what was written. */
  readonly propagation = new Map<string, number[]>();
  /** Anything worth counting that is neither a request nor an error (skipped searches, bytes...). */
  readonly counters = new Map<string, number>();

  record(kind: string, ms: number): void {
    push(this.latency, kind, ms);
  }

  recordHeld(kind: string, ms: number): void {
    push(this.held, kind, ms);
  }

  recordPropagation(what: string, ms: number): void {
    push(this.propagation, what, ms);
  }

  count(name: string, by = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + by);
  }

  error(kind: string, message: string): void {
    this.errors += 1;
    this.errorsByKind.set(kind, (this.errorsByKind.get(kind) ?? 0) + 1);
    const cause = `${kind}: ${message}`.replace(/\d+(\.\d+)?/g, '#');
    const seen = this.errorCauses.get(cause);
    if (seen) seen.count += 1;
    else this.errorCauses.set(cause, { first: `${kind}: ${message}`, count: 1 });
  }

  /** The most frequent kinds of error, each as its first message and how many there were. */
  get errorMessages(): string[] {
    return [...this.errorCauses.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, KEEP_MESSAGES)
      .map((e) => (e.count > 1 ? `${e.count} × ${e.first}` : e.first));
  }

  /** Requests completed (live feeds included once they returned). */
  completedRequests(): number {
    let n = 0;
    for (const samples of this.latency.values()) n += samples.length;
    for (const samples of this.held.values()) n += samples.length;
    return n;
  }
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The store's answer times by kind for requests sent in [from, to) (epoch ms), most requested kind first. */
export function storeAnswersByKind(answers: StoreCounts['answers'], from: number, to: number): Array<{ kind: string } & Distribution> {
  const byKind = new Map<string, number[]>();
  for (const [kind, sentAt, ms] of answers) if (sentAt >= from && sentAt < to) push(byKind, kind, ms);
  return [...byKind].map(([kind, samples]) => ({ kind, ...distribution(samples) })).sort((a, b) => b.count - a.count);
}
