// The password-change checks made before anything is sent: mismatch first, then too short, then the shared schema.
import { describe, expect, it } from 'vitest';
import { AUTH_TOASTS, MAX_PASSWORD_LENGTH } from '@ss/domain/auth';
import { passwordChangeProblem } from './password-change-problem';

describe('passwordChangeProblem', () => {
  it('is the spec\'s mismatch toast when new and confirm differ', () => {
    expect(passwordChangeProblem({ currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secreT' })).toEqual({
      title: 'Password Mismatch',
      description: 'New password and confirm password do not match.',
    });
  });

  it('reports the mismatch before the length', () => {
    expect(passwordChangeProblem({ currentPassword: 'old-secret', newPassword: 'abc', confirmPassword: 'abd' })).toEqual(AUTH_TOASTS.passwordMismatch);
  });

  it("is the spec's too-short toast under 6 characters", () => {
    expect(passwordChangeProblem({ currentPassword: 'old-secret', newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Password Too Short',
      description: 'Password must be at least 6 characters long.',
    });
  });

  it('accepts exactly 6 characters, spaces included', () => {
    expect(passwordChangeProblem({ currentPassword: 'old-secret', newPassword: 'ab cd ', confirmPassword: 'ab cd ' })).toBeNull();
  });

  it('passes anything else the shared schema refuses on as a failure', () => {
    const long = 'x'.repeat(MAX_PASSWORD_LENGTH + 1);
    expect(passwordChangeProblem({ currentPassword: 'old-secret', newPassword: long, confirmPassword: long })).toEqual({
      title: 'Password Change Failed',
      description: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
    });
  });
});
