import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age.ts';

const now = new Date('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

describe('relative age', () => {
  it.each([
    [0, '1 day ago'],
    [1, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 weeks ago'],
    [8, '2 weeks ago'],
    [14, '2 weeks ago'],
    [29, '5 weeks ago'],
  ])('%i days → %s', (days, expected) => {
    expect(relativeAge(daysAgo(days), now)).toBe(expected);
  });
  it('30 days or more is a locale date', () => {
    expect(relativeAge(daysAgo(30), now, 'en-US')).toBe(new Date(daysAgo(30)).toLocaleDateString('en-US'));
  });
});
