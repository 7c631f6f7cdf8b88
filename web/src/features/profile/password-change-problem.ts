// What stops a password change before it is sent, as the toast to show: the spec's mismatch first, then too short,
// then anything else the shared schema refuses. Required fields are checked by the form itself.
import { AUTH_TOASTS, firstIssueMessage, passwordChangeSchema, type PasswordChangePayload } from '@ss/domain/auth';
import { MIN_PASSWORD_LENGTH } from '@ss/domain/constants';

export interface PasswordChangeProblem {
  title: string;
  description: string;
}

export function passwordChangeProblem(values: PasswordChangePayload): PasswordChangeProblem | null {
  if (values.newPassword !== values.confirmPassword) return AUTH_TOASTS.passwordMismatch;
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return AUTH_TOASTS.passwordTooShort;
  const parsed = passwordChangeSchema.safeParse(values);
  if (!parsed.success) return { title: AUTH_TOASTS.passwordChangeFailed.title, description: firstIssueMessage(parsed.error) };
  return null;
}
