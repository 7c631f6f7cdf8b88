// The gateway against a real embedded store: the API facade, the read-only replication proxies (nothing
// writes through them, nothing crashes the store), 503 while the store restarts, and PouchDB replicating live.
import { gunzipSync } from 'node:zlib';
import PouchDB from 'pouchdb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB } from '@ss/couchdb/definitions';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { serveForDevices } from './device-server.ts';
import { gatewayForSuite } from './harness.ts';
import { waitFor } from '../../../couchdb/tests/integration/store-fixture.ts';

// The store, the gateway in-process and its accounts come from the one integration harness.
const g = gatewayForSuite();

const json = { 'content-type': 'application/json' };

describe('API facade', () => {
  it('lists sanctuaries in the spec shape', async () => {
    const res = await g.app.request('/api/sanctuaries');
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(readDefaultSeed().length);
    const farm = list.find((s) => s.id === 'farm-sanctuary-watkins-glen-ny')!;
    expect(farm).toMatchObject({ name: 'Farm Sanctuary', city: 'Watkins Glen', state: 'NY', isVerified: false });
    expect(farm).not.toHaveProperty('_id');
    expect(farm).not.toHaveProperty('_rev');
  });

  it('answers one sanctuary, its reviews and stats; unknown ids are a JSON 404', async () => {
    expect(await (await g.app.request('/api/sanctuaries/animal-place-grass-valley-ca')).json()).toMatchObject({ name: 'Animal Place' });
    expect(await (await g.app.request('/api/sanctuaries/animal-place-grass-valley-ca/reviews')).json()).toEqual([]);
    expect(await (await g.app.request('/api/sanctuaries/animal-place-grass-valley-ca/stats')).json()).toEqual({ averageRating: 0, totalReviews: 0 });
    for (const p of ['/api/sanctuaries/nope', '/api/sanctuaries/nope/reviews', '/api/sanctuaries/nope/stats', '/api/sanctuaries/_design%2Fsanctuaries']) {
      const res = await g.app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.json(), p).toEqual({ error: 'Sanctuary not found' });
    }
    expect(await (await g.app.request('/api/community/reviews')).json()).toEqual([]);
  });
});

