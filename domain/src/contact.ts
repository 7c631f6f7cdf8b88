// The contact form's fields and rules: name, email, subject and message required; category optional.
import { z } from 'zod';

/** Choices for the optional Category select; an empty value means "no category". */
export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General question' },
  { value: 'listing', label: 'Listing a sanctuary' },
  { value: 'incorrect-info', label: 'Report incorrect information' },
  { value: 'technical', label: 'Technical problem' },
  { value: 'partnership', label: 'Partnership' },
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]['value'];

const categoryValues = CONTACT_CATEGORIES.map((c) => c.value) as [ContactCategory, ...ContactCategory[]];

/** Inline error texts shown under each field. */
export const CONTACT_ERRORS = {
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter a message.',
} as const;

export const contactSchema = z.object({
  name: z.string().trim().min(1, CONTACT_ERRORS.nameRequired),
  // Required first, so a blank field says "enter" rather than "invalid".
  email: z.string().trim().min(1, CONTACT_ERRORS.emailRequired).pipe(z.email(CONTACT_ERRORS.emailInvalid)),
  subject: z.string().trim().min(1, CONTACT_ERRORS.subjectRequired),
  category: z.union([z.enum(categoryValues), z.literal('')]).optional(),
  message: z.string().trim().min(1, CONTACT_ERRORS.messageRequired),
});

export type ContactForm = z.infer<typeof contactSchema>;

/** The form's starting (and post-submit) values. */
export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', subject: '', category: '', message: '' };
