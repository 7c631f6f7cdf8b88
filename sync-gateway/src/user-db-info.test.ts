// The user database info cache: one store read per user and window, shared by requests that come together.
import { describe, expect, it } from 'vitest';
import type { CouchClient } from '@ss/couchdb/client';
import { userDbInfoCache } from './user-db-info.ts';

function fakeStore() {
  const reads: string[] = [];
  let status = 200;
  let docs = 3;
  const release: Array<() => void> = [];
  let hold = false;
  const couch = {
    async forward(db: string) {
      reads.push(db);
      if (hold) await new Promise<void>((resolve) => release.push(resolve));
      return new Response(status === 200 ? JSON.stringify({ db_name: db, doc_count: docs, doc_del_count: 1, sizes: { file: 4096 } }) : '{"error":"not_found"}', { status });
    },
  } as unknown as CouchClient;
  return {
    couch,
    reads,
    set: (next: { status?: number; docs?: number; hold?: boolean }) => ((status = next.status ?? status), (docs = next.docs ?? docs), (hold = next.hold ?? hold)),
    releaseAll: () => release.splice(0).forEach((r) => r()),
  };
}

const USER = 'a'.repeat(32);

describe('userDbInfoCache', () => {
  it('reads the info once per window (5 s by default), then again', async () => {
    const store = fakeStore();
    let t = 1_000_000;
    const cache = userDbInfoCache(store.couch, { now: () => t });
    const first = await cache.info(USER);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ db_name: `userdb-${USER}`, doc_count: 3 });
    t += 4_999;
    store.set({ docs: 9 });
    expect(JSON.parse((await cache.info(USER)).body).doc_count).toBe(3);
    expect(store.reads).toHaveLength(1);
    t += 1;
    expect(JSON.parse((await cache.info(USER)).body).doc_count).toBe(9);
    expect(store.reads).toHaveLength(2);
  });

  it('shares one store read among requests that come while it is under way', async () => {
    const store = fakeStore();
    store.set({ hold: true });
    const cache = userDbInfoCache(store.couch);
    const asked = [cache.info(USER), cache.info(USER), cache.usage(USER)];
    await new Promise((r) => setTimeout(r, 0));
    store.releaseAll();
    const [a, b, usage] = await Promise.all(asked);
    expect(store.reads).toHaveLength(1);
    expect(a).toEqual(b);
    expect(usage).toEqual({ docs: 4, bytes: 4096 });
  });

  it('never keeps a refusal, and counts what this gateway wrote on top of the last count', async () => {
    const store = fakeStore();
    const t = 5_000;
    const cache = userDbInfoCache(store.couch, { now: () => t });
    store.set({ status: 404 });
    expect((await cache.info(USER)).status).toBe(404);
    expect((await cache.info(USER)).status).toBe(404);
    expect(store.reads).toHaveLength(2);
    await expect(cache.usage(USER)).rejects.toMatchObject({ statusCode: 404 });
    store.set({ status: 200 });
    expect(await cache.usage(USER)).toEqual({ docs: 4, bytes: 4096 });
    cache.wrote(USER, 5);
    expect(await cache.usage(USER)).toEqual({ docs: 9, bytes: 4096 });
    expect(store.reads).toHaveLength(4);
  });
});