describe('read-only replication proxies', () => {
  const writes: Array<[string, string, string?]> = [
    ['PUT', '/db/sanctuaries/new-doc', '{"type":"sanctuary"}'],
    ['POST', '/db/sanctuaries', '{"type":"sanctuary"}'],
    ['POST', '/db/sanctuaries/_bulk_docs', '{"docs":[{"_id":"x"}]}'],
    ['PUT', '/db/sanctuaries/_local/checkpoint', '{"x":1}'],
    ['PUT', '/db/sanctuaries/_design/evil', '{"validate_doc_update":"function(){}"}'],
    ['PUT', '/db/sanctuaries/_security', '{}'],
    ['DELETE', '/db/sanctuaries'],
    ['DELETE', '/db/sanctuaries/farm-sanctuary-watkins-glen-ny?rev=1-x'],
    ['PUT', '/db/sanctuaries'],
    ['POST', '/db/sanctuaries/_compact', '{}'],
    ['POST', '/db/sanctuaries/_purge', '{}'],
    ['PUT', '/db/sanctuaries/farm-sanctuary-watkins-glen-ny/photo.jpg', 'x'],
    ['POST', '/db/reviews/_bulk_docs', '{"docs":[{"type":"review"}]}'],
    ['PUT', '/db/reviews/r1', '{"type":"review"}'],
    ['DELETE', '/db/reviews'],
    ['PUT', '/db/newdb'],
    ['DELETE', '/db/users'],
    ['POST', '/db/users', '{"type":"user"}'],
  ];

  it.each(writes)('%s %s is 403 and changes nothing', async (method, p, body) => {
    const before = (await g.fx.couch.nano.db.get('sanctuaries')).doc_count;
    const res = await g.app.request(p, { method, headers: json, ...(body ? { body } : {}) });
    expect(res.status).toBe(403);
    expect(await res.json()).toHaveProperty('error');
    expect((await g.fx.couch.nano.db.get('sanctuaries')).doc_count).toBe(before);
  });

  it('does not expose private databases or design documents', async () => {
    expect((await g.app.request('/db/users')).status).toBe(404);
    // The admin queue replicates to admin sessions only (routes/submissions-replication.ts): 403 for anyone else.
    expect((await g.app.request('/db/submissions/_all_docs')).status).toBe(403);
    expect((await g.app.request('/db/sanctuaries/_design/sanctuaries')).status).toBe(403);
    expect((await g.app.request('/db/sanctuaries/_all_dbs')).status).toBe(403);
    expect((await g.app.request('/db/sanctuaries/_changes?since=0&evil=1')).status).toBe(400);
  });

  it('serves what pull replication reads', async () => {
    const info = (await (await g.app.request('/db/sanctuaries')).json()) as { doc_count: number };
    expect(info.doc_count).toBeGreaterThanOrEqual(readDefaultSeed().length);
    const changes = await g.app.request('/db/sanctuaries/_changes?style=all_docs&since=0&limit=10');
    expect(changes.status).toBe(200);
    // The store's first ten changes, less the design document's among them.
    type Results = { results: Array<{ id: string }> };
    const results = ((await changes.json()) as Results).results.map((r) => r.id);
    const store = ((await (await g.fx.couch.forward('sanctuaries', '/_changes?style=all_docs&since=0&limit=10', { method: 'GET' })).json()) as Results).results;
    expect(store).toHaveLength(10);
    if (g.fx.embedded) {
      expect(results).toEqual(store.map((r) => r.id).filter((id) => !id.startsWith('_design/')));
      expect(results.length).toBeLessThan(10);
    } else {
      // CouchDB merges its shards' feeds in no fixed order, so two requests for "the first ten" can differ: the
      // proxy's are ten or fewer of the store's documents, never a design document.
      const all = ((await (await g.fx.couch.forward('sanctuaries', '/_changes?style=all_docs&since=0', { method: 'GET' })).json()) as Results).results.map((r) => r.id);
      expect(results.length).toBeLessThanOrEqual(10);
      expect(results.every((id) => all.includes(id) && !id.startsWith('_design/'))).toBe(true);
    }
    const bulk = await g.app.request('/db/sanctuaries/_bulk_get?revs=true', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [{ id: 'farm-sanctuary-watkins-glen-ny' }] }),
    });
    expect(bulk.status).toBe(200);
    expect((await g.app.request('/db/sanctuaries/_local/not-there')).status).toBe(404);
  });

  it('the two one-request crashes of PouchDB Server cannot be triggered through the gateway', async () => {
    const pid = g.fx.store.pid();
    const restarts = g.fx.store.restarts();
    const filter = await g.app.request('/db/sanctuaries/_changes?filter=missing/nothing');
    expect(filter.status).toBe(403);
    const filterPost = await g.app.request('/db/sanctuaries/_changes?filter=_view&view=missing/v', { method: 'POST', headers: json, body: '{}' });
    expect(filterPost.status).toBe(403);
    const create = await g.app.request('/db/brand-new-db', { method: 'PUT' });
    expect(create.status).toBe(403);
    // Give a crash the chance to happen, then check the same store process is still serving.
    await new Promise((r) => setTimeout(r, 300));
    expect(g.fx.store.pid()).toBe(pid);
    expect(g.fx.store.restarts()).toBe(restarts);
    expect((await g.app.request('/api/sanctuaries/farm-sanctuary-watkins-glen-ny')).status).toBe(200);
    expect(await g.fx.couch.nano.db.list()).not.toContain('brand-new-db');
  });
});

