// Work over thousands of things on the page's thread (a first sync's 10k listings, the map's markers, the state
// outlines) is done in slices: at most SLICE_MS of it, then the page answers input and paints before the next slice.
// A long task is 50 ms; a slow phone is about four times slower than the machine these numbers were taken on, and a
// slice ends only after the step that crosses it.
export const SLICE_MS = 10;

/**
 * Runs `step` on each item in slices of about SLICE_MS, each slice in a task of its own; `afterSlice` ends each slice,
 * `done` follows the last. Answers a cancel function.
 */
export function inSlices<T>(
  items: readonly T[],
  step: (item: T, index: number) => void,
  { afterSlice, done }: { afterSlice?: () => void; done?: () => void } = {},
): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const end = performance.now() + SLICE_MS;
    while (next < items.length && performance.now() < end) {
      step(items[next]!, next);
      next += 1;
    }
    afterSlice?.();
    if (next < items.length) timer = setTimeout(slice, 0);
    else done?.();
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}

/** inSlices to the end, as a promise; a step that throws rejects it, and no later step runs. */
export function forEachInSlices<T>(items: readonly T[], step: (item: T, index: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    inSlices(
      items,
      (item, index) => {
        if (failed) return;
        try {
          step(item, index);
        } catch (err) {
          failed = true;
          reject(err);
        }
      },
      { done: resolve },
    );
  });
}
