// Unit test of the user-command sweep surviving a database whose reads take the store down (issue 19): the other
// databases are still swept, and the bad one is read ever more rarely instead of at every sweep.
import { describe, expect, it } from 'vitest';
import { CouchUnavailableError, type CouchClient } from './client.ts';
import { newUserCommandSweepState, sweepUserCommands } from './user-command-sweep.ts';

const GOOD = `userdb-${'a'.repeat(32)}`;
const BAD = `userdb-${'b'.repeat(32)}`;

/** A store with two user databases, empty; reading BAD fails as a store that just died does. */
function storeWithPoisonedDb() {
  const reads: string[] = [];
  const couch = {
    call: <T>(work: () => Promise<T>) => work(),
    nano: {
      db: {
        list: async () => [GOOD, BAD, 'sanctuaries'],
        get: async (name: string) => {
          reads.push(name);
          if (name === BAD) throw new CouchUnavailableError('socket hang up');
          return { update_seq: '1' };
        },
        changes: async () => ({ results: [], last_seq: '1' }),
        use: () => ({ list: async () => ({ rows: [] }) }),
      },
    },
  } as unknown as CouchClient;
  return { couch, reads };
}

describe('sweepUserCommands', () => {
  it('sweeps the other databases and reads the one that kills the store ever more rarely', async () => {
    const { couch, reads } = storeWithPoisonedDb();
    const state = newUserCommandSweepState();
    const lines: string[] = [];
    const readsOfBad: number[] = [];
    for (let sweep = 1; sweep <= 16; sweep++) {
      const before = reads.filter((r) => r === BAD).length;
      await expect(sweepUserCommands(couch, state, { gazetteer: () => null, log: (l) => lines.push(l) })).resolves.toEqual({ applied: 0, waiting: 0 });
      if (reads.filter((r) => r === BAD).length > before) readsOfBad.push(sweep);
    }
    // Read at sweep 1, then left out of the next 1, 2, 4 sweeps after each failure: read at 3, 6 and 11.
    expect(readsOfBad).toEqual([1, 3, 6, 11]);
    // The good database was read once (then its update_seq stood still: one small GET each sweep).
    expect(reads.filter((r) => r === GOOD)).toHaveLength(16);
    expect(lines.some((l) => l.includes(`the store went away while ${BAD} was read`))).toBe(true);
  });
});
