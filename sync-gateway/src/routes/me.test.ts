import { describe, expect, it } from 'vitest';
import { MAX_DOC_DEPTH, nestsDeeperThan } from './me.ts';

describe('nestsDeeperThan', () => {
  it('measures nesting without recursion, so any depth JSON.parse accepts is answered', () => {
    const deep = JSON.parse(`${'{"n":'.repeat(200_000)}1${'}'.repeat(200_000)}`) as unknown;
    expect(nestsDeeperThan(deep, MAX_DOC_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: { b: [1, { c: 2 }] } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: [1, { c: { d: 1 } }] } }, 3)).toBe(true);
    expect(nestsDeeperThan('x', 0)).toBe(false);
  });
  it('leaves room for the deepest user document, a review command with photos', () => {
    const command = { _id: 'review-command:x', _revisions: { start: 1, ids: ['a'] }, _attachments: { 'photo-0': { content_type: 'image/png', data: 'AA==' } } };
    expect(nestsDeeperThan(command, MAX_DOC_DEPTH)).toBe(false);
  });
});
