// Unit test of the user-command sweep surviving a database whose reads take the store down (issue 19): the other
// databases are still swept, and the bad one is read ever more rarely instead of at every sweep. And while the
// server's updates feed is followed, a sweep reads only the databases written since the last one (issue 16).
import { describe, expect, it } from 'vitest';
import { CouchUnavailableError, type CouchClient } from './client.ts';
import { FULL_SWEEP_EVERY, newUserCommandSweepState, noteGap, noteUpdate, sweepUserCommands } from './user-command-sweep.ts';

const GOOD = `userdb-${'a'.repeat(32)}`;
const BAD = `userdb-${'b'.repeat(32)}`;

/** A store with two user databases, empty; reading BAD fails as a store that just died does. */
function storeWithPoisonedDb(dbs = [GOOD, BAD, 'sanctuaries']) {
  const reads: string[] = [];
  const changesReads: string[] = [];
  const couch = {
    call: <T>(work: () => Promise<T>) => work(),
    nano: {
      db: {
        list: async () => dbs,
        get: async (name: string) => {
          reads.push(name);
          if (name === BAD) throw new CouchUnavailableError('socket hang up');
          return { update_seq: '1' };
        },
        changes: async (name: string) => (changesReads.push(name), { results: [], last_seq: '1' }),
        use: () => ({ list: async () => ({ rows: [] }) }),
      },
    },
  } as unknown as CouchClient;
  return { couch, reads, changesReads };
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

  it('while the updates feed is followed, reads only the databases it named, every one after a gap, and all now and then', async () => {
    const OTHER = `userdb-${'c'.repeat(32)}`;
    const { couch, reads, changesReads } = storeWithPoisonedDb([GOOD, OTHER, 'sanctuaries']);
    const state = newUserCommandSweepState();
    let following = true;
    /** The user databases a sweep read anything of (their info, their changes). */
    const sweep = async () => {
      const [before, beforeChanges] = [reads.length, changesReads.length];
      await sweepUserCommands(couch, state, { gazetteer: () => null, log: () => {}, following: () => following });
      return [...new Set([...reads.slice(before), ...changesReads.slice(beforeChanges)])].filter((db) => db.startsWith('userdb-')).sort();
    };
    // The first sweep reads every database (the feed's opening is a gap: what came before it is unknown).
    expect(await sweep()).toEqual([GOOD, OTHER]);
    // Nothing written since: nothing read. Written: that one only (a public database named is not a user's).
    expect(await sweep()).toEqual([]);
    noteUpdate(state, OTHER);
    noteUpdate(state, 'sanctuaries');
    const infoReads = reads.filter((db) => db === OTHER).length;
    expect(await sweep()).toEqual([OTHER]);
    // Known to have moved: its changes are read, not its info first.
    expect(reads.filter((db) => db === OTHER)).toHaveLength(infoReads);
    expect(await sweep()).toEqual([]);
    // The feed broke and was opened again: every database.
    noteGap(state);
    expect(await sweep()).toEqual([GOOD, OTHER]);
    // Not followed (not open, stalled): every database, at every sweep, as before the feed was used.
    following = false;
    expect(await sweep()).toEqual([GOOD, OTHER]);
    expect(await sweep()).toEqual([GOOD, OTHER]);
    following = true;
    // And once in FULL_SWEEP_EVERY sweeps all the same, written or not.
    const fullAt: number[] = [];
    for (let n = 1; n <= 2 * FULL_SWEEP_EVERY; n++) if ((await sweep()).length === 2) fullAt.push(n);
    expect(fullAt).toEqual([FULL_SWEEP_EVERY, 2 * FULL_SWEEP_EVERY]);
  });

  it('while the updates feed is followed, a database whose reads failed is read again at its turn, written or not', async () => {
    const { couch, reads } = storeWithPoisonedDb();
    const state = newUserCommandSweepState();
    const readsOfBad: number[] = [];
    for (let sweep = 1; sweep <= 12; sweep++) {
      const before = reads.filter((r) => r === BAD).length;
      await sweepUserCommands(couch, state, { gazetteer: () => null, log: () => {}, following: () => true });
      if (reads.filter((r) => r === BAD).length > before) readsOfBad.push(sweep);
    }
    expect(readsOfBad).toEqual([1, 3, 6, 11]);
    // The good one, never written after its first read, was read once.
    expect(reads.filter((r) => r === GOOD)).toHaveLength(1);
  });
});
