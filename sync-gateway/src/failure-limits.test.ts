// Unit tests for the failed-attempt limiter's helpers: the 429 message and the client address behind proxies.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientAddress, growingBlock, tooManyAttemptsMessage } from './failure-limits.ts';

describe('tooManyAttemptsMessage', () => {
  it('says how long to wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many failed attempts. Please wait 15 minutes and try again.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many failed attempts. Please wait 2 minutes and try again.');
    expect(tooManyAttemptsMessage(5)).toBe('Too many failed attempts. Please wait 1 minute and try again.');
  });
});

describe('clientAddress', () => {
  const addressOf = async (trusted: number, forwardedFor?: string) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientAddress(c, trusted)));
    return (await app.request('/', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).text();
  };

  it('ignores X-Forwarded-For unless proxies are trusted (a client could write anything there)', async () => {
    expect(await addressOf(0, '203.0.113.9')).toBe('unknown');
  });
  it('reads the address the outermost trusted proxy saw, from the right', async () => {
    expect(await addressOf(1, 'spoofed, 198.51.100.2, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(2, 'spoofed, 198.51.100.2, 203.0.113.9')).toBe('198.51.100.2');
    expect(await addressOf(1)).toBe('unknown');
  });
});

describe('growingBlock', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('blocks a key at the limit for the window, then twice as long each time it comes back and fails again', async () => {
    const limiter = growingBlock({ limit: 2, windowMs: 60_000, maxBlockMs: 200_000 });
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      expect(await limiter.retryAfter('k')).toBe(0);
      await limiter.fail('k');
      expect(await limiter.retryAfter('k')).toBe(0);
      await limiter.fail('k');
      const wait = await limiter.retryAfter('k');
      waits.push(wait);
      vi.advanceTimersByTime(wait * 1000 + 10);
    }
    // 60 s, 120 s, then the 200 s cap.
    expect(waits).toEqual([60, 120, 200, 200]);
  });

  it('keeps keys apart, and a reset clears failures but not the strikes', async () => {
    const limiter = growingBlock({ limit: 1, windowMs: 10_000, maxBlockMs: 100_000 });
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(10);
    expect(await limiter.retryAfter('b')).toBe(0);
    await limiter.reset('a');
    expect(await limiter.retryAfter('a')).toBe(0);
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(20);
  });
});
