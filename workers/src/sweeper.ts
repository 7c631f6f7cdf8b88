// A periodic sweep: runs `sweep` now and every `intervalMs`, one run at a time (a slow run delays the next
// instead of overlapping it). A failed run is logged and the next one tries again. Used by the sweeps that
// finish commands a crashed gateway left pending.
export interface Sweeper {
  stop(): Promise<void>;
  /** Runs one sweep now (after any in progress) and resolves with how many commands it finished. */
  sweepNow(): Promise<number>;
}

export function startSweeper(name: string, sweep: () => Promise<number>, { intervalMs, log }: { intervalMs: number; log: (line: string) => void }): Sweeper {
  let running = true;
  let current: Promise<number> = Promise.resolve(0);
  const run = () => {
    current = current
      .catch(() => 0)
      .then(sweep)
      .catch((err: Error) => {
        log(`[workers] ${name}: ${err.message}; retrying`);
        return 0;
      });
    return current;
  };
  const timer = setInterval(() => {
    if (running) void run();
  }, intervalMs);
  void run();
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await current;
    },
    sweepNow: run,
  };
}
