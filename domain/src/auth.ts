// Account payloads shared by the web forms and the gateway: sign-in, sign-up, password change and profile
// update schemas, with the spec's messages. One schema per payload; the server validates with the same ones.
// The texts and limits live in auth-messages.ts (no zod) and are re-exported here.
import { z } from 'zod';
import { AUTH_ERRORS, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from './auth-messages.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { NAME_MESSAGES, isReservedName, nameProblem, normalizeName, usernameProblem } from './names.ts';

export {
  AUTH_ERRORS,
  AUTH_FALLBACKS,
  AUTH_TOASTS,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
} from './auth-messages.ts';

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

/** A first or last name: required, normalised (names.ts), letters in one script per word, not a staff-like name. */
const name = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(MAX_NAME_LENGTH, AUTH_ERRORS.nameTooLong)
    .transform(normalizeName)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

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
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_ERRORS.passwordsDontMatch, path: ['confirmPassword'] })
  // Each name may be fine and the two together not: "Sanctuary" "Seekers".
  .refine((v) => !isReservedName(`${v.firstName} ${v.lastName}`), { message: NAME_MESSAGES.nameReserved, path: ['lastName'] });
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
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : usernameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable()
    .optional()
    .transform((u) => (u === '' ? null : u)),
});
export type ProfileUpdatePayload = z.input<typeof profileUpdateSchema>;

/** The first message of a failed parse, which is what the API answers and a form can show inline. */
export function firstIssueMessage(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
