// Finishes review commands left pending by a crash (the gateway stopped after storing a command but before
// applying it, or before writing its outcome): every few seconds the private pending index is swept and each
// entry older than a few seconds is applied again, which is idempotent (couchdb/src/review-commands.ts).
import type { CouchClient } from '@ss/couchdb/client';
import { sweepPendingCommands } from '@ss/couchdb/review-commands';

export interface SweepOptions {
  intervalMs?: number;
  /** Entries younger than this are left to the gateway that is applying them right now. */
  olderThanMs?: number;
  log?: (line: string) => void;
}

export interface Sweeper {
  stop(): Promise<void>;
  /** Runs one sweep now (after any in progress) and resolves with how many commands it finished. */
  sweepNow(): Promise<number>;
}

export function startReviewCommandSweeper(couch: CouchClient, { intervalMs = 3000, olderThanMs = 5000, log = (l) => console.log(l) }: SweepOptions = {}): Sweeper {
  let running = true;
  let current: Promise<number> = Promise.resolve(0);
  const sweep = () => {
    current = current.then(
      () => sweepPendingCommands(couch, { olderThanMs, log }),
      () => 0,
    ).catch((err: Error) => {
      log(`[workers] review-commands: ${err.message}; retrying`);
      return 0;
    });
    return current;
  };
  const timer = setInterval(() => {
    if (running) void sweep();
  }, intervalMs);
  void sweep();
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await current.catch(() => 0);
    },
    sweepNow: sweep,
  };
}
