// Devices' live feeds of their own databases held by the gateway (issue 16, user-feeds.ts): a longpoll from where
// the database is costs the store nothing until the database is written, by this gateway or by anyone else; the
// devices of one account then share one store request; the answer is the store's; and with the server's updates
// feed not followed, longpolls go to the store as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { userDbName } from '@ss/couchdb/definitions';
import { newFavorite } from '@ss/domain/favorite';
import { createApp } from '../../src/app.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { SANCTUARY_A, SANCTUARY_B, request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

const storeFeedRequests = async () => (await counter.snapshot()).byKind.get('GET userdb-*/_changes') ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

beforeAll(async () => {
  g = await startGateway();
  counter = await startStoreCounter(g.fx.store.config);
  b = createApp({ couch: createCouchClient(counter.config), security: { trustedProxies: 1, writeLimits: { sync: { perUser: Infinity, perAddress: Infinity }, syncDocs: { perUser: Infinity, perAddress: Infinity } } } });
  b.warm();
  await until('the gateway follows the server\'s database updates', () => b.userFeeds.fresh());
}, 60_000);
afterAll(async () => {
  await b?.close();
  await counter?.stop();
  await g?.stop();
});

interface Changes {
  results: Array<{ id: string; seq: unknown; changes: Array<{ rev: string }> }>;
  last_seq: string | number;
}

