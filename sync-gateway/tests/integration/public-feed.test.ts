// The shared feed of the public databases (issue 16) against a real store: `_changes` answered from the gateway's
// log are exactly what the store answers (rows, order, last_seq, limit, pending, deletions, no design documents), a
// longpoll wakes on the next change (once for a review and its listing's figures), `_bulk_get` is served from the cache and follows a new revision, the live
// snapshot holds every change within a second, and a second gateway (its own log) stays correct for the first one's
// sequences. The store's request count shows the sharing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { DB } from '@ss/couchdb/definitions';
import { statsDocId } from '@ss/domain/review';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { CouchUnavailableError, createCouchClient, type CouchClient } from '@ss/couchdb/client';
import { createApp } from '../../src/app.ts';
import { startStoreCounter } from '../../../scripts/load/store-counter.ts';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';
import { serveForDevices } from './device-server.ts';

let fx: StoreFixture;
let a: ReturnType<typeof createApp>;
let b: ReturnType<typeof createApp>;

type Changes = { results: Array<{ seq: unknown; id: string; changes: Array<{ rev: string }>; deleted?: boolean }>; last_seq: unknown; pending?: number };

const listing = (id: string, name = id): SanctuaryDoc => ({
  _id: id, type: 'sanctuary', schemaVersion: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', name, description: '', address: '', city: 'Ravenna', state: 'OH',
  zipCode: '', latitude: 41.15, longitude: -81.24, coordinatesApproximate: true, phone: '', email: '', website: '', animalTypes: ['pigs'], isVerified: false,
  acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '', hasToursAvailable: false, tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
});

const store = async (path: string): Promise<Changes> => (await (await fx.couch.forward(DB.sanctuaries, path, { method: 'GET' })).json()) as Changes;
const via = async (app: ReturnType<typeof createApp>, path: string): Promise<Changes> => (await (await app.request(`/db/sanctuaries${path}`)).json()) as Changes;
/** The store's answer less design documents, as the proxy has always answered. */
const withoutDesign = (c: Changes): Changes => ({ ...c, results: c.results.filter((r) => !r.id.startsWith('_design/')) });

const reviewsVia = async (path: string): Promise<Changes> => (await (await a.request(`/db/reviews${path}`)).json()) as Changes;
const reviewDoc = (id: string, sanctuaryId: string, rating: number) => ({
  _id: id, type: 'review', schemaVersion: 1, sanctuaryId, sanctuaryName: 'Pair Farm', sanctuaryCity: 'Ravenna', sanctuaryState: 'OH', username: 'Ann', rating,
  title: '', comment: 'Good.', visitDate: '', createdAt: '2026-11-27T00:00:00Z', photos: [],
});
/** Gateway a's reviews feed, once it is live; the store's reviews database to write to. */
async function followReviews() {
  a.warm();
  await waitFor(() => Promise.resolve(a.following()));
  return fx.couch.nano.db.use(DB.reviews);
}

beforeAll(async () => {
  fx = await startStoreFixture();
  a = createApp({ couch: fx.couch });
  b = createApp({ couch: fx.couch });
  // Both gateways' feeds are live (their first `_changes` since "now" is answered from the log).
  await waitFor(async () => (await a.request('/db/sanctuaries/_changes?since=now')).ok && (await b.request('/db/sanctuaries/_changes?since=now')).ok);
}, 60_000);
afterAll(() => fx.stop());

