// Unit tests for the failed-attempt limiter's helpers: the 429 message and the client address behind proxies.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, tooManyAttemptsMessage } from './failure-limits.ts';

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
