// Unit test of a review's helpful count when the votes are read from a copy that is behind (a CouchDB cluster reads a
// range of `_all_docs` from one copy of each shard): the voter's own vote, just cast or withdrawn, is counted as it now
// is, so the count written into the review is not one short (or one over) until the next vote.
import { describe, expect, it } from 'vitest';
import type { ReviewDoc } from '@ss/domain/review';
import { helpfulVoteId } from '@ss/domain/review-moderation';
import type { CouchClient } from './client.ts';
import { DB } from './definitions.ts';
import { voteHelpful, withdrawHelpful } from './review-moderation.ts';

const REVIEW_ID = 'review:0123456789abcdef0123456789abcdef';
const OTHER_VOTE = helpfulVoteId(REVIEW_ID, 'user:other');

/** A review with `helpfulCount`; the votes' range read always answers `shown`, as a copy that is behind would. */
function storeShowingVotes(shown: string[], helpfulCount: number) {
  let review = { _id: REVIEW_ID, _rev: '1-a', type: 'review', sanctuaryId: 'sunrise-farm', helpfulCount } as ReviewDoc;
  const notFound = () => Object.assign(new Error('missing'), { statusCode: 404 });
  const scopes: Record<string, object> = {
    [DB.reviews]: {
      get: async () => review,
      insert: async (doc: ReviewDoc) => {
        review = { ...doc, _rev: '2-b' };
        return { ok: true, id: doc._id, rev: review._rev };
      },
    },
    [DB.votes]: {
      insert: async (doc: { _id: string }) => ({ ok: true, id: doc._id, rev: '1-v' }),
      get: async (id: string) => {
        if (id === OTHER_VOTE) throw notFound();
        return { _id: id, _rev: '1-v' };
      },
      destroy: async (id: string) => ({ ok: true, id, rev: '2-v' }),
      list: async () => ({ rows: shown.map((id) => ({ id, key: id, value: { rev: '1-v' } })) }),
    },
  };
  const couch = { call: <T,>(work: () => Promise<T>) => work(), use: (db: string) => scopes[db] } as unknown as CouchClient;
  return { couch, review: () => review };
}

describe('helpful counts', () => {
  it("counts a vote just cast that the copy read does not show yet", async () => {
    const store = storeShowingVotes([OTHER_VOTE], 1);
    await expect(voteHelpful(store.couch, REVIEW_ID, 'user:me')).resolves.toBe(2);
    expect(store.review().helpfulCount).toBe(2);
  });

  it('leaves out a vote just withdrawn that the copy read still shows', async () => {
    const mine = helpfulVoteId(REVIEW_ID, 'user:me');
    const store = storeShowingVotes([OTHER_VOTE, mine], 2);
    await expect(withdrawHelpful(store.couch, REVIEW_ID, 'user:me')).resolves.toBe(1);
    expect(store.review().helpfulCount).toBe(1);
  });
});
