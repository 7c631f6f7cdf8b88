import { describe, expect, it } from 'vitest';
import { forEachInSlices, inSlices, SLICE_MS } from './in-slices';

/** Keeps the thread busy for `ms`, as a step of real work would. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Counts the tasks that ran between `start` and the returned stop: each one is a gap between two slices. */
function countGaps() {
  let gaps = 0;
  let on = true;
  const tick = () => {
    if (!on) return;
    gaps += 1;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  return () => ((on = false), gaps);
}

describe('forEachInSlices', () => {
  it('runs every step in order, in several tasks when the steps take longer than a slice', async () => {
    const seen: number[] = [];
    const stop = countGaps();
    await forEachInSlices([...Array(12).keys()], (n, i) => {
      expect(i).toBe(n);
      seen.push(n);
      busy(SLICE_MS / 3);
    });
    expect(seen).toEqual([...Array(12).keys()]);
    // 12 steps of a third of a slice each: at least three slices, with other tasks run between them.
    expect(stop()).toBeGreaterThanOrEqual(2);
  });

  it('runs quick steps in one slice', async () => {
    const stop = countGaps();
    let sum = 0;
    await forEachInSlices([...Array(1000).keys()], (n) => (sum += n));
    expect(sum).toBe(499500);
    expect(stop()).toBeLessThanOrEqual(2);
  });

  it('rejects with the error of a step that throws, and runs no step after it', async () => {
    const seen: number[] = [];
    const run = forEachInSlices([1, 2, 3, 4], (n) => {
      if (n === 3) throw new Error('bad item 3');
      seen.push(n);
    });
    await expect(run).rejects.toThrow('bad item 3');
    expect(seen).toEqual([1, 2]);
  });
});

describe('inSlices', () => {
  it('stops when cancelled, and never says done', async () => {
    const seen: number[] = [];
    let done = false;
    const cancel = inSlices([1, 2, 3], (n) => seen.push(n), { done: () => (done = true) });
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    expect(done).toBe(false);
  });
});
