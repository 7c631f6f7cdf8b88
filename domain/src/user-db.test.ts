// Unit tests for the /db/me document policy: which documents a user may push into their own database.
import { describe, expect, it } from 'vitest';
import { newFavorite } from './favorite.ts';
import { checkUserDbDoc, USER_DB_DOC_TYPES } from './user-db.ts';

const me = '0123456789abcdef0123456789abcdef';
const other = 'fedcba9876543210fedcba9876543210';
const fav = newFavorite('farm-sanctuary-watkins-glen-ny', me, new Date('2026-01-02T00:00:00Z'));
const reasonOf = (doc: unknown) => {
  const v = checkUserDbDoc(doc, me);
  return v.ok ? 'ok' : v.reason;
};

describe('checkUserDbDoc', () => {
  it('users may write favourites and the command types of later issues', () => {
    expect(USER_DB_DOC_TYPES).toEqual(expect.arrayContaining(['favorite', 'submission-command', 'admin-decision']));
  });

  it("accepts the user's own valid favourite, new or replicated", () => {
    expect(checkUserDbDoc(fav, me)).toEqual({ ok: true, type: 'favorite' });
    expect(checkUserDbDoc({ ...fav, _rev: '3-abc', _revisions: { start: 3, ids: ['abc', 'b', 'c'] } }, me)).toEqual({ ok: true, type: 'favorite' });
  });

  it("refuses another user's documents", () => {
    expect(reasonOf({ ...fav, ownerId: other })).toBe('This document belongs to another account.');
    expect(reasonOf({ ...fav, ownerId: undefined })).toBe('This document belongs to another account.');
  });

  it('refuses types that are not allowed, and documents without a type', () => {
    expect(reasonOf({ ...fav, _id: 'review:1', type: 'review' })).toBe('Documents of type "review" cannot be saved here.');
    expect(reasonOf({ ...fav, type: 'user', role: 'admin' })).toBe('Documents of type "user" cannot be saved here.');
    expect(reasonOf({ ...fav, type: 'constructor' })).toBe('Documents of type "constructor" cannot be saved here.');
    expect(reasonOf({ _id: 'favorite:x', ownerId: me })).toBe('Every document needs a type.');
  });

  it('refuses ids that do not follow the type rule, and design or local documents', () => {
    expect(reasonOf({ ...fav, _id: 'x:farm-sanctuary-watkins-glen-ny' })).toBe('The id of a favorite document must start with "favorite:".');
    expect(reasonOf({ ...fav, _id: 'favorite:another-one' })).toMatch(/^Invalid favorite document\. _id:/);
    expect(reasonOf({ ...fav, _id: '_design/evil' })).toBe('Design and local documents cannot be written here.');
    expect(reasonOf({ ...fav, _id: '_local/x' })).toBe('Design and local documents cannot be written here.');
    expect(reasonOf({ ...fav, _id: undefined })).toBe('Every document needs an _id.');
  });

  it('refuses schema violations with the field in the reason', () => {
    expect(reasonOf({ ...fav, createdAt: 'soon' })).toBe('Invalid favorite document. createdAt: createdAt must be an ISO date-time');
    expect(reasonOf({ ...fav, note: 'hello' })).toMatch(/Unrecognized key/);
  });

  it('refuses documents over the size limit', () => {
    expect(reasonOf({ ...fav, padding: 'x'.repeat(5000) })).toBe('This favorite document is too large (at most 2048 bytes).');
  });

  it('allows deleting favourites: a bare stub or the full document marked deleted', () => {
    expect(checkUserDbDoc({ _id: fav._id, _rev: '2-b', _deleted: true, _revisions: { start: 2, ids: ['b', 'a'] } }, me)).toEqual({ ok: true, type: 'favorite' });
    expect(checkUserDbDoc({ ...fav, _rev: '2-b', _deleted: true }, me)).toEqual({ ok: true, type: 'favorite' });
  });

  it('refuses deletions of unknown kinds and deletions carrying someone else’s body', () => {
    expect(reasonOf({ _id: 'user:abc', _rev: '1-a', _deleted: true })).toBe('Documents of this kind cannot be saved here.');
    expect(reasonOf({ _id: 'plain', _deleted: true })).toBe('Documents of this kind cannot be saved here.');
    expect(reasonOf({ ...fav, ownerId: other, _deleted: true })).toBe('This document belongs to another account.');
  });

  it('refuses anything that is not a document', () => {
    for (const bad of [null, 'x', 1, [fav]]) expect(reasonOf(bad)).toBe('Each document must be a JSON object.');
  });
});
