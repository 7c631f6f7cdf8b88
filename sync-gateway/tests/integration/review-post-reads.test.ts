// The multipart review POST reads the listing, the user's review slot and the account once, together, while the
// form is parsed (readReviewContext): the check and the publication reuse them. Before, the listing was read three
// times and the reads came one after another, two round trips to the store more before the answer (issue 16).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { createApp } from '../../src/app.ts';
import { startStoreCounter, type StoreCounter } from '../../../scripts/load/store-counter.ts';
import { SANCTUARY_A, request, startGateway, type App, type Gateway } from './harness.ts';

let g: Gateway;
let counter: StoreCounter;
let b: App;

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

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe('POST /api/sanctuaries/{id}/reviews, reads from the store', () => {
  it('reads the listing once, and a refused second review is told from the same reads', async () => {
    const { id } = await g.register('Reader');
    const cookie = await g.session(id);
    const before = await counter.snapshot();
    const res = await request(b, `/api/sanctuaries/${SANCTUARY_A}/reviews`, { method: 'POST', cookie, body: form({ rating: '4', comment: 'Calm and well kept.' }) });
    expect(res.status).toBe(201);
    const after = await counter.snapshot();
    const reads = (kind: string) => (after.byKind.get(kind) ?? 0) - (before.byKind.get(kind) ?? 0);
    expect(reads('GET sanctuaries/<doc>')).toBe(1);

    const again = await request(b, `/api/sanctuaries/${SANCTUARY_A}/reviews`, { method: 'POST', cookie, body: form({ rating: '2', comment: 'Second thoughts.' }) });
    expect(again.status).toBe(409);
    const unknown = await request(b, '/api/sanctuaries/no-such-place/reviews', { method: 'POST', cookie, body: form({ rating: '2', comment: 'Where?' }) });
    expect(unknown.status).toBe(404);
  });
});
