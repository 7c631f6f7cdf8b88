// Unit tests for the create-admin command line: an e-mail and a real password are required; no defaults.
import { describe, expect, it } from 'vitest';
import { parseAdminArgs } from './create-admin.ts';

describe('create-admin arguments', () => {
  it('reads the e-mail, password and optional flags', () => {
    expect(parseAdminArgs(['--email', ' Boss@Example.org ', '--password', 'long enough'])).toEqual({ email: 'Boss@Example.org', password: 'long enough', resetPassword: false });
    expect(parseAdminArgs(['--email', 'b@example.org', '--password', 'secret1', '--reset-password', '--first-name', 'Ada', '--last-name', 'L'])).toEqual({
      email: 'b@example.org', password: 'secret1', resetPassword: true, firstName: 'Ada', lastName: 'L',
    });
  });
  it('refuses a missing or malformed e-mail, and a missing or short password', () => {
    expect(() => parseAdminArgs(['--password', 'secret1'])).toThrow(/email/i);
    expect(() => parseAdminArgs(['--email', 'nope', '--password', 'secret1'])).toThrow(/valid email/);
    expect(() => parseAdminArgs(['--email', 'b@example.org'])).toThrow(/--password is required/);
    expect(() => parseAdminArgs(['--email', 'b@example.org', '--password', '123'])).toThrow('Password must be at least 6 characters long.');
  });
  it('refuses unknown options', () => {
    expect(() => parseAdminArgs(['--email', 'b@example.org', '--password', 'secret1', '--role', 'admin'])).toThrow();
  });
});