describe('design documents never leave through the replication proxies', () => {
  type Row = { id?: string; key?: unknown; error?: string };
  type Changes = { results: Array<{ id: string; seq: unknown }>; last_seq: unknown };
  const isDesign = (id: unknown) => typeof id === 'string' && id.startsWith('_design/');
  const cookieOf = (res: Response) => res.headers.getSetCookie().find((h) => h.startsWith('ss_session='))!.split(';')[0]!;

  /** A caller of one proxy: its path prefix, the store database behind it, its session cookie if it needs one. */
  interface Proxy { prefix: string; db: string; designId: string; cookie?: string }
  // /db/me is not among them: a user's database holds no design document (couchdb/src/definitions.ts), and the
  // gateway refuses every design path there (auth.test.ts, hostile-replication.test.ts).
  const proxies: Proxy[] = [
    { prefix: '/db/sanctuaries', db: DB.sanctuaries, designId: '_design/sanctuaries' },
    { prefix: '/db/reviews', db: DB.reviews, designId: '_design/reviews' },
  ];

  beforeAll(async () => {
    const adminEmail = `designdocs.admin.${Date.now()}@example.com`;
    await createOrPromoteAdmin(g.fx.couch, createUsers(g.fx.couch), { email: adminEmail, password: 'secret1' });
    const login = await g.app.request('/api/auth/login', { method: 'POST', headers: { ...json, origin: 'http://localhost' }, body: JSON.stringify({ email: adminEmail, password: 'secret1' }) });
    expect(login.status).toBe(200);
    proxies.push({ prefix: `/db/${DB.submissions}`, db: DB.submissions, designId: '_design/submissions', cookie: cookieOf(login) });
  });

  const get = (p: Proxy, rest: string) => g.app.request(`${p.prefix}${rest}`, { headers: p.cookie ? { cookie: p.cookie } : {} });
  const post = (p: Proxy, rest: string, body: unknown) =>
    g.app.request(`${p.prefix}${rest}`, { method: 'POST', headers: { ...json, origin: 'http://localhost', ...(p.cookie ? { cookie: p.cookie } : {}) }, body: JSON.stringify(body) });
  /** The store's own answer, straight from it: what the proxies must match apart from design documents. */
  const fromStore = async <T,>(p: Proxy, rest: string) => (await (await g.fx.couch.forward(p.db, rest, { method: 'GET' })).json()) as T;

  /** The text of a streamed answer read until `done` says so, then the stream is cancelled; fails after 10 s. */
  async function readFeedUntil(res: Response, done: (text: string) => boolean): Promise<string> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + 10_000;
    try {
      while (!done(text)) {
        if (Date.now() > deadline) throw new Error(`the feed did not deliver in time; got ${JSON.stringify(text)}`);
        const { value, done: ended } = await reader.read();
        if (ended) break;
        text += decoder.decode(value, { stream: true });
      }
    } finally {
      await reader.cancel();
    }
    return text;
  }

  it('every database behind a proxy has a design document and another document in the store (else the checks below prove nothing)', async () => {
    // The fixture seeds sanctuaries only: one document for each of the others, written as the gateway would.
    await g.fx.couch.nano.db.use(DB.reviews).insert({ _id: 'review-stats:designdocs', type: 'review-stats', sanctuaryId: 'designdocs', totalReviews: 0, averageRating: 0 } as never);
    await g.fx.couch.nano.db.use(DB.submissions).insert({
      _id: 'review-report:designdocs', type: 'review-report', reviewId: 'review:designdocs', userId: 'designdocs', reason: 'spam', status: 'open', createdAt: new Date().toISOString(),
    } as never);
    for (const p of proxies) {
      const ids = (await g.fx.couch.nano.db.use(p.db).list()).rows.map((r) => r.id);
      expect(ids, p.db).toContain(p.designId);
      expect(ids.filter((id) => !isDesign(id)).length, p.db).toBeGreaterThan(0);
    }
  });

  it('_bulk_get naming a design document is refused, alone or among other documents', async () => {
    for (const p of proxies) {
      for (const docs of [[{ id: p.designId }], [{ id: 'anything' }, { id: p.designId }]]) {
        const res = await post(p, '/_bulk_get?revs=true', { docs });
        const text = await res.text();
        expect(res.status, `${p.prefix} ${text}`).toBe(403);
        expect(JSON.parse(text)).toMatchObject({ error: 'forbidden' });
        expect(text).not.toContain(p.designId);
      }
    }
  });

  it('_all_docs lists no design document: by range, by keys (GET and POST) and with include_docs', async () => {
    for (const p of proxies) {
      const all = (await (await get(p, '/_all_docs?include_docs=true')).json()) as { rows: Row[] };
      const storeAll = await fromStore<{ rows: Row[] }>(p, '/_all_docs');
      expect(all.rows.map((r) => r.id), p.prefix).toEqual(storeAll.rows.map((r) => r.id).filter((id) => !isDesign(id)));
      const range = encodeURI(`/_all_docs?startkey="_design/"&endkey="_design/\ufff0"&include_docs=true`);
      expect(((await (await get(p, range)).json()) as { rows: Row[] }).rows, p.prefix).toEqual([]);

      const keys = [p.designId, 'not-there'];
      const byGet = (await (await get(p, `/_all_docs?keys=${encodeURIComponent(JSON.stringify(keys))}&include_docs=true`)).json()) as { rows: Row[] };
      const byPost = (await (await post(p, '/_all_docs?include_docs=true', { keys })).json()) as { rows: Row[] };
      for (const rows of [byGet.rows, byPost.rows]) expect(rows, p.prefix).toEqual([{ key: p.designId, error: 'not_found' }, { key: 'not-there', error: 'not_found' }]);
    }
  });

  it('_changes lists no design document in the normal, longpoll and continuous feeds, and keeps the last_seq', async () => {
    for (const p of proxies) {
      const store = await fromStore<Changes>(p, '/_changes?since=0&style=all_docs');
      const expected = store.results.filter((r) => !isDesign(r.id)).map((r) => r.id);
      expect(expected.length, `${p.prefix} has documents besides the design one`).toBeGreaterThan(0);
      for (const feed of ['normal', 'longpoll']) {
        const res = await get(p, `/_changes?since=0&style=all_docs&include_docs=true&feed=${feed}`);
        const text = await res.text();
        expect(res.status, `${p.prefix} ${feed}`).toBe(200);
        expect(text, `${p.prefix} ${feed}`).not.toContain('_design/');
        const body = JSON.parse(text) as Changes;
        // In the store's order on the embedded store; CouchDB merges its shards' feeds in no fixed order.
        const ids = body.results.map((r) => r.id);
        if (g.fx.embedded) expect(ids, `${p.prefix} ${feed}`).toEqual(expected);
        else expect([...ids].sort(), `${p.prefix} ${feed}`).toEqual([...expected].sort());
        expect(body.last_seq, `${p.prefix} ${feed}`).toEqual(store.last_seq);
      }
      // A continuous feed stays open (the embedded store ignores `timeout` on it): read until every expected
      // change has arrived, then hang up.
      const res = await get(p, '/_changes?since=0&style=all_docs&include_docs=true&feed=continuous&heartbeat=100');
      const text = await readFeedUntil(res, (t) => expected.every((id) => t.includes(`"id":${JSON.stringify(id)}`)));
      const lines = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { id: string; seq: unknown });
      if (g.fx.embedded) {
        expect(lines.map((l) => l.id), `${p.prefix} continuous`).toEqual(expected);
        expect(lines.at(-1)!.seq, `${p.prefix} continuous`).toEqual(store.results.at(-1)!.seq);
      } else {
        expect(lines.map((l) => l.id).sort(), `${p.prefix} continuous`).toEqual([...expected].sort());
        // The last sequence covers everything: the store has nothing after it but, at most, the design document.
        const after = await fromStore<Changes>(p, `/_changes?style=all_docs&since=${encodeURIComponent(String(lines.at(-1)!.seq))}`);
        expect(after.results.filter((r) => !isDesign(r.id)), `${p.prefix} continuous`).toEqual([]);
      }
    }
  });
});

