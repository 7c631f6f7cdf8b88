// The zod-free half of the account screens: the spec's toast, fallback and error texts and the length limits.
// Kept apart from auth.ts (the payload schemas) so the first paint, which shows sign-out toasts, does not
// download and run zod.
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
  usernameTaken: 'This username is taken. Please choose another.',
} as const;
