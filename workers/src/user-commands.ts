// Finishes listing applications, admin decisions and review commands left pending by a crash (the store accepted the
// push, the gateway stopped before applying it; for a review, also before its pending note was written): every 30
// seconds the users' databases are swept for commands still awaiting their apply, which is idempotent and checks the
// author's role again (couchdb/src/user-command-sweep.ts).
import type { CouchClient } from '@ss/couchdb/client';
import { createDbUpdatesWatch } from '@ss/couchdb/change-watch';
import { newUserCommandSweepState, noteGap, noteUpdate, sweepUserCommands } from '@ss/couchdb/user-command-sweep';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { workerGazetteer } from './gazetteer.ts';
import { startSweeper, type Sweeper } from './sweeper.ts';

export interface UserCommandSweepOptions {
  intervalMs?: number;
  /** Commands seen pending for less than this are left to the gateway that is applying them right now. */
  olderThanMs?: number;
  gazetteer?: () => Gazetteer | null;
  log?: (line: string) => void;
}

export function startUserCommandSweeper(
  couch: CouchClient,
  { intervalMs = 30_000, olderThanMs = 10_000, gazetteer, log = (l) => console.log(l) }: UserCommandSweepOptions = {},
): Sweeper & { following: () => boolean } {
  const state = newUserCommandSweepState();
  const places = gazetteer ?? workerGazetteer(undefined, log);
  // Which users' databases were written since the last sweep: only those are read (user-command-sweep.ts).
  const updates = createDbUpdatesWatch(couch, { onUpdate: (db) => noteUpdate(state, db), onGap: () => noteGap(state), log, who: 'workers' });
  updates.start();
  const sweeper = startSweeper(
    'user-commands',
    async () => (await sweepUserCommands(couch, state, { olderThanMs, gazetteer: places, log, now: new Date(), following: updates.fresh })).applied,
    { intervalMs, log },
  );
  return {
    ...sweeper,
    /** The server's updates feed is followed and current: sweeps read only the databases written since the last. */
    following: updates.fresh,
    async stop() {
      updates.stop();
      await sweeper.stop();
    },
  };
}