describe('the shared change feed', () => {
  /** Gateway a behind the Node server, as it runs (the longpoll writes its own answer there). */
  const node = serveForDevices(() => a, 'public-feed');
  it('answers _changes since any sequence it has seen exactly as the store does', async () => {
    const start = (await via(a, '/_changes?since=now')).last_seq;
    const scope = fx.couch.use<SanctuaryDoc>(DB.sanctuaries);
    for (let i = 0; i < 6; i++) await scope.insert(listing(`feed-${i}`));
    const two = await scope.get('feed-2');
    await scope.insert({ ...two, name: 'Feed Two, renamed' });
    const four = await scope.get('feed-4');
    await scope.destroy('feed-4', four._rev!);
    // A design document change in between: never listed.
    const ddoc = await fx.couch.nano.db.use(DB.sanctuaries).get('_design/sanctuaries');
    await fx.couch.nano.db.use(DB.sanctuaries).insert(ddoc);
    await waitFor(async () => (await via(a, `/_changes?since=${encodeURIComponent(String(start))}`)).results.length === 6);

    const store0 = withoutDesign(await store(`/_changes?since=${encodeURIComponent(String(start))}&style=all_docs`));
    const mine = await via(a, `/_changes?since=${encodeURIComponent(String(start))}&style=all_docs`);
    if (!fx.embedded) {
      // CouchDB merges its shards' feeds in no fixed order: the same changes as the store's, in the order of the
      // gateway's one feed, and from each sequence in it exactly the rows that follow it there.
      type Row = (typeof mine.results)[number];
      const byId = (rows: Row[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id)).map(({ id, changes, deleted }) => ({ id, changes, deleted }));
      expect(byId(mine.results)).toEqual(byId(store0.results));
      expect(mine.results.map((r) => r.id).sort()).toEqual(['feed-0', 'feed-1', 'feed-2', 'feed-3', 'feed-4', 'feed-5']);
      expect(mine.results.find((r) => r.id === 'feed-4')).toMatchObject({ deleted: true });
      for (const [i, row] of mine.results.entries()) {
        for (const limit of [1, 2, 5]) {
          const q = `/_changes?since=${encodeURIComponent(String(row.seq))}&style=all_docs&limit=${limit}`;
          expect((await via(a, q)).results, q).toEqual(mine.results.slice(i + 1, i + 1 + limit));
        }
      }
      return;
    }
    expect(mine.results).toEqual(store0.results);
    expect(mine.results.map((r) => r.id)).toEqual(['feed-0', 'feed-1', 'feed-3', 'feed-5', 'feed-2', 'feed-4']);
    expect(mine.results.at(-1)).toMatchObject({ id: 'feed-4', deleted: true });

    // Every sequence it has seen, every limit: the same rows, last_seq and pending as the store.
    for (const since of [start, ...store0.results.map((r) => r.seq)]) {
      for (const limit of [1, 2, 5]) {
        const q = `/_changes?since=${encodeURIComponent(String(since))}&style=all_docs&limit=${limit}`;
        const fromStore = withoutDesign(await store(q));
        const fromFeed = await via(a, q);
        expect(fromFeed.results, q).toEqual(fromStore.results);
        if (fromStore.results.length === limit) expect(fromFeed.last_seq, q).toEqual(fromStore.last_seq);
      }
    }
    expect(a).toBeTruthy();
  });

  it('a longpoll waits for the next change and wakes on it; a since it has not seen goes to the store', async () => {
    const now = (await via(a, '/_changes?since=now')).last_seq;
    const started = Date.now();
    const poll = via(a, `/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(now))}`);
    await new Promise((r) => setTimeout(r, 700));
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-longpoll') as never);
    const answer = await poll;
    expect(answer.results.map((r) => r.id)).toEqual(['feed-longpoll']);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The same question again, answered at once (the answer is written once per state of the log), then again after
    // the next change: never the earlier answer.
    const since = `/_changes?style=all_docs&since=${encodeURIComponent(String(now))}`;
    expect((await via(a, since)).results.map((r) => r.id)).toEqual(['feed-longpoll']);
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-longpoll-2') as never);
    await waitFor(async () => (await via(a, since)).results.length === 2);
    expect((await via(a, since)).results.map((r) => r.id)).toEqual(['feed-longpoll', 'feed-longpoll-2']);
    // since=0 is older than the gateway's start: the store answers, design documents still filtered.
    const all = await via(a, '/_changes?since=0&limit=1000');
    expect(all.results.some((r) => r.id === 'feed-longpoll')).toBe(true);
    expect(all.results.some((r) => r.id.startsWith('_design/'))).toBe(false);
  });

  it("a review and its listing's figures written a moment after wake a waiting device once, with both; a review alone, a moment later", async () => {
    const reviews = await followReviews();
    const review = (id: string, sanctuaryId: string) => reviewDoc(id, sanctuaryId, 5);

    const now = (await reviewsVia('/_changes?since=now')).last_seq;
    const poll = reviewsVia(`/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(now))}`);
    await new Promise((r) => setTimeout(r, 300));
    await reviews.insert(review('review:feedpair', 'feed-pair') as never);
    await new Promise((r) => setTimeout(r, 50));
    await reviews.insert({ _id: statsDocId('feed-pair'), type: 'review-stats', sanctuaryId: 'feed-pair', totalReviews: 1, ratingSum: 5, averageRating: 5 } as never);
    const pair = await poll;
    expect(pair.results.map((r) => r.id)).toEqual(['review:feedpair', statsDocId('feed-pair')]);

    // Figures that take a while (a loaded store): still one answer with both, not the review and then the figures.
    const slowPoll = reviewsVia(`/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(pair.last_seq))}`);
    await new Promise((r) => setTimeout(r, 300));
    await reviews.insert(review('review:feedslow', 'feed-slow') as never);
    await new Promise((r) => setTimeout(r, 350));
    await reviews.insert({ _id: statsDocId('feed-slow'), type: 'review-stats', sanctuaryId: 'feed-slow', totalReviews: 1, ratingSum: 5, averageRating: 5 } as never);
    const slow = await slowPoll;
    expect(slow.results.map((r) => r.id)).toEqual(['review:feedslow', statsDocId('feed-slow')]);

    // Figures that never come (unchanged, or the gateway that would write them stopped): woken after a short wait.
    const poll2 = reviewsVia(`/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(slow.last_seq))}`);
    await new Promise((r) => setTimeout(r, 300));
    const written = Date.now();
    await reviews.insert(review('review:feedalone', 'feed-alone') as never);
    const alone = await poll2;
    expect(alone.results.map((r) => r.id)).toEqual(['review:feedalone']);
    expect(Date.now() - written).toBeLessThan(2000);

    // A later change to a review (a helpful vote) announces nothing: the device is woken with it alone, at once, not
    // with figures written 150 ms after it.
    const poll3 = reviewsVia(`/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(alone.last_seq))}`);
    await new Promise((r) => setTimeout(r, 300));
    const current = await reviews.get('review:feedalone');
    await reviews.insert({ ...current, helpfulCount: 1 } as never);
    await new Promise((r) => setTimeout(r, 150));
    await reviews.insert({ _id: statsDocId('feed-alone'), type: 'review-stats', sanctuaryId: 'feed-alone', totalReviews: 1, ratingSum: 5, averageRating: 5 } as never);
    expect((await poll3).results.map((r) => r.id)).toEqual(['review:feedalone']);
  });

  it('a review and its figures stored in one request wake a waiting device once, with both, at once, whichever the store lists first', async () => {
    const reviews = await followReviews();
    const review = (id: string, sanctuaryId: string) => reviewDoc(id, sanctuaryId, 4);
    const figures = (sanctuaryId: string) => ({ _id: statsDocId(sanctuaryId), type: 'review-stats', sanctuaryId, totalReviews: 1, ratingSum: 4, averageRating: 4 });
    // Past the changes the test before wrote (the feed has them a moment after the store).
    await new Promise((r) => setTimeout(r, 500));
    let since = (await reviewsVia('/_changes?since=now')).last_seq;
    for (const [label, docs] of [
      ['figures first', [figures('bulk-a'), review('review:bulka', 'bulk-a')]],
      ['review first', [review('review:bulkb', 'bulk-b'), figures('bulk-b')]],
    ] as const) {
      const poll = reviewsVia(`/_changes?feed=longpoll&heartbeat=500&since=${encodeURIComponent(String(since))}`);
      await new Promise((r) => setTimeout(r, 300));
      const written = Date.now();
      await reviews.bulk({ docs: [...docs] as never[] });
      const answer = await poll;
      expect(answer.results.map((r) => r.id).sort(), label).toEqual(docs.map((d) => d._id).sort());
      // Not after the wait for figures still to come (750 ms): they had come.
      expect(Date.now() - written, label).toBeLessThan(500);
      since = answer.last_seq;
    }
  });

  it('behind the Node server, a longpoll answered before its first heartbeat is one plain answer; one still waiting then gets newlines until the answer', async () => {
    const base = `${node.base}/db/sanctuaries`;
    const now = (await via(a, '/_changes?since=now')).last_seq;
    // A change 0.3 s in: the whole answer at once, with its length and the data answers' headers, nothing before it.
    const quick = fetch(`${base}/_changes?feed=longpoll&heartbeat=1000&since=${encodeURIComponent(String(now))}`);
    await new Promise((r) => setTimeout(r, 300));
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-quick') as never);
    const quickRes = await quick;
    const quickText = await quickRes.text();
    expect(quickRes.status).toBe(200);
    expect(quickRes.headers.get('content-type')).toBe('application/json');
    expect(quickRes.headers.get('content-length')).toBe(String(Buffer.byteLength(quickText)));
    expect(quickRes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(quickRes.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(quickRes.headers.get('cache-control')).toBe('no-store');
    expect(quickText.startsWith('{')).toBe(true);
    const since = (JSON.parse(quickText) as Changes).last_seq;
    expect((JSON.parse(quickText) as Changes).results.map((r) => r.id)).toEqual(['feed-quick']);

    // A device that goes away while it waits is simply forgotten (the change after it answers the next one).
    const gone = new AbortController();
    const dropped = fetch(`${base}/_changes?feed=longpoll&heartbeat=1000&since=${encodeURIComponent(String(since))}`, { signal: gone.signal }).catch(() => 'gone');
    await new Promise((r) => setTimeout(r, 200));
    gone.abort();
    expect(await dropped).toBe('gone');

    // Nothing for 2.3 s: the headers and a newline per heartbeat, then the answer.
    const slow = fetch(`${base}/_changes?feed=longpoll&heartbeat=1000&since=${encodeURIComponent(String(since))}`);
    await new Promise((r) => setTimeout(r, 2_300));
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-slow') as never);
    const slowRes = await slow;
    expect(slowRes.headers.get('x-content-type-options')).toBe('nosniff');
    const slowText = await slowRes.text();
    expect(slowText.match(/^\n+/)?.[0].length).toBeGreaterThanOrEqual(2);
    expect((JSON.parse(slowText) as Changes).results.map((r) => r.id)).toEqual(['feed-slow']);
  });

  it('a continuous feed streams what follows, with heartbeats', async () => {
    const now = (await via(a, '/_changes?since=now')).last_seq;
    const res = await a.request(`/db/sanctuaries/_changes?feed=continuous&heartbeat=1000&since=${encodeURIComponent(String(now))}&timeout=4000`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-continuous') as never);
    let text = '';
    while (!text.includes('last_seq')) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id?: string; last_seq?: unknown });
    expect(lines[0]).toMatchObject({ id: 'feed-continuous' });
    expect(lines.at(-1)).toHaveProperty('last_seq');
  });

  it('serves _bulk_get from its cache, and a new revision from the store', async () => {
    const scope = fx.couch.use<SanctuaryDoc>(DB.sanctuaries);
    const doc = await scope.get('feed-1');
    const ask = (rev: string) => a.request('/db/sanctuaries/_bulk_get?revs=true&latest=true', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: [{ id: 'feed-1', rev }] }) });
    const storeAnswer = await (await fx.couch.forward(DB.sanctuaries, '/_bulk_get?revs=true&latest=true', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: [{ id: 'feed-1', rev: doc._rev }] }) })).json();
    const first = await (await ask(doc._rev!)).json();
    const second = await (await ask(doc._rev!)).json();
    expect(first).toEqual(storeAnswer);
    expect(second).toEqual(storeAnswer);
    const updated = await scope.insert({ ...doc, name: 'Feed One, renamed' });
    await waitFor(async () => {
      const res = (await (await ask(updated.rev)).json()) as { results: Array<{ docs: Array<{ ok?: { name: string } }> }> };
      return res.results[0]!.docs[0]!.ok?.name === 'Feed One, renamed';
    });
  });

  it('thirty devices asking for the same new revision at once cost the store one _bulk_get', async () => {
    const counter = await startStoreCounter(fx.store.config);
    const counted = createApp({ couch: createCouchClient(counter.config) });
    try {
      await waitFor(async () => (await counted.request('/db/sanctuaries/_changes?since=now')).ok);
      const scope = fx.couch.use<SanctuaryDoc>(DB.sanctuaries);
      const made = await scope.insert(listing('feed-herd'));
      const body = JSON.stringify({ docs: [{ id: 'feed-herd', rev: made.rev }] });
      const before = (await counter.snapshot()).byKind.get('POST sanctuaries/_bulk_get') ?? 0;
      const answers = await Promise.all(
        Array.from({ length: 30 }, async () => (await counted.request('/db/sanctuaries/_bulk_get?revs=true&latest=true', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()),
      );
      const storeAnswer = await (await fx.couch.forward(DB.sanctuaries, '/_bulk_get?revs=true&latest=true', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();
      for (const answer of answers) expect(answer).toEqual(storeAnswer);
      expect(((await counter.snapshot()).byKind.get('POST sanctuaries/_bulk_get') ?? 0) - before).toBe(1);
    } finally {
      counted.close();
      await counter.stop();
    }
  });

  it("thirty devices starting at once cost the store one read of the database's info, at most a second old", async () => {
    const counter = await startStoreCounter(fx.store.config);
    const counted = createApp({ couch: createCouchClient(counter.config) });
    try {
      // Following the store and dumping the snapshot read the info too: done first.
      expect((await counted.request('/db/sanctuaries/_snapshot')).status).toBe(200);
      await waitFor(async () => (await counted.request('/db/reviews/_snapshot')).ok);
      const before = (await counter.snapshot()).byKind.get('GET sanctuaries') ?? 0;
      const answers = await Promise.all(Array.from({ length: 30 }, async () => (await counted.request('/db/sanctuaries/')).json()));
      const store = (await (await fx.couch.forward(DB.sanctuaries, '', { method: 'GET' })).json()) as { db_name: string; update_seq: unknown };
      for (const answer of answers) expect(answer).toMatchObject({ db_name: store.db_name, doc_count: expect.any(Number) });
      expect(((await counter.snapshot()).byKind.get('GET sanctuaries') ?? 0) - before).toBe(1);
      // A change is in the info a second later.
      await fx.couch.use(DB.sanctuaries).insert(listing('feed-info') as never);
      const after = (await fx.couch.nano.db.get(DB.sanctuaries)).update_seq;
      await new Promise((r) => setTimeout(r, 1100));
      expect(((await (await counted.request('/db/sanctuaries/')).json()) as { update_seq: unknown }).update_seq).toEqual(after);
    } finally {
      counted.close();
      await counter.stop();
    }
  });

  it("a read of the database's info that the store leaves unanswered holds no device: they get the last good answer", async () => {
    let hang = false;
    // The store stops answering `GET /sanctuaries` (as one read did in a 1,000-device run on CouchDB); all else answers.
    const stalling: CouchClient = {
      ...fx.couch,
      forward: (db, path, init) =>
        hang && path === '' && init.method === 'GET'
          ? new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new CouchUnavailableError('no answer'))))
          : fx.couch.forward(db, path, init),
    };
    const app = createApp({ couch: stalling });
    try {
      const first = await (await app.request('/db/sanctuaries/')).json();
      expect(first).toMatchObject({ db_name: expect.any(String) });
      hang = true;
      // Past the second one answer serves: the next devices' request asks the store again, which does not answer.
      await new Promise((r) => setTimeout(r, 1100));
      const answers = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const res = await app.request('/db/sanctuaries/');
          return { status: res.status, body: await res.json() };
        }),
      );
      for (const answer of answers) expect(answer).toEqual({ status: 200, body: first });
    } finally {
      app.close();
    }
  }, 15_000);

  it('keeps the first-sync snapshot current within a second of a change', async () => {
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-snapshot', 'Snapshot Newcomer') as never);
    const started = Date.now();
    await waitFor(async () => {
      const res = await a.request('/db/sanctuaries/_snapshot');
      const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
      return text.includes('Snapshot Newcomer');
    }, 5000, 50);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(1000);
    const res = await a.request('/db/sanctuaries/_snapshot');
    const lines = gunzipSync(Buffer.from(await res.arrayBuffer())).toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { _id?: string; doc_count?: number; update_seq?: unknown });
    const [header, ...docs] = lines;
    expect(header!.doc_count).toBe(docs.length);
    expect(docs.some((d) => d._id?.startsWith('_design/'))).toBe(false);
    expect(docs.some((d) => d._id === 'feed-4')).toBe(false); // deleted above
    const storeIds = (await fx.couch.nano.db.use(DB.sanctuaries).list()).rows.map((r) => r.id).filter((id) => !id.startsWith('_design/')).sort();
    expect(docs.map((d) => d._id).sort()).toEqual(storeIds);
    console.log(`public feed: a change reached the snapshot in ${elapsed} ms`);
  });

  it('a second gateway, with its own log, answers a sequence only the first one gave correctly', async () => {
    const fromA = (await via(a, '/_changes?since=now')).last_seq;
    await fx.couch.use(DB.sanctuaries).insert(listing('feed-two-gateways') as never);
    await waitFor(async () => (await via(b, `/_changes?since=${encodeURIComponent(String(fromA))}`)).results.some((r) => r.id === 'feed-two-gateways'));
    const viaB = await via(b, `/_changes?since=${encodeURIComponent(String(fromA))}&style=all_docs`);
    expect(viaB.results).toEqual(withoutDesign(await store(`/_changes?since=${encodeURIComponent(String(fromA))}&style=all_docs`)).results);
  });
});
