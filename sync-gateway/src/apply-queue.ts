// The work a stored command causes (publishing a review, filing an application or a claim, applying an owner's
// update), done after the device has its answer (issue 16): a push is answered once the store has the documents,
// not after the derived writes. A few at a time per gateway; a crash in between is what the sweeps in workers/ finish.
export type ApplyQueue = ReturnType<typeof createApplyQueue>;

export function createApplyQueue({ concurrency = 4, log = (line: string) => console.error(line) } = {}) {
  const waiting: Array<{ label: string; task: () => Promise<unknown> }> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const settle = () => {
    if (running || waiting.length) return;
    const done = idleWaiters;
    idleWaiters = [];
    for (const resolve of done) resolve();
  };

  const next = () => {
    while (running < concurrency && waiting.length) {
      const { label, task } = waiting.shift()!;
      running += 1;
      void task()
        .catch((err: unknown) => log(`[gateway] applying ${label} failed; the sweep will finish it: ${(err as Error).message}`))
        .finally(() => {
          running -= 1;
          next();
          settle();
        });
    }
  };

  return {
    /** Starts `task` as soon as there is room; never throws to the caller. */
    run(label: string, task: () => Promise<unknown>) {
      waiting.push({ label, task });
      next();
    },
    /** Resolves once nothing is queued or running (tests; a graceful stop). */
    idle(): Promise<void> {
      if (!running && !waiting.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
