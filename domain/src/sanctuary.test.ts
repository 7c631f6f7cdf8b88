import { describe, expect, it } from 'vitest';
import { parseSanctuaryDoc, sanctuaryId, toSanctuary } from './sanctuary.ts';
import { summarizeRatings, toCommunityReview, toReview, type ReviewDoc } from './review.ts';

const doc = {
  _id: 'farm-sanctuary-watkins-glen-ny', _rev: '1-a', type: 'sanctuary', schemaVersion: 1, createdAt: 't', updatedAt: 't',
  name: 'Farm Sanctuary', city: 'Watkins Glen', state: 'NY', latitude: 42.38, longitude: -76.87,
};

describe('sanctuary documents', () => {
  it('makes stable URL-safe ids', () => {
    expect(sanctuaryId('Gerda’s Animal Aid', 'Townshend', 'VT')).toBe('gerda-s-animal-aid-townshend-vt');
    expect(sanctuaryId('Café  Refuge!', 'São Paulo', 'NY')).toBe('cafe-refuge-sao-paulo-ny');
  });
  it('fills defaults and maps to the spec entity without storage fields', () => {
    const parsed = parseSanctuaryDoc(doc);
    expect(parsed.acceptingAnimals).toBeNull();
    expect(parsed.animalTypes).toEqual([]);
    const api = toSanctuary(parsed);
    expect(api.id).toBe('farm-sanctuary-watkins-glen-ny');
    expect(api).not.toHaveProperty('_rev');
    expect(api).not.toHaveProperty('type');
  });
  it('rejects bad data with a reason', () => {
    expect(() => parseSanctuaryDoc({ ...doc, latitude: 123 })).toThrow();
    expect(() => parseSanctuaryDoc({ ...doc, state: 'New York' })).toThrow();
    expect(() => parseSanctuaryDoc({ ...doc, animalTypes: ['dragons'] })).toThrow();
    expect(() => parseSanctuaryDoc({ ...doc, website: 'javascript:alert(1)' })).toThrow();
    expect(() => parseSanctuaryDoc({ ...doc, schemaVersion: 99 })).toThrow();
  });
});

describe('reviews', () => {
  const review: ReviewDoc = {
    _id: 'review:1', type: 'review', schemaVersion: 1, sanctuaryId: 's1', sanctuaryName: 'S', sanctuaryCity: 'C', sanctuaryState: 'OH',
    username: 'Ann', rating: 4, title: '', comment: 'Lovely', visitDate: '', createdAt: '2026-01-01T00:00:00Z', photos: [],
  };
  it('maps to both API shapes, omitting empty optional fields', () => {
    expect(toReview(review)).toMatchObject({ id: 'review:1', username: 'Ann', visit_date: null });
    const community = toCommunityReview(review);
    expect(community).toMatchObject({ user_name: 'Ann', sanctuary_id: 's1', sanctuary_state: 'OH' });
    expect(community).not.toHaveProperty('title');
    expect(community).not.toHaveProperty('visit_date');
  });
  it('summarises ratings, 0 for none', () => {
    expect(summarizeRatings([])).toEqual({ ratingSum: 0, totalReviews: 0, averageRating: 0 });
    expect(summarizeRatings([5, 4, 4])).toEqual({ ratingSum: 13, totalReviews: 3, averageRating: 4.3 });
  });
});