describe('first-sync snapshot', () => {
  it('is gzip NDJSON: a header with the update_seq, then every document with its _rev, no design docs', async () => {
    const res = await g.app.request('/db/sanctuaries/_snapshot');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    const [header, ...lines] = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const docCount = (await g.fx.couch.sanctuaries.list()).length;
    expect(header).toMatchObject({ doc_count: docCount });
    expect(lines).toHaveLength(docCount);
    expect(lines.every((d) => typeof d._rev === 'string' && !String(d._id).startsWith('_design/'))).toBe(true);
    const again = await g.app.request('/db/sanctuaries/_snapshot', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await g.app.request('/db/users/_snapshot')).status).toBe(404);
  });
});

/** What these tests use of a device's PouchDB (the package comes untyped here). */
interface LocalDb {
  replicate: { from: (url: string, options: object) => { on: (event: string, listener: (x: unknown) => void) => unknown; cancel: () => void } };
  allDocs: (options?: { startkey?: string; endkey?: string }) => Promise<{ rows: Array<{ id: string }> }>;
  info: () => Promise<{ doc_count: number }>;
  get: (id: string) => Promise<unknown>;
}

describe('PouchDB replication over HTTP through the gateway', () => {
  const devices = serveForDevices(() => g.app, 'client');

  const sanctuary = (id: string) => ({
    _id: id, type: 'sanctuary', schemaVersion: 1, name: 'Live Added', city: 'Columbus', state: 'OH',
    latitude: 39.96, longitude: -83, animalTypes: [], imageUrls: [], createdAt: 'x', updatedAt: 'x',
  });
  /** Non-design documents of the store's sanctuaries database. */
  const storeDocCount = async () => (await g.fx.couch.nano.db.use('sanctuaries').list()).rows.filter((r) => !r.id.startsWith('_design/')).length;

  it('a live continuous feed delivers changes as they happen, with heartbeats, and never a design document', async () => {
    const abort = new AbortController();
    const res = await fetch(`${devices.base}/db/sanctuaries/_changes?feed=continuous&since=now&heartbeat=200`, { signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    /** Reads the feed until `done` says so (or fails after 10 s): proof the filter does not hold lines back. */
    const readUntil = async (done: (t: string) => boolean) => {
      const timer = setTimeout(() => abort.abort(), 10_000);
      try {
        while (!done(text)) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          text += decoder.decode(value, { stream: true });
        }
      } finally {
        clearTimeout(timer);
      }
      return text;
    };
    try {
      // Heartbeats arrive while nothing changes.
      expect(await readUntil((t) => t.includes('\n'))).toMatch(/^\n/);
      // A change to a design document while the feed is open (the store writes no design document but its own:
      // the same one again makes a new revision).
      await rewriteOwnDesignDoc();
      const started = Date.now();
      await g.fx.couch.use('sanctuaries').insert(sanctuary('live-continuous') as never);
      await readUntil((t) => t.includes('"live-continuous"'));
      console.log(`gateway: a change reached a continuous feed ${Date.now() - started} ms after it was written`);
      const changes = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { id: string });
      expect(changes.map((c) => c.id)).toEqual(['live-continuous']);
      expect(text).not.toContain('_design/');
    } finally {
      abort.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  /** Writes the directory's own design document again, unchanged: a new revision in the feed. */
  async function rewriteOwnDesignDoc() {
    const scope = g.fx.couch.nano.db.use('sanctuaries');
    await scope.insert(await scope.get('_design/sanctuaries'));
  }

  it('pulls every sanctuary and no design document, then receives new ones live', async () => {
    const LocalPouch = PouchDB.defaults({ prefix: devices.prefix }) as unknown as new (name: string) => LocalDb;
    const local = new LocalPouch('client');
    const rep = local.replicate.from(`${devices.base}/db/sanctuaries`, { live: true, retry: true, batch_size: 1000 });
    try {
      const expected = await storeDocCount();
      await waitFor(async () => (await local.info()).doc_count >= expected);
      // A design document written while the device replicates live does not reach it either.
      await rewriteOwnDesignDoc();
      await g.fx.couch.use('sanctuaries').insert(sanctuary('live-added') as never);
      await waitFor(() => local.get('live-added'));
      const designDocs = await local.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' });
      expect(designDocs.rows).toEqual([]);
      expect((await local.info()).doc_count).toBe(await storeDocCount());
    } finally {
      // Let the replication finish before the next suite kills the store under it.
      const done = new Promise((resolve) => rep.on('complete', resolve));
      rep.cancel();
      await done;
    }
  });
});
