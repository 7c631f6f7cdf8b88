// Gateway routes in-process with app.request(), against an in-memory stand-in for the CouchDB module.
import { describe, expect, it } from 'vitest';
import { CouchUnavailableError, type CouchClient } from '@ss/couchdb/client';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import type { ReviewDoc } from '@ss/domain/review';
import { createApp } from './app.ts';

const sanctuary = {
  _id: 's1', _rev: '1-x', type: 'sanctuary', schemaVersion: 1, createdAt: 't', updatedAt: 't', name: 'One', description: '', address: '',
  city: 'Ravenna', state: 'OH', zipCode: '', latitude: 41.1, longitude: -81.2, coordinatesApproximate: true, phone: '', email: '', website: '',
  animalTypes: ['pigs'], isVerified: false, acceptingAnimals: null, hasVolunteerOpportunities: false, volunteerInfo: '', hasToursAvailable: false,
  tourSchedule: '', specialNeeds: '', imageUrls: [], operatingHours: {}, upcomingEvents: [],
} as SanctuaryDoc;
const review: ReviewDoc = {
  _id: 'review:c1', type: 'review', schemaVersion: 1, sanctuaryId: 's1', sanctuaryName: 'One', sanctuaryCity: 'Ravenna', sanctuaryState: 'OH',
  username: 'Ann', rating: 5, title: 'Great', comment: 'Lovely pigs', visitDate: '2026-01-02', createdAt: '2026-01-03T00:00:00Z', photos: [],
};

function fakeCouch(down = false): CouchClient {
  const guard = <T>(value: T) => (down ? Promise.reject(new CouchUnavailableError('connect ECONNREFUSED')) : Promise.resolve(value));
  return {
    ping: () => Promise.resolve(!down),
    sanctuaries: { list: () => guard([sanctuary]), get: (id: string) => guard(id === 's1' ? sanctuary : null) },
    reviews: {
      forSanctuary: (id: string) => guard(id === 's1' ? [review] : []),
      recent: () => guard([review]),
      stats: () => guard({ _id: 'stats:s1', type: 'review-stats', sanctuaryId: 's1', totalReviews: 1, ratingSum: 5, averageRating: 5, updatedAt: 't' }),
    },
  } as unknown as CouchClient;
}

describe('gateway API routes', () => {
  const app = createApp({ couch: fakeCouch() });

  it('GET /api/sanctuaries returns spec-shaped sanctuaries', async () => {
    const res = await app.request('/api/sanctuaries');
    expect(res.status).toBe(200);
    const [first] = (await res.json()) as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ id: 's1', name: 'One', animalTypes: ['pigs'] });
    expect(first).not.toHaveProperty('_id');
  });

  it('GET one, its reviews and stats; 404 with a JSON error for unknown ids', async () => {
    expect(await (await app.request('/api/sanctuaries/s1')).json()).toMatchObject({ id: 's1' });
    expect(await (await app.request('/api/sanctuaries/s1/reviews')).json()).toEqual([
      { id: 'review:c1', username: 'Ann', rating: 5, title: 'Great', comment: 'Lovely pigs', visit_date: '2026-01-02', created_at: '2026-01-03T00:00:00Z', photos: [] },
    ]);
    expect(await (await app.request('/api/sanctuaries/s1/stats')).json()).toEqual({ averageRating: 5, totalReviews: 1 });
    for (const p of ['/api/sanctuaries/zz', '/api/sanctuaries/zz/reviews', '/api/sanctuaries/zz/stats']) {
      const res = await app.request(p);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Sanctuary not found' });
    }
  });

  it('GET /api/community/reviews uses the community shape', async () => {
    expect(await (await app.request('/api/community/reviews')).json()).toEqual([
      { id: 'review:c1', user_name: 'Ann', created_at: '2026-01-03T00:00:00Z', rating: 5, title: 'Great', comment: 'Lovely pigs', visit_date: '2026-01-02', sanctuary_id: 's1', sanctuary_name: 'One', sanctuary_city: 'Ravenna', sanctuary_state: 'OH' },
    ]);
  });

  it('unknown API paths are JSON 404s', async () => {
    const res = await app.request('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('answers 503 with a plain message, no internals, when CouchDB is unreachable', async () => {
    const down = createApp({ couch: fakeCouch(true) });
    const res = await down.request('/api/sanctuaries');
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at /);
    expect(JSON.parse(body)).toHaveProperty('error');
    expect((await down.request('/api/health')).status).toBe(503);
  });
});
