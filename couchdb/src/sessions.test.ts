// Unit test of ending a user's other sessions (a password change) when the sessions view is read from a copy that
// is behind (a CouchDB cluster reads a view from one copy of each shard): a session begun a moment earlier through
// another node is ended too, by the reads that follow; one begun after the call is left alone.
import { describe, expect, it } from 'vitest';
import type { CouchClient } from './client.ts';
import { createSessions, type SessionDoc } from './sessions.ts';

const USER = 'user:0123';
const session = (id: string, createdAt: string): SessionDoc => ({
  _id: `session:${id}`,
  _rev: '1-a',
  type: 'session',
  schemaVersion: 1,
  userId: USER,
  createdAt,
  expiresAt: '2027-01-01T00:00:00.000Z',
});

/** A sessions view giving each read's rows in turn (the last again after that); what was deleted, request by request. */
function storeWithViewReads(reads: SessionDoc[][]) {
  const deleted: string[][] = [];
  let viewReads = 0;
  const scope = {
    view: async () => ({ rows: reads[Math.min(viewReads++, reads.length - 1)]!.map((doc) => ({ id: doc._id, key: USER, value: doc._rev, doc })) }),
    bulk: async ({ docs }: { docs: Array<{ _id: string; _deleted?: boolean }> }) => {
      deleted.push(docs.filter((d) => d._deleted).map((d) => d._id));
      return docs.map((d) => ({ id: d._id, rev: '2-b' }));
    },
  };
  const couch = { call: <T,>(work: () => Promise<T>) => work(), nano: { db: { use: () => scope } } } as unknown as CouchClient;
  return { couch, deleted, viewReads: () => viewReads };
}

describe('endAllFor', () => {
  it('reads the view again and ends a session it did not show at first, but none begun after the call', async () => {
    const kept = session('kept', '2026-12-05T10:00:00.000Z');
    const old = session('old', '2026-12-01T09:00:00.000Z');
    const late = session('late', '2026-12-05T11:59:59.900Z'); // begun elsewhere just before the change
    const after = session('after', '2026-12-05T12:00:00.500Z'); // a sign-in with the new password
    const store = storeWithViewReads([[kept, old], [kept, old, late], [kept, late, after]]);
    const sessions = createSessions(store.couch, { now: () => new Date('2026-12-05T12:00:00.000Z') });
    await expect(sessions.endAllFor(USER, kept._id)).resolves.toBe(2);
    expect(store.deleted).toEqual([['session:old'], ['session:late']]);
    expect(store.viewReads()).toBe(3);
  });
});
