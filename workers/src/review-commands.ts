// Finishes review commands left pending by a crash (the gateway stopped after storing a command but before
// applying it, or before writing its outcome): every few seconds the private pending index is swept and each
// entry older than a few seconds is applied again, which is idempotent (couchdb/src/review-commands.ts).
import type { CouchClient } from '@ss/couchdb/client';
import { sweepPendingCommands } from '@ss/couchdb/review-commands';
import { startSweeper, type Sweeper } from './sweeper.ts';

export type { Sweeper } from './sweeper.ts';

export interface SweepOptions {
  intervalMs?: number;
  /** Entries younger than this are left to the gateway that is applying them right now. */
  olderThanMs?: number;
  log?: (line: string) => void;
}

export function startReviewCommandSweeper(couch: CouchClient, { intervalMs = 3000, olderThanMs = 5000, log = (l) => console.log(l) }: SweepOptions = {}): Sweeper {
  return startSweeper('review-commands', () => sweepPendingCommands(couch, { olderThanMs, log }), { intervalMs, log });
}
