// Timing helpers for the benchmarks: run a function until a count or time budget is reached, report percentiles.

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { runs: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** Times `fn` after `warmup` untimed calls, `runs` times or until `budgetMs` is spent (at least 20 runs). */
export async function time(fn: () => unknown, { runs = 200, warmup = 5, budgetMs = 4000 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < runs && (samples.length < 20 || performance.now() - started < budgetMs)) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

/** Prints rows as an aligned table. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>) {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  for (const [i, r] of cells.entries()) {
    console.log('  ' + r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  '));
    if (i === 0) console.log('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
