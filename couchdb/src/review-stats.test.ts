// Unit test of a listing's figures recomputed from a view read on a copy that is behind (a CouchDB cluster reads a
// view from one copy of each shard): the recomputation waits for the reviews it was set off by instead of writing
// figures without them, which would stay wrong until the listing's next review.
import { describe, expect, it } from 'vitest';
import type { ReviewStatsDoc } from '@ss/domain/review';
import type { CouchClient } from './client.ts';
import { recomputeStats, seenAsIs } from './review-stats.ts';

const SANCTUARY = 'sunrise-farm';
const STATS_ID = `stats:${SANCTUARY}`;

/** Rows of the reviews view, as each read gives them in turn (the last one again after that); one stats document. */
function storeWithViewReads(reads: Array<Array<{ id: string; rating: number }>>) {
  const written: ReviewStatsDoc[] = [];
  let viewReads = 0;
  let stats: ReviewStatsDoc | undefined;
  const scope = {
    view: async (_design: string, _view: string, params: { reduce: boolean }) => {
      const rows = reads[Math.min(viewReads++, reads.length - 1)]!;
      if (params.reduce) return { rows: rows.length ? [{ key: null, value: { count: rows.length, sum: rows.reduce((s, r) => s + r.rating, 0) } }] : [] };
      return { rows: rows.map((r) => ({ id: r.id, key: [SANCTUARY, '2026-12-05'], value: r.rating })) };
    },
    get: async (id: string) => {
      if (id !== STATS_ID || !stats) throw Object.assign(new Error('missing'), { statusCode: 404 });
      return stats;
    },
    insert: async (doc: ReviewStatsDoc) => {
      stats = { ...doc, _rev: `${written.length + 1}-x` };
      written.push(doc);
      return { ok: true, id: doc._id, rev: stats._rev };
    },
  };
  const couch = { call: <T,>(work: () => Promise<T>) => work(), use: () => scope } as unknown as CouchClient;
  return { couch, written, viewReads: () => viewReads };
}

const review = (id: string, extra: object = {}) =>
  ({ _id: id, type: 'review', sanctuaryId: SANCTUARY, rating: 4, ...extra }) as Parameters<typeof seenAsIs>[0];

describe('recomputeStats', () => {
  it('reads the view again until it shows the review that set it off, and counts it', async () => {
    const store = storeWithViewReads([[{ id: 'review:a', rating: 5 }], [{ id: 'review:a', rating: 5 }], [{ id: 'review:a', rating: 5 }, { id: 'review:b', rating: 4 }]]);
    const figures = await recomputeStats(store.couch, SANCTUARY, seenAsIs(review('review:b')));
    expect(figures).toMatchObject({ totalReviews: 2, ratingSum: 9, averageRating: 4.5 });
    expect(store.written.map((d) => d.totalReviews)).toEqual([2]);
    expect(store.viewReads()).toBe(3);
  });

  it('waits for a hidden or withdrawn review to leave the view before counting without it', async () => {
    const both = [{ id: 'review:a', rating: 5 }, { id: 'review:b', rating: 1 }];
    for (const gone of [review('review:b', { hidden: true }), review('review:b', { _deleted: true })]) {
      const store = storeWithViewReads([both, [{ id: 'review:a', rating: 5 }]]);
      await expect(recomputeStats(store.couch, SANCTUARY, seenAsIs(gone))).resolves.toMatchObject({ totalReviews: 1, ratingSum: 5 });
      expect(store.viewReads()).toBe(2);
    }
  });

  it('fails, writing nothing, when the view never shows the review (the follower reads its batch again)', async () => {
    const store = storeWithViewReads([[]]);
    await expect(recomputeStats(store.couch, SANCTUARY, seenAsIs(review('review:b')))).rejects.toThrow('The reviews view does not show review:b as it is yet');
    expect(store.written).toEqual([]);
  });

  it('without reviews seen, counts what one reduced read of the view gives', async () => {
    const store = storeWithViewReads([[{ id: 'review:a', rating: 3 }]]);
    await expect(recomputeStats(store.couch, SANCTUARY)).resolves.toMatchObject({ totalReviews: 1, ratingSum: 3 });
    expect(store.viewReads()).toBe(1);
  });
});
