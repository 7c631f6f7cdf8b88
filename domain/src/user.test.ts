// Unit tests for the user ids, e-mail normalisation and the public User shape.
import { describe, expect, it } from 'vitest';
import { emailClaimId, isAdmin, isUserId, normalizeEmail, toUser, userDocId, type UserDoc } from './user.ts';

const doc: UserDoc = {
  _id: userDocId('0123456789abcdef0123456789abcdef'), _rev: '1-a', type: 'user', schemaVersion: 1, firstName: 'Jo', lastName: 'Seeker',
  email: 'Jo@Example.com', emailLower: 'jo@example.com', username: null, profileImageUrl: null, role: 'user', isVerified: false,
  passwordHash: 'scrypt$secret', createdAt: 't', updatedAt: 't',
};

describe('user documents', () => {
  it('user ids are 32 hex characters', () => {
    expect(isUserId('0123456789abcdef0123456789abcdef')).toBe(true);
    for (const bad of ['', '0123456789ABCDEF0123456789ABCDEF', '0123456789abcdef', '../0123456789abcdef0123456789abcd', 'g'.repeat(32)]) expect(isUserId(bad)).toBe(false);
  });
  it('e-mail claims are case- and space-insensitive', () => {
    expect(normalizeEmail('  Jo@Example.COM ')).toBe('jo@example.com');
    expect(emailClaimId('Jo@Example.com')).toBe(emailClaimId('jo@example.com '));
    expect(emailClaimId('Jo@Example.com')).toBe('email:jo@example.com');
  });
  it('toUser returns the spec entity and never the password hash', () => {
    const user = toUser(doc);
    expect(user).toEqual({ id: '0123456789abcdef0123456789abcdef', firstName: 'Jo', lastName: 'Seeker', email: 'Jo@Example.com', username: null, profileImageUrl: null, role: 'user', isVerified: false });
    expect(JSON.stringify(user)).not.toContain('scrypt');
  });
  it('isAdmin only for the admin role', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin({ role: 'sanctuary_owner' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
