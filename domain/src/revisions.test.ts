// Unit tests for the revision metadata check every pushed document goes through (issue 19: poisoned histories).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRevisionMeta, parseRev, revisionsIn, MAX_REVISION_HISTORY } from './revisions.ts';

const h = (c: string) => c.repeat(32);
const replicated = (doc: Record<string, unknown>) => checkRevisionMeta(doc, { newEdits: false });
const reason = (v: ReturnType<typeof checkRevisionMeta>) => (v.ok ? 'ok' : v.reason);

describe('parseRev', () => {
  it('reads <generation>-<32 hex>', () => {
    expect(parseRev(`12-${h('a')}`)).toEqual({ generation: 12, id: h('a') });
    for (const bad of ['1-a', `0-${h('a')}`, `01-${h('a')}`, `-1-${h('a')}`, `1-${h('A')}`, `1-${h('a')}x`, 'x', '', 1, null, `99999999999-${h('a')}`]) {
      expect(parseRev(bad), String(bad)).toBeNull();
    }
  });
});

describe('checkRevisionMeta', () => {
  it('accepts what PouchDB sends when it replicates: a history starting at _rev', () => {
    expect(replicated({ _rev: `3-${h('c')}`, _revisions: { start: 3, ids: [h('c'), h('b'), h('a')] } })).toEqual({ ok: true });
    // A stemmed history (older ids dropped) is normal.
    expect(replicated({ _rev: `900-${h('c')}`, _revisions: { start: 900, ids: [h('c')] } })).toEqual({ ok: true });
  });

  it('accepts a new edit with or without a _rev, and no history', () => {
    expect(checkRevisionMeta({}, { newEdits: true })).toEqual({ ok: true });
    expect(checkRevisionMeta({ _rev: `1-${h('a')}` }, { newEdits: true })).toEqual({ ok: true });
  });

  it('refuses every malformed or inconsistent history', () => {
    const rev = `2-${h('b')}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ _rev: rev, _revisions: { start: 2, ids: [] } }, '_revisions.ids must list at least the current revision.'],
      [{ _rev: rev }, 'A replicated document needs its _revisions history.'],
      [{ _revisions: { start: 2, ids: [h('b')] } }, 'A replicated document needs its _rev.'],
      [{ _rev: rev, _revisions: null }, '_revisions must be {"start", "ids"}.'],
      [{ _rev: rev, _revisions: [h('b')] }, '_revisions must be {"start", "ids"}.'],
      [{ _rev: rev, _revisions: { start: 2, ids: [h('b')], extra: 1 } }, '_revisions must be exactly {"start", "ids"}.'],
      [{ _rev: rev, _revisions: { start: 3, ids: [h('b')] } }, '_revisions.start must be the generation of _rev.'],
      [{ _rev: rev, _revisions: { start: '2', ids: [h('b')] } }, '_revisions.start must be the generation of _rev.'],
      [{ _rev: rev, _revisions: { start: 2, ids: [h('b'), h('a'), h('c')] } }, '_revisions.ids is longer than the revision history can be.'],
      [{ _rev: rev, _revisions: { start: 2, ids: [h('a')] } }, '_revisions.ids must start with the id of _rev.'],
      [{ _rev: rev, _revisions: { start: 2, ids: [h('b'), 'zz'] } }, 'Every _revisions id must be 32 hex digits.'],
      [{ _rev: rev, _revisions: { start: 2, ids: [h('b'), h('b')] } }, '_revisions.ids must not repeat an id.'],
      [{ _rev: rev, _revisions: { start: 2, ids: h('b') } }, '_revisions.ids must list at least the current revision.'],
      [{ _rev: 'junk', _revisions: { start: 2, ids: [h('b')] } }, '_rev must look like "<generation>-<32 hex digits>".'],
    ];
    for (const [doc, expected] of cases) expect(reason(replicated(doc)), JSON.stringify(doc)).toBe(expected);
  });

  it('refuses histories longer than the stores keep', () => {
    const ids = Array.from({ length: MAX_REVISION_HISTORY + 1 }, (_, i) => i.toString(16).padStart(32, '0'));
    expect(reason(replicated({ _rev: `5000-${ids[0]}`, _revisions: { start: 5000, ids } }))).toBe('_revisions.ids is longer than the revision history can be.');
  });

  it('never accepts a history whose ids do not name _rev first, whatever is generated', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{32}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.array(hex, { maxLength: 60 }), hex, (start, ids, revId) => {
        const v = replicated({ _rev: `${start}-${revId}`, _revisions: { start, ids } });
        if (v.ok) {
          expect(ids[0]).toBe(revId);
          expect(ids.length).toBeGreaterThan(0);
          expect(ids.length).toBeLessThanOrEqual(start);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('revisionsIn', () => {
  it('names every revision of a history', () => {
    expect(revisionsIn({ start: 3, ids: [h('c'), h('b')] })).toEqual([`3-${h('c')}`, `2-${h('b')}`]);
    expect(revisionsIn(undefined)).toEqual([]);
  });
});