async function signedIn(name: string) {
  const { id } = await g.register(name);
  const cookie = await g.session(id);
  const changes = async (query: string) => (await request(b, `/db/me/_changes?style=all_docs&${query}`, { cookie })).json() as Promise<Changes>;
  /**
   * Where the device's database is now, as a caught-up device knows it (a normal feed, as PouchDB reads first),
   * once the server's updates feed has told of the writes before: CouchDB writes its `_global_changes` up to half a
   * second late, and a late word of a write wakes waiting feeds to look (asking the store) once more.
   */
  const caughtUp = async () => {
    await sleep(1000);
    return (await changes('since=0&limit=100')).last_seq;
  };
  /** A longpoll as PouchDB sends it; `text` is the whole body with its heartbeats, `answer` what it parses to. */
  const longpoll = (since: string | number, extra = '') => {
    const started = Date.now();
    return request(b, `/db/me/_changes?style=all_docs&feed=longpoll&heartbeat=1000&since=${encodeURIComponent(String(since))}&limit=100${extra}`, { cookie }).then(async (res) => {
      const text = await res.text();
      return { status: res.status, text, answer: JSON.parse(text) as Changes, ms: Date.now() - started };
    });
  };
  const push = async (docs: object[]) => (await request(b, '/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs } })).json();
  return { id, cookie, db: userDbName(id), caughtUp, longpoll, push };
}

describe("a device's longpoll of its own database", () => {
  it('waits in the gateway, with heartbeats, asking the store nothing until the database is written elsewhere; then it has the change', async () => {
    const user = await signedIn('held');
    await user.push([newFavorite(SANCTUARY_A, user.id)]);
    const since = await user.caughtUp();
    const before = await storeFeedRequests();
    const held = user.longpoll(since);
    await until('the longpoll waits here', () => b.userFeeds.waitingCount() === 1);
    await sleep(1500);
    expect(await storeFeedRequests()).toBe(before);

    // Written straight to the store, as the workers or another gateway would: the server's updates feed says so.
    const favourite = newFavorite(SANCTUARY_B, user.id);
    const writtenAt = Date.now();
    await g.fx.couch.nano.db.use(user.db).insert(favourite as never);
    const { status, text, answer, ms } = await held;
    expect(status).toBe(200);
    expect(text.startsWith('\n')).toBe(true); // a heartbeat came while it waited
    expect(answer.results.map((r) => r.id)).toEqual([favourite._id]);
    expect(answer.last_seq).not.toEqual(since);
    expect(Date.now() - writtenAt).toBeLessThan(2000);
    expect(ms).toBeGreaterThan(1500);
    expect(await storeFeedRequests()).toBe(before + 1);
    // From where that answer ended, the next longpoll waits here again without asking.
    const next = user.longpoll(answer.last_seq, '&timeout=1200');
    const again = await next;
    expect(again.answer).toEqual({ results: [], last_seq: answer.last_seq });
    expect(again.ms).toBeGreaterThanOrEqual(1100);
    expect(await storeFeedRequests()).toBe(before + 1);
  });

  it("the account's devices are woken at once by a push through the gateway, and share one store request", async () => {
    const user = await signedIn('twodevices');
    const since = await user.caughtUp();
    const before = await storeFeedRequests();
    const phone = user.longpoll(since);
    const laptop = user.longpoll(since);
    await until('both wait here', () => b.userFeeds.waitingCount() === 2);
    const favourite = newFavorite(SANCTUARY_A, user.id);
    const pushedAt = Date.now();
    expect(await user.push([favourite])).toEqual([expect.objectContaining({ id: favourite._id, ok: true })]);
    const answers = await Promise.all([phone, laptop]);
    expect(Date.now() - pushedAt).toBeLessThan(1000);
    for (const { answer } of answers) expect(answer.results.map((r) => r.id)).toEqual([favourite._id]);
    expect(answers[0].answer).toEqual(answers[1].answer);
    expect(await storeFeedRequests()).toBe(before + 1);

    // Both ask again from there and wait. The store's own word of that write names the database's sequence on the
    // embedded store, so it wakes nobody; CouchDB's names none and comes up to half a second later: one more look.
    const lastSeq = answers[0].answer.last_seq;
    const next = await Promise.all([user.longpoll(lastSeq, '&timeout=1500'), user.longpoll(lastSeq, '&timeout=1500')]);
    for (const { answer } of next) expect(answer).toEqual({ results: [], last_seq: lastSeq });
    expect(await storeFeedRequests()).toBe(before + (process.env.SS_STORE === 'couchdb' ? 2 : 1));
  });

  it('from an older sequence, answers at once with what the store has since', async () => {
    const user = await signedIn('behind');
    const since = await user.caughtUp();
    await user.push([newFavorite(SANCTUARY_A, user.id), newFavorite(SANCTUARY_B, user.id)]);
    const { answer, ms } = await user.longpoll(since);
    expect(answer.results.map((r) => r.id).sort()).toEqual([`favorite:${SANCTUARY_A}`, `favorite:${SANCTUARY_B}`].sort());
    expect(ms).toBeLessThan(1000);
  });

  it('answers the same question asked again, while nothing was written, as the store did, without asking it', async () => {
    const user = await signedIn('asksagain');
    await user.push([newFavorite(SANCTUARY_A, user.id)]);
    await sleep(1000); // CouchDB's late word of that write
    const ask = async (query: string) => (await request(b, `/db/me/_changes?style=all_docs&${query}`, { cookie: user.cookie })).text().then((t) => t.trim());
    const before = await storeFeedRequests();
    const first = await ask('since=0&limit=100');
    // The account's other device starting, and a longpoll from the same place (as PouchDB sends after an empty page).
    expect(await ask('since=0&limit=100')).toBe(first);
    expect(await ask('since=0&limit=100&feed=longpoll&heartbeat=10000')).toBe(first);
    expect(await storeFeedRequests()).toBe(before + 1);
    // Once the database is written, the store is asked again, and the answer has the write.
    await g.fx.couch.nano.db.use(user.db).insert(newFavorite(SANCTUARY_B, user.id) as never);
    await until('the gateway hears of the write', async () => JSON.parse(await ask('since=0&limit=100')).results.length === 2);
    expect(await storeFeedRequests()).toBeGreaterThan(before + 1);
  });

  it("answers a `since` the store refuses with the store's own status, not a held feed", async () => {
    const user = await signedIn('badsince');
    const query = 'style=all_docs&since=not-a-sequence&limit=100';
    const direct = await g.fx.couch.forward(user.db, `/_changes?${query}`, { method: 'GET' });
    // (The embedded store reads any `since` and waits; the time limit ends that wait here.)
    const res = await request(b, `/db/me/_changes?${query}&feed=longpoll&heartbeat=1000&timeout=1000`, { cookie: user.cookie });
    expect(res.status).toBe(direct.status);
    if (direct.status === 200) expect((await res.json()) as Changes).toEqual((await direct.json()) as Changes);
    else expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });

  it('from "now", waits for the next write and answers with it alone, as the store would', async () => {
    const user = await signedIn('fromnow');
    await user.push([newFavorite(SANCTUARY_A, user.id)]);
    await user.caughtUp();
    const held = user.longpoll('now');
    await until('the longpoll waits here', () => b.userFeeds.waitingCount() === 1);
    const favourite = newFavorite(SANCTUARY_B, user.id);
    await g.fx.couch.nano.db.use(user.db).insert(favourite as never);
    expect((await held).answer.results.map((r) => r.id)).toEqual([favourite._id]);
  });

  it('ends within a second of the session ending', async () => {
    const user = await signedIn('signsout');
    // Its body is cut short, not an answer (the device asks again, and is told to sign in).
    const held = user.longpoll(await user.caughtUp()).then(() => 'answered', () => 'cut short');
    await until('the longpoll waits here', () => b.userFeeds.waitingCount() === 1);
    await request(b, '/api/auth/logout', { method: 'POST', cookie: user.cookie });
    const endedAt = Date.now();
    expect(await held).toBe('cut short');
    expect(Date.now() - endedAt).toBeLessThan(1000);
    expect((await request(b, '/db/me/_changes', { cookie: user.cookie })).status).toBe(401);
    expect(b.userFeeds.waitingCount()).toBe(0);
  });

  it("goes to the store, as before, while the server's updates feed is not followed", async () => {
    const user = await signedIn('unfollowed');
    const since = await user.caughtUp();
    b.userFeeds.stop();
    try {
      const before = await storeFeedRequests();
      const held = user.longpoll(since);
      await until('the store holds the longpoll', async () => (await storeFeedRequests()) === before + 1);
      expect(b.userFeeds.waitingCount()).toBe(0);
      const favourite = newFavorite(SANCTUARY_A, user.id);
      await user.push([favourite]);
      expect((await held).answer.results.map((r) => r.id)).toEqual([favourite._id]);
    } finally {
      b.userFeeds.start();
    }
    await until('following again', () => b.userFeeds.fresh());
  });
});
