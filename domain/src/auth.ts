// Account payloads shared by the web forms and the gateway: sign-in, sign-up, password change and profile
// update schemas, with the spec's messages. One schema per payload; the server validates with the same ones.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';

/** Longest password accepted; generous, but bounds the work a single request can ask of the hash function. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_USERNAME_LENGTH = 40;
export const MAX_EMAIL_LENGTH = 254;

/** The spec's toast texts for the account screens (section 8), title and description. */
export const AUTH_TOASTS = {
  loginSuccess: { title: 'Welcome back!' },
  loginFailed: { title: 'Login failed', description: 'Please check your credentials and try again.' },
  registrationFailed: { title: 'Registration failed', description: 'Please try again with different credentials.' },
  registrationMismatch: { title: "Passwords don't match", description: 'Please make sure your passwords match.' },
  logoutFailed: { title: 'Logout failed' },
  updateFailed: { title: 'Update Failed' },
  passwordChangeFailed: { title: 'Password Change Failed' },
  passwordMismatch: { title: 'Password Mismatch', description: 'New password and confirm password do not match.' },
  passwordTooShort: { title: 'Password Too Short', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.` },
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
} as const;

/** The spec's inline fallbacks when a failure carries no message. */
export const AUTH_FALLBACKS = {
  loginInline: 'Login failed. Please check your credentials.',
  login: 'Login failed',
  registrationInline: 'Registration failed. Please try again.',
  registration: 'Registration failed',
} as const;

/** Error texts the API answers with (`{ error }`), and the per-field texts of the schemas below. */
export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists.',
  unauthorized: 'Unauthorized',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: AUTH_TOASTS.passwordTooShort.description,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  confirmPasswordRequired: 'Please confirm your password.',
  passwordsDontMatch: AUTH_TOASTS.registrationMismatch.description,
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameTooLong: `Names must be at most ${MAX_NAME_LENGTH} characters long.`,
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordRequired: 'Please enter a new password.',
  newPasswordsDontMatch: AUTH_TOASTS.passwordMismatch.description,
  usernameTooLong: `Username must be at most ${MAX_USERNAME_LENGTH} characters long.`,
} as const;

/** A required, trimmed text; a missing or non-text value gets the same message as an empty one. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const email = requiredText(AUTH_ERRORS.emailRequired)
  .max(MAX_EMAIL_LENGTH, AUTH_ERRORS.emailInvalid)
  .pipe(z.email(AUTH_ERRORS.emailInvalid));
/** A required, well-formed e-mail address (trimmed). */
export const emailSchema = email;

/** A new password: never trimmed (spaces are characters too), at least MIN_PASSWORD_LENGTH long. */
const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(MIN_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooLong);

/** A password as accepted at sign-up and on change. */
export const newPasswordSchema = newPassword(AUTH_ERRORS.passwordRequired);

const name = (requiredMessage: string) => requiredText(requiredMessage).max(MAX_NAME_LENGTH, AUTH_ERRORS.nameTooLong);

export const loginSchema = z.object({
  email,
  password: z.string({ error: AUTH_ERRORS.passwordRequired }).min(1, AUTH_ERRORS.passwordRequired).max(MAX_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooLong),
});
export type LoginPayload = z.input<typeof loginSchema>;

export const registrationSchema = z
  .object({
    email,
    password: newPassword(AUTH_ERRORS.passwordRequired),
    confirmPassword: newPassword(AUTH_ERRORS.confirmPasswordRequired),
    firstName: name(AUTH_ERRORS.firstNameRequired),
    lastName: name(AUTH_ERRORS.lastNameRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_ERRORS.passwordsDontMatch, path: ['confirmPassword'] });
export type RegistrationPayload = z.input<typeof registrationSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: AUTH_ERRORS.currentPasswordRequired }).min(1, AUTH_ERRORS.currentPasswordRequired).max(MAX_PASSWORD_LENGTH, AUTH_ERRORS.passwordTooLong),
    newPassword: newPassword(AUTH_ERRORS.newPasswordRequired),
    confirmPassword: z.string({ error: AUTH_ERRORS.confirmPasswordRequired }).min(1, AUTH_ERRORS.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_ERRORS.newPasswordsDontMatch, path: ['confirmPassword'] });
export type PasswordChangePayload = z.input<typeof passwordChangeSchema>;

/**
 * The profile form sends all four fields; the server treats the payload as a patch, so a missing field is left
 * unchanged. A blank username clears it.
 */
export const profileUpdateSchema = z.object({
  firstName: name(AUTH_ERRORS.firstNameRequired).optional(),
  lastName: name(AUTH_ERRORS.lastNameRequired).optional(),
  email: email.optional(),
  username: z
    .string({ error: AUTH_ERRORS.usernameTooLong })
    .trim()
    .max(MAX_USERNAME_LENGTH, AUTH_ERRORS.usernameTooLong)
    .nullable()
    .optional()
    .transform((u) => (u === '' ? null : u)),
});
export type ProfileUpdatePayload = z.input<typeof profileUpdateSchema>;

/** The first message of a failed parse, which is what the API answers and a form can show inline. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
