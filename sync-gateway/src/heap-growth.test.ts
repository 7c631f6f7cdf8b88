import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWING_PERCENT, heapGrowingPercentFromEnv } from './heap-growth.ts';

describe('heapGrowingPercentFromEnv', () => {
  it('is 50 % unless set', () => {
    expect(DEFAULT_HEAP_GROWING_PERCENT).toBe(50);
    expect(heapGrowingPercentFromEnv({})).toBe(50);
    expect(heapGrowingPercentFromEnv({ GATEWAY_HEAP_GROWING_PERCENT: ' ' })).toBe(50);
  });

  it("takes a whole number from 10 to 400, or 0 for V8's own choice", () => {
    expect(heapGrowingPercentFromEnv({ GATEWAY_HEAP_GROWING_PERCENT: '30' })).toBe(30);
    expect(heapGrowingPercentFromEnv({ GATEWAY_HEAP_GROWING_PERCENT: '400' })).toBe(400);
    expect(heapGrowingPercentFromEnv({ GATEWAY_HEAP_GROWING_PERCENT: '0' })).toBe(0);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['5', '401', '12.5', '-20', 'fifty']) {
      expect(() => heapGrowingPercentFromEnv({ GATEWAY_HEAP_GROWING_PERCENT: bad })).toThrow(/GATEWAY_HEAP_GROWING_PERCENT must be 0 .* not "/);
    }
  });
});
