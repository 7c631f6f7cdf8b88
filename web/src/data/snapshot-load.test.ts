import { describe, expect, it } from 'vitest';
import { nextBatchSize } from './snapshot-load';

describe('nextBatchSize', () => {
  it('grows a batch that wrote quickly, at most doubling it', () => {
    expect(nextBatchSize(100, 5)).toBe(200);
    expect(nextBatchSize(100, 10)).toBe(160);
  });

  it('shrinks a batch that took longer than the target, to the size that would have met it', () => {
    expect(nextBatchSize(100, 200)).toBe(10);
    expect(nextBatchSize(400, 100)).toBe(64);
  });

  it('stays between 10 and 2,500 documents', () => {
    expect(nextBatchSize(30, 10_000)).toBe(10);
    expect(nextBatchSize(2000, 1)).toBe(2500);
    expect(nextBatchSize(100, 0)).toBe(200);
  });
});
