// How far V8 lets the gateway's heap grow past what its last full collection kept.
//
// Measured with `npm run load -- --clients 1000` (embedded store, this 2-core machine): under a thousand devices'
// requests V8 chose its own growing factor and let the old generation reach ~470 MB of heap for ~150 MB that
// stayed live (long-poll requests live for seconds, survive the young generation and die old), so the gateway's
// RSS peaked at 676 and 712 MB in two runs (issue 16's bound: 600 MB). With the growth fixed at 50 % it peaked at
// 396 MB, and at 379 MB with 30 %, for a few points more CPU spent collecting (68 % → 72–77 % of a core), every
// propagation target still met on that store (on CouchDB 3.4.3: 383 MB against 693 MB). A larger young generation
// (`--max-semi-space-size=64`) alone did not help (664 MB); with this growth, 32 MB semi-spaces (given to the gateway's
// process by scripts/stack.ts, the Dockerfile and docker-compose.yml) cut its time in garbage collection and ended the
// 1,000-device CouchDB runs' errors (README, Load).
import v8 from 'node:v8';

/** Heap growth past the live heap after a full collection, in percent, unless GATEWAY_HEAP_GROWING_PERCENT says. */
export const DEFAULT_HEAP_GROWING_PERCENT = 50;

/** GATEWAY_HEAP_GROWING_PERCENT: an integer from 10 to 400, or 0 for V8's own choice. Anything else is refused. */
export function heapGrowingPercentFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.GATEWAY_HEAP_GROWING_PERCENT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_HEAP_GROWING_PERCENT;
  const value = Number(raw);
  if (!Number.isInteger(value) || (value !== 0 && (value < 10 || value > 400))) {
    throw new Error(`GATEWAY_HEAP_GROWING_PERCENT must be 0 (V8's own choice) or a whole number from 10 to 400, not "${raw}"`);
  }
  return value;
}

/** Applies the growth to this process's V8 (0 leaves V8's default alone). */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
