// Unit tests for password hashing: salted, verifiable, parameters stored, malformed hashes never match.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt and a per-password salt, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('keeps working when the default parameters change (they are read from the stored hash)', async () => {
    const light = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    expect(light.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', light)).toBe(true);
  });

  it('treats Unicode compositions alike', async () => {
    expect(await verifyPassword('caf\u0065\u0301', await hashPassword('caf\u00e9', { N: 1024, r: 8, p: 1 }))).toBe(true);
  });

  it('never matches a malformed or hostile stored value', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$AAAA$BBBB', 'scrypt$3000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA`]) {
      expect(await verifyPassword('pw', stored), stored).toBe(false);
    }
  });

  it('the dummy check always fails', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
