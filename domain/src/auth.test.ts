// Unit tests for the account payload schemas: required fields, e-mail format, password length and matching.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { AUTH_ERRORS, AUTH_TOASTS, firstIssueMessage, loginSchema, passwordChangeSchema, profileUpdateSchema, registrationSchema } from './auth.ts';

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const registration = { email: 'Jo@Example.com', password: 'secret1', confirmPassword: 'secret1', firstName: 'Jo', lastName: 'Seeker' };

describe('loginSchema', () => {
  it('accepts an e-mail and any non-empty password, trimming the e-mail only', () => {
    expect(loginSchema.parse({ email: ' jo@example.com ', password: ' x ' })).toEqual({ email: 'jo@example.com', password: ' x ' });
  });
  it('requires both fields, missing or blank, with readable messages', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: AUTH_ERRORS.emailRequired, password: AUTH_ERRORS.passwordRequired });
    expect(errorsOf(loginSchema, { email: '  ', password: '' })).toEqual({ email: AUTH_ERRORS.emailRequired, password: AUTH_ERRORS.passwordRequired });
  });
  it('rejects a malformed e-mail and non-text values', () => {
    expect(errorsOf(loginSchema, { email: 'not-an-email', password: 'x' })).toEqual({ email: AUTH_ERRORS.emailInvalid });
    expect(errorsOf(loginSchema, { email: 42, password: ['x'] })).toEqual({ email: AUTH_ERRORS.emailRequired, password: AUTH_ERRORS.passwordRequired });
  });
});

describe('registrationSchema', () => {
  it('accepts the five fields and trims names and e-mail', () => {
    expect(registrationSchema.parse({ ...registration, firstName: ' Jo ' })).toEqual({ ...registration, firstName: 'Jo' });
  });
  it('requires all five fields', () => {
    expect(errorsOf(registrationSchema, {})).toEqual({
      email: AUTH_ERRORS.emailRequired,
      password: AUTH_ERRORS.passwordRequired,
      confirmPassword: AUTH_ERRORS.confirmPasswordRequired,
      firstName: AUTH_ERRORS.firstNameRequired,
      lastName: AUTH_ERRORS.lastNameRequired,
    });
  });
  it(`needs passwords of at least ${MIN_PASSWORD_LENGTH} characters, using the spec's text`, () => {
    expect(AUTH_ERRORS.passwordTooShort).toBe('Password must be at least 6 characters long.');
    const short = 'a'.repeat(MIN_PASSWORD_LENGTH - 1);
    expect(errorsOf(registrationSchema, { ...registration, password: short, confirmPassword: short })).toEqual({
      password: AUTH_ERRORS.passwordTooShort,
      confirmPassword: AUTH_ERRORS.passwordTooShort,
    });
    const exact = 'a'.repeat(MIN_PASSWORD_LENGTH);
    expect(registrationSchema.safeParse({ ...registration, password: exact, confirmPassword: exact }).success).toBe(true);
  });
  it('refuses a confirmation that does not match', () => {
    expect(errorsOf(registrationSchema, { ...registration, confirmPassword: 'secret2' })).toEqual({ confirmPassword: AUTH_ERRORS.passwordsDontMatch });
    expect(AUTH_TOASTS.registrationMismatch).toEqual({ title: "Passwords don't match", description: 'Please make sure your passwords match.' });
  });
  it('does not trim passwords: surrounding spaces count', () => {
    expect(registrationSchema.safeParse({ ...registration, password: ' abcde', confirmPassword: 'abcde' }).success).toBe(false);
  });
  it('drops fields it does not know (a role cannot be chosen at sign-up)', () => {
    expect(registrationSchema.parse({ ...registration, role: 'admin' })).not.toHaveProperty('role');
  });
});

describe('passwordChangeSchema', () => {
  const change = { currentPassword: 'old', newPassword: 'newpass', confirmPassword: 'newpass' };
  it('accepts a valid change; the current password only has to be present', () => {
    expect(passwordChangeSchema.safeParse(change).success).toBe(true);
  });
  it('requires the three fields', () => {
    expect(errorsOf(passwordChangeSchema, {})).toEqual({
      currentPassword: AUTH_ERRORS.currentPasswordRequired,
      newPassword: AUTH_ERRORS.newPasswordRequired,
      confirmPassword: AUTH_ERRORS.confirmPasswordRequired,
    });
  });
  it("uses the spec's too-short and mismatch texts", () => {
    expect(errorsOf(passwordChangeSchema, { ...change, newPassword: 'abc', confirmPassword: 'abc' })).toEqual({ newPassword: 'Password must be at least 6 characters long.' });
    expect(errorsOf(passwordChangeSchema, { ...change, confirmPassword: 'newpasz' })).toEqual({ confirmPassword: 'New password and confirm password do not match.' });
  });
});

describe('profileUpdateSchema', () => {
  it('accepts the four fields, trimmed; a blank username becomes null', () => {
    expect(profileUpdateSchema.parse({ firstName: ' Jo ', lastName: 'S', email: 'jo@example.com', username: '  ' })).toEqual({
      firstName: 'Jo', lastName: 'S', email: 'jo@example.com', username: null,
    });
  });
  it('is a patch: missing fields stay missing', () => {
    expect(profileUpdateSchema.parse({ username: 'jojo' })).toEqual({ username: 'jojo' });
  });
  it('refuses a malformed e-mail, blank names and over-long values', () => {
    expect(errorsOf(profileUpdateSchema, { email: 'nope' })).toEqual({ email: AUTH_ERRORS.emailInvalid });
    expect(errorsOf(profileUpdateSchema, { firstName: ' ' })).toEqual({ firstName: AUTH_ERRORS.firstNameRequired });
    expect(errorsOf(profileUpdateSchema, { username: 'x'.repeat(41) })).toEqual({ username: AUTH_ERRORS.usernameTooLong });
  });
  it('cannot change role or verification', () => {
    expect(profileUpdateSchema.parse({ role: 'admin', isVerified: true })).toEqual({});
  });
});

describe('firstIssueMessage', () => {
  it('gives the first problem as a sentence', () => {
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(AUTH_ERRORS.emailRequired);
  });
});
