// Devices' replication checkpoints as the gateway keeps them (checkpoints.ts, issue 16): answered from memory,
// written to the store behind (together, at most once per flush interval, and when the gateway stops), bounded per
// user, and safe with several gateways (a checkpoint only ever makes a replication start further back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { userDbName } from '@ss/couchdb/definitions';
import { CHECKPOINT_INDEX_ID } from '@ss/couchdb/user-db';
import { createApp } from '../../src/app.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

const counted = async (kind: string) => (await counter.snapshot()).byKind.get(kind) ?? 0;
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
  await b?.close();
  await counter?.stop();
  await g?.stop();
});

async function signedIn(name: string) {
  const { id } = await g.register(name);
  const cookie = await g.session(id);
  const get = async (app: App, doc = 'rep-one') => {
    const res = await request(app, `/db/me/_local/${doc}`, { cookie });
    return { status: res.status, doc: (await res.json()) as { _rev?: string; last_seq?: number } };
  };
  const put = async (app: App, body: object, doc = 'rep-one') => {
    const res = await request(app, `/db/me/_local/${doc}`, { method: 'PUT', cookie, body });
    return { status: res.status, answer: (await res.json()) as { ok?: boolean; rev?: string } };
  };
  const stored = async (doc = '_local/rep-one') => {
    const res = await g.fx.couch.forward(userDbName(id), `/${doc}`, { method: 'GET' });
    return res.status === 200 ? ((await res.json()) as { _rev?: string; last_seq?: number; names?: string[] }) : res.status;
  };
  return { id, get, put, stored };
}

describe("a user's checkpoints", () => {
  it('are answered by the gateway, and reach the store behind, the latest of them, in one write each', async () => {
    const user = await signedIn('checkpoints');
    const readsBefore = await counted('GET userdb-*/_local');
    // The first question reads the user's index of names once; a name it does not list is missing, no read needed.
    expect((await user.get(b)).status).toBe(404);
    expect((await user.get(b, 'rep-two')).status).toBe(404);
    expect(await counted('GET userdb-*/_local')).toBe(readsBefore + 1);

    const writes = async () => (await counted('PUT userdb-*/_local')) + (await counted('POST userdb-*/_bulk_docs'));
    const writesBefore = await writes();
    const first = await user.put(b, checkpoint(5));
    expect(first).toEqual({ status: 201, answer: { ok: true, id: '_local/rep-one', rev: '0-1' } });
    let rev = first.answer.rev;
    for (const seq of [6, 7, 8]) {
      const next = await user.put(b, checkpoint(seq, rev));
      expect(next.status).toBe(201);
      rev = next.answer.rev;
      expect(await user.get(b)).toEqual({ status: 200, doc: expect.objectContaining({ _id: '_local/rep-one', _rev: rev, last_seq: seq }) });
    }
    expect(rev).toBe('0-4');
    // Nothing reached the store yet.
    expect(await writes()).toBe(writesBefore);
    expect(await user.stored()).toBe(404);

    await b.checkpoints.flush();
    expect(await user.stored()).toMatchObject({ last_seq: 8, session_id: 'session-8' });
    expect(await user.stored(CHECKPOINT_INDEX_ID)).toMatchObject({ names: ['rep-one'] });
    expect(await writes()).toBe(writesBefore + 1);
    // Nothing changed since: the next flush writes nothing.
    await b.checkpoints.flush();
    expect(await writes()).toBe(writesBefore + 1);
    // Reads: the index when the user first asked, and again when the new name was added to it.
    expect(await counted('GET userdb-*/_local')).toBe(readsBefore + 2);
  });

  it("reach the store together: a user's changed checkpoints in one request", async () => {
    const user = await signedIn('together');
    const at = (seq: number, name: string, rev?: string) => ({ ...checkpoint(seq, rev), _id: `_local/${name}` });
    for (const name of ['pull-phone', 'push-phone', 'pull-laptop']) expect((await user.put(b, at(4, name), name)).status).toBe(201);
    await b.checkpoints.flush();
    const [bulkBefore, putsBefore] = [await counted('POST userdb-*/_bulk_docs'), await counted('PUT userdb-*/_local')];
    for (const name of ['pull-phone', 'push-phone', 'pull-laptop']) expect((await user.put(b, at(9, name, (await user.get(b, name)).doc._rev), name)).status).toBe(201);
    await b.checkpoints.flush();
    expect(await counted('POST userdb-*/_bulk_docs')).toBe(bulkBefore + 1);
    expect(await counted('PUT userdb-*/_local')).toBe(putsBefore);
    for (const name of ['pull-phone', 'push-phone', 'pull-laptop']) expect(await user.stored(`_local/${name}`)).toMatchObject({ last_seq: 9 });
  });

  it('stay correct with several gateways: each answers what it knows, and the store ends with the last one written', async () => {
    const user = await signedIn('two-gateways');
    const one = await user.put(b, checkpoint(5));
    await b.checkpoints.flush();

    // Another gateway reads the store's, moves it on and writes it out.
    expect(await user.get(g.app)).toEqual({ status: 200, doc: expect.objectContaining({ last_seq: 5 }) });
    const elsewhere = await user.put(g.app, checkpoint(9, (await user.get(g.app)).doc._rev));
    expect(elsewhere.status).toBe(201);
    await g.app.checkpoints.flush();
    expect(await user.stored()).toMatchObject({ last_seq: 9 });

    // This gateway still answers what it wrote: an older checkpoint, which only makes a replication start further back.
    expect((await user.get(b)).doc.last_seq).toBe(5);
    const later = await user.put(b, checkpoint(12, one.answer.rev));
    expect(later.status).toBe(201);
    // Its write reaches the store although the store's revision moved meanwhile (the embedded store checks it).
    await b.checkpoints.flush();
    expect(await user.stored()).toMatchObject({ last_seq: 12 });

    // A gateway that never saw it reads it from the store.
    const c = createApp({ couch: g.fx.couch, security: { trustedProxies: 1 } });
    try {
      expect(await user.get(c)).toEqual({ status: 200, doc: expect.objectContaining({ _id: '_local/rep-one', last_seq: 12 }) });
    } finally {
      await c.close();
    }
  });

  it('are written to the store when the gateway stops', async () => {
    const user = await signedIn('stopping');
    const c = createApp({ couch: g.fx.couch, security: { trustedProxies: 1 } });
    expect((await user.put(c, checkpoint(3))).status).toBe(201);
    expect((await user.put(c, { last_seq: 1 }, 'rep-two')).status).toBe(201);
    expect(await user.stored()).toBe(404);
    await c.close();
    expect(await user.stored()).toMatchObject({ last_seq: 3 });
    expect(await user.stored('_local/rep-two')).toMatchObject({ last_seq: 1 });
    expect(await user.stored(CHECKPOINT_INDEX_ID)).toMatchObject({ names: ['rep-one', 'rep-two'] });
  });

  it("hide the gateway's own index, whose name no device may use", async () => {
    const user = await signedIn('index');
    await user.put(b, checkpoint(1));
    await b.checkpoints.flush();
    expect(await user.stored(CHECKPOINT_INDEX_ID)).toMatchObject({ names: ['rep-one'] });
    expect((await user.get(b, 'ss-checkpoints')).status).toBe(404);
    expect((await user.put(b, { names: [] }, 'ss-checkpoints')).status).toBe(400);
  });
});
