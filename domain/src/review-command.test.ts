import { describe, expect, it } from 'vitest';
import { isValidVisitDate, newReviewCommand, reviewCommandHex, REVIEW_COMMAND_ID_PATTERN } from './review-command.ts';
import { reviewCommandDocSchema, reviewFormSchema } from './review-command-schema.ts';

const owner = '0123456789abcdef0123456789abcdef';
const hex = 'fedcba9876543210fedcba9876543210';

describe('review commands', () => {
  it('newReviewCommand makes a valid pending command with a trimmed text', () => {
    const cmd = newReviewCommand({ ownerId: owner, sanctuaryId: 'farm-a', rating: 4, title: ' Hi ', comment: ' Lovely ', visitDate: '2025-01-02', id: hex, now: new Date('2026-01-01T00:00:00Z') });
    expect(cmd).toMatchObject({ _id: `review-command:${hex}`, status: 'pending', title: 'Hi', comment: 'Lovely', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(reviewCommandDocSchema.safeParse(cmd).success).toBe(true);
    expect(reviewCommandHex(cmd._id)).toBe(hex);
    expect(REVIEW_COMMAND_ID_PATTERN.test(newReviewCommand({ ownerId: owner, sanctuaryId: 's', rating: 5, title: '', comment: 'x', visitDate: '' })._id)).toBe(true);
  });

  it('refuses ratings outside 1-5, a blank comment and unknown fields', () => {
    const base = newReviewCommand({ ownerId: owner, sanctuaryId: 'farm-a', rating: 4, title: '', comment: 'ok', visitDate: '', id: hex });
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { comment: '' }, { comment: '   ' }, { extra: 1 }, { status: 'done' }]) {
      expect(reviewCommandDocSchema.safeParse({ ...base, ...bad }).success).toBe(false);
    }
  });

  it('visit dates are empty or a real past date', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(isValidVisitDate('', now)).toBe(true);
    expect(isValidVisitDate('2026-03-10', now)).toBe(true);
    expect(isValidVisitDate('2026-02-30', now)).toBe(false);
    expect(isValidVisitDate('2027-01-01', now)).toBe(false);
    expect(isValidVisitDate('10/03/2026', now)).toBe(false);
  });

  it('the form schema defaults the rating to 5 and needs a comment', () => {
    expect(reviewFormSchema.parse({ comment: ' ok ' })).toEqual({ rating: 5, title: '', comment: 'ok', visitDate: '' });
    expect(reviewFormSchema.parse({ rating: '3', comment: 'x', title: ' t ' })).toMatchObject({ rating: 3, title: 't' });
    const blank = reviewFormSchema.safeParse({ comment: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Please write a comment.');
    expect(reviewFormSchema.safeParse({ rating: '6', comment: 'x' }).success).toBe(false);
  });
});
