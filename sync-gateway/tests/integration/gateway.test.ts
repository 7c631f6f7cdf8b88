// The gateway against a real embedded store: the API facade, the read-only replication proxies (nothing
// writes through them, nothing crashes the store), 503 while the store restarts, and PouchDB replicating live.
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

let fx: StoreFixture;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fx = await startStoreFixture();
  app = createApp({ couch: fx.couch });
});
afterAll(() => fx.stop());

const json = { 'content-type': 'application/json' };

describe('API facade', () => {
  it('lists sanctuaries in the spec shape', async () => {
    const res = await app.request('/api/sanctuaries');
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(52);
    const farm = list.find((s) => s.id === 'farm-sanctuary-watkins-glen-ny')!;
    expect(farm).toMatchObject({ name: 'Farm Sanctuary', city: 'Watkins Glen', state: 'NY', isVerified: false });
    expect(farm).not.toHaveProperty('_id');
    expect(farm).not.toHaveProperty('_rev');
  });

  it('answers one sanctuary, its reviews and stats; unknown ids are a JSON 404', async () => {
    expect(await (await app.request('/api/sanctuaries/animal-place-grass-valley-ca')).json()).toMatchObject({ name: 'Animal Place' });
    expect(await (await app.request('/api/sanctuaries/animal-place-grass-valley-ca/reviews')).json()).toEqual([]);
    expect(await (await app.request('/api/sanctuaries/animal-place-grass-valley-ca/stats')).json()).toEqual({ averageRating: 0, totalReviews: 0 });
    for (const p of ['/api/sanctuaries/nope', '/api/sanctuaries/nope/reviews', '/api/sanctuaries/nope/stats', '/api/sanctuaries/_design%2Fsanctuaries']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.json(), p).toEqual({ error: 'Sanctuary not found' });
    }
    expect(await (await app.request('/api/community/reviews')).json()).toEqual([]);
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
    const before = (await fx.couch.nano.db.get('sanctuaries')).doc_count;
    const res = await app.request(p, { method, headers: json, ...(body ? { body } : {}) });
    expect(res.status).toBe(403);
    expect(await res.json()).toHaveProperty('error');
    expect((await fx.couch.nano.db.get('sanctuaries')).doc_count).toBe(before);
  });

  it('does not expose private databases or design documents', async () => {
    expect((await app.request('/db/users')).status).toBe(404);
    // The admin queue replicates to admin sessions only (routes/submissions-replication.ts): 403 for anyone else.
    expect((await app.request('/db/submissions/_all_docs')).status).toBe(403);
    expect((await app.request('/db/sanctuaries/_design/sanctuaries')).status).toBe(403);
    expect((await app.request('/db/sanctuaries/_all_dbs')).status).toBe(403);
    expect((await app.request('/db/sanctuaries/_changes?since=0&evil=1')).status).toBe(400);
  });

  it('serves what pull replication reads', async () => {
    const info = (await (await app.request('/db/sanctuaries')).json()) as { doc_count: number };
    expect(info.doc_count).toBeGreaterThanOrEqual(52);
    const changes = await app.request('/db/sanctuaries/_changes?style=all_docs&since=0&limit=10');
    expect(changes.status).toBe(200);
    expect(((await changes.json()) as { results: unknown[] }).results).toHaveLength(10);
    const bulk = await app.request('/db/sanctuaries/_bulk_get?revs=true', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [{ id: 'farm-sanctuary-watkins-glen-ny' }] }),
    });
    expect(bulk.status).toBe(200);
    expect((await app.request('/db/sanctuaries/_local/not-there')).status).toBe(404);
  });

  it('the two one-request crashes of PouchDB Server cannot be triggered through the gateway', async () => {
    const pid = fx.store.pid();
    const restarts = fx.store.restarts();
    const filter = await app.request('/db/sanctuaries/_changes?filter=missing/nothing');
    expect(filter.status).toBe(403);
    const filterPost = await app.request('/db/sanctuaries/_changes?filter=_view&view=missing/v', { method: 'POST', headers: json, body: '{}' });
    expect(filterPost.status).toBe(403);
    const create = await app.request('/db/brand-new-db', { method: 'PUT' });
    expect(create.status).toBe(403);
    // Give a crash the chance to happen, then check the same store process is still serving.
    await new Promise((r) => setTimeout(r, 300));
    expect(fx.store.pid()).toBe(pid);
    expect(fx.store.restarts()).toBe(restarts);
    expect((await app.request('/api/sanctuaries/farm-sanctuary-watkins-glen-ny')).status).toBe(200);
    expect(await fx.couch.nano.db.list()).not.toContain('brand-new-db');
  });
});

describe('first-sync snapshot', () => {
  it('is gzip NDJSON: a header with the update_seq, then every document with its _rev, no design docs', async () => {
    const res = await app.request('/db/sanctuaries/_snapshot');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    const [header, ...lines] = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const docCount = (await fx.couch.sanctuaries.list()).length;
    expect(header).toMatchObject({ doc_count: docCount });
    expect(lines).toHaveLength(docCount);
    expect(lines.every((d) => typeof d._rev === 'string' && !String(d._id).startsWith('_design/'))).toBe(true);
    const again = await app.request('/db/sanctuaries/_snapshot', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await app.request('/db/users/_snapshot')).status).toBe(404);
  });
});

describe('PouchDB replication over HTTP through the gateway', () => {
  let server: ServerType;
  let base: string;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-client-'));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('pulls every sanctuary, then receives new ones live', async () => {
    const LocalPouch = PouchDB.defaults({ prefix: tmp + path.sep }) as unknown as typeof PouchDB;
    const local = new (LocalPouch as unknown as new (n: string) => { replicate: { from: (u: string, o: object) => { on: (e: string, f: (x: unknown) => void) => unknown; cancel: () => void } }; allDocs: () => Promise<{ rows: Array<{ id: string }> }>; get: (id: string) => Promise<unknown> })('client');
    const rep = local.replicate.from(`${base}/db/sanctuaries`, { live: true, retry: true, batch_size: 1000 });
    try {
      await waitFor(async () => (await local.allDocs()).rows.filter((r) => !r.id.startsWith('_design/')).length >= 51);
      await fx.couch.use('sanctuaries').insert({
        _id: 'live-added', type: 'sanctuary', schemaVersion: 1, name: 'Live Added', city: 'Columbus', state: 'OH',
        latitude: 39.96, longitude: -83, animalTypes: [], imageUrls: [], createdAt: 'x', updatedAt: 'x',
      } as never);
      await waitFor(() => local.get('live-added'));
    } finally {
      // Let the replication finish before the next suite kills the store under it.
      const done = new Promise((resolve) => rep.on('complete', resolve));
      rep.cancel();
      await done;
    }
  });
});
