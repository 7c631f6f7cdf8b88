// The user's replication checkpoints as a gateway remembers them (routes/me.ts, issue 16): PouchDB reads a
// checkpoint before every write of it, and that read costs the store nothing once this gateway has written or read
// the document. A checkpoint changed through another gateway makes the next write conflict on the embedded store,
// after which the read comes from the store again (PouchDB's checkpointer reads and writes again on a 409); CouchDB
// does not check _local revisions, so there the write simply wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { userDbName } from '@ss/couchdb/definitions';
import { createApp } from '../../src/app.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

const reads = async () => (await counter.snapshot()).byKind.get('GET userdb-*/_local') ?? 0;
const checkpoint = (lastSeq: number, rev?: string) => ({
  _id: '_local/rep-one',
  ...(rev ? { _rev: rev } : {}),
  last_seq: lastSeq,
  session_id: `session-${lastSeq}`,
  history: [{ last_seq: lastSeq, session_id: `session-${lastSeq}` }],
  replicator: 'pouchdb',
  version: 1,
});

beforeAll(async () => {
  g = await startGateway();
  counter = await startStoreCounter(g.fx.store.config);
  b = createApp({ couch: createCouchClient(counter.config), security: { trustedProxies: 1 } });
}, 60_000);
afterAll(async () => {
  b?.close();
  await counter?.stop();
  await g?.stop();
});

describe("a user's checkpoints", () => {
  it('are read from the store once, then from what this gateway wrote; a change made elsewhere shows after a conflict', async () => {
    const { id } = await g.register('checkpoints');
    const cookie = await g.session(id);
    const get = async (app: App) => {
      const res = await request(app, '/db/me/_local/rep-one', { cookie });
      return { status: res.status, doc: (await res.json()) as { _rev?: string; last_seq?: number } };
    };
    const put = async (app: App, body: object) => {
      const res = await request(app, '/db/me/_local/rep-one', { method: 'PUT', cookie, body });
      return { status: res.status, answer: (await res.json()) as { rev?: string } };
    };

    expect((await get(b)).status).toBe(404);
    const first = await put(b, checkpoint(5));
    expect(first.status).toBe(201);
    const before = await reads();
    for (let i = 0; i < 3; i++) expect(await get(b)).toEqual({ status: 200, doc: expect.objectContaining({ _rev: first.answer.rev, last_seq: 5 }) });
    expect(await reads()).toBe(before);

    // Another gateway moves the checkpoint on.
    const elsewhere = await put(g.app, checkpoint(9, first.answer.rev));
    expect(elsewhere.status).toBe(201);
    // This gateway still answers what it wrote (as a read from before the change would have).
    expect((await get(b)).doc.last_seq).toBe(5);
    const stale = await put(b, checkpoint(7, first.answer.rev));
    const fresh = await get(b);
    if (g.fx.embedded) {
      // The embedded store checks a checkpoint's revision: the write conflicts, and the next read is the store's.
      expect(stale.status).toBe(409);
      expect(fresh.doc).toMatchObject({ _rev: elsewhere.answer.rev, last_seq: 9 });
      expect(await reads()).toBe(before + 1);
    } else {
      // CouchDB does not check _local revisions: the write wins, and is what this gateway then answers.
      expect(stale.status).toBe(201);
      expect(fresh.doc).toMatchObject({ _rev: stale.answer.rev, last_seq: 7 });
      expect(await reads()).toBe(before);
    }
    const next = await put(b, checkpoint(12, fresh.doc._rev));
    expect(next.status).toBe(201);
    const stored = await (await g.fx.couch.forward(userDbName(id), '/_local/rep-one', { method: 'GET' })).json();
    expect(stored).toMatchObject({ _rev: next.answer.rev, last_seq: 12 });
  });
});
