// Unit tests for the favourite document schema.
import { describe, expect, it } from 'vitest';
import { favoriteDocId, newFavorite } from './favorite.ts';
import { favoriteDocSchema } from './favorite-schema.ts';

const owner = '0123456789abcdef0123456789abcdef';

describe('favorite documents', () => {
  it('newFavorite makes a valid document whose id derives from the sanctuary', () => {
    const fav = newFavorite('farm-sanctuary-watkins-glen-ny', owner, new Date('2026-01-02T03:04:05Z'));
    expect(fav).toEqual({ _id: 'favorite:farm-sanctuary-watkins-glen-ny', type: 'favorite', schemaVersion: 1, sanctuaryId: 'farm-sanctuary-watkins-glen-ny', ownerId: owner, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(favoriteDocSchema.safeParse(fav).success).toBe(true);
  });
  it('accepts replication metadata', () => {
    const fav = { ...newFavorite('a', owner), _rev: '2-abc', _revisions: { start: 2, ids: ['abc', 'def'] } };
    expect(favoriteDocSchema.safeParse(fav).success).toBe(true);
  });
  it('refuses a wrong id, unknown fields, attachments, bad owners, versions and dates', () => {
    const fav = newFavorite('a', owner);
    for (const bad of [
      { _id: favoriteDocId('b') },
      { extra: 1 },
      { _attachments: { 'x.txt': { content_type: 'text/plain', data: 'eA==' } } },
      { ownerId: 'someone' },
      { schemaVersion: 2 },
      { createdAt: 'yesterday' },
      { sanctuaryId: '_design/x', _id: 'favorite:_design/x' },
      { sanctuaryId: 'has space', _id: 'favorite:has space' },
      { type: 'review' },
    ]) {
      expect(favoriteDocSchema.safeParse({ ...fav, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
