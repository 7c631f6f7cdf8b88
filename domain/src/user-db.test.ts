// Unit tests for the /db/me document policy: which documents a user may push into their own database.
import { describe, expect, it } from 'vitest';
import { newFavorite } from './favorite.ts';
import { checkUserDbDoc, MAX_DOC_DEPTH, nestsDeeperThan, USER_DB_DOC_TYPES } from './user-db.ts';

const me = '0123456789abcdef0123456789abcdef';
const other = 'fedcba9876543210fedcba9876543210';
const fav = newFavorite('farm-sanctuary-watkins-glen-ny', me, new Date('2026-01-02T00:00:00Z'));
/** A well-formed revision id: 32 hex digits made of one repeated character. */
const h = (c: string) => c.repeat(32);
const reasonOf = (doc: unknown, newEdits = true) => {
  const v = checkUserDbDoc(doc, me, { newEdits });
  return v.ok ? 'ok' : v.reason;
};

describe('checkUserDbDoc', () => {
  it('users may write favourites and the command types of later issues', () => {
    expect(USER_DB_DOC_TYPES).toEqual(expect.arrayContaining(['favorite', 'submission-command', 'admin-decision']));
  });

  it("accepts the user's own valid favourite, new or replicated", () => {
    expect(checkUserDbDoc(fav, me)).toEqual({ ok: true, type: 'favorite' });
    expect(checkUserDbDoc({ ...fav, _rev: `3-${h('a')}`, _revisions: { start: 3, ids: [h('a'), h('b'), h('c')] } }, me, { newEdits: false })).toEqual({ ok: true, type: 'favorite' });
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
    expect(checkUserDbDoc({ _id: fav._id, _rev: `2-${h('b')}`, _deleted: true, _revisions: { start: 2, ids: [h('b'), h('a')] } }, me, { newEdits: false })).toEqual({ ok: true, type: 'favorite' });
    expect(checkUserDbDoc({ ...fav, _rev: `2-${h('b')}`, _deleted: true }, me)).toEqual({ ok: true, type: 'favorite' });
  });

  it('refuses deletions of unknown kinds and deletions carrying someone else’s body', () => {
    expect(reasonOf({ _id: 'user:abc', _rev: `1-${h('a')}`, _deleted: true })).toBe('Documents of this kind cannot be saved here.');
    expect(reasonOf({ _id: 'plain', _deleted: true })).toBe('Documents of this kind cannot be saved here.');
    expect(reasonOf({ ...fav, ownerId: other, _deleted: true })).toBe('This document belongs to another account.');
  });

  it('checks revision metadata before anything else about a pushed document (revisions.ts)', () => {
    // The poisoned history of issue 19: an empty ids list, pushed with new_edits=false.
    expect(reasonOf({ ...fav, _rev: `1-${h('a')}`, _revisions: { start: 1, ids: [] } }, false)).toBe('_revisions.ids must list at least the current revision.');
    expect(reasonOf({ ...fav, _rev: `1-${h('a')}` }, false)).toBe('A replicated document needs its _revisions history.');
    expect(reasonOf({ ...fav, _revisions: { start: 1, ids: [h('a')] } }, true)).toBe('_revisions is only sent when replicating (new_edits=false).');
    expect(reasonOf({ ...fav, _rev: 'x' })).toBe('_rev must look like "<generation>-<32 hex digits>".');
  });

  it('refuses anything that is not a document', () => {
    for (const bad of [null, 'x', 1, [fav]]) expect(reasonOf(bad)).toBe('Each document must be a JSON object.');
  });
});

/** `{"n": {"n": … 1 …}}` nested `depth` levels, parsed as JSON would be from a pushed body. */
const nested = (depth: number): unknown => JSON.parse(`${'{"n":'.repeat(depth)}1${'}'.repeat(depth)}`);

describe('nesting depth', () => {
  it('measures nesting without recursion, so any depth JSON.parse accepts is answered', () => {
    expect(nestsDeeperThan(nested(200_000), MAX_DOC_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: { b: [1, { c: 2 }] } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: [1, { c: { d: 1 } }] } }, 3)).toBe(true);
    // Levels are counted below the top value: nested(n) holds n objects, the innermost n - 1 levels down.
    expect(nestsDeeperThan(nested(MAX_DOC_DEPTH + 1), MAX_DOC_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_DOC_DEPTH + 2), MAX_DOC_DEPTH)).toBe(true);
    expect(nestsDeeperThan('x', 0)).toBe(false);
  });

  it('ends on a cyclic value', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(nestsDeeperThan(loop, MAX_DOC_DEPTH)).toBe(true);
  });

  it('leaves room for the deepest user document, a review command with photos', () => {
    const command = { _id: 'review-command:x', _revisions: { start: 1, ids: ['a'] }, _attachments: { 'photo-0': { content_type: 'image/png', data: 'AA==' } } };
    expect(nestsDeeperThan(command, MAX_DOC_DEPTH)).toBe(false);
  });

  it('checkUserDbDoc refuses a deeply nested document instead of overflowing the stack', () => {
    // 100,000 levels overflowed JSON.stringify in the size check before the depth was bounded.
    const reason = `Documents may nest at most ${MAX_DOC_DEPTH} levels deep.`;
    expect(reasonOf({ ...fav, extra: nested(100_000) })).toBe(reason);
    expect(reasonOf({ ...fav, sanctuaryId: nested(100_000) })).toBe(reason);
    expect(reasonOf({ _id: fav._id, _deleted: true, _revisions: nested(100_000) })).toBe(reason);
    // Just past the bound is refused too; within it the ordinary rules answer.
    expect(reasonOf({ ...fav, extra: nested(MAX_DOC_DEPTH + 1) })).toBe(reason);
    expect(reasonOf({ ...fav, extra: nested(MAX_DOC_DEPTH) })).toMatch(/Unrecognized key/);
  });
});
