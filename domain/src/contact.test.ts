// Unit tests for the contact form schema: required fields, email format and the optional category.
import { describe, expect, it } from 'vitest';
import { CONTACT_ERRORS, contactSchema } from './contact';

const valid = {
  name: 'Jo Seeker',
  email: 'jo@example.com',
  subject: 'Hello',
  category: 'general',
  message: 'I love this app.',
};

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string | undefined> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    out[key] ??= issue.message;
  }
  return out;
}

describe('contactSchema', () => {
  it('accepts a complete form', () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
  });

  it('treats category as optional (missing or empty)', () => {
    const withoutCategory: Partial<typeof valid> = { ...valid };
    delete withoutCategory.category;
    expect(contactSchema.safeParse(withoutCategory).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, category: '' }).success).toBe(true);
  });

  it('rejects an unknown category', () => {
    expect(contactSchema.safeParse({ ...valid, category: 'spam' }).success).toBe(false);
  });

  it('requires name, email, subject and message with readable messages', () => {
    expect(errorsOf({ name: '', email: '', subject: '', category: '', message: '' })).toEqual({
      name: CONTACT_ERRORS.nameRequired,
      email: CONTACT_ERRORS.emailRequired,
      subject: CONTACT_ERRORS.subjectRequired,
      message: CONTACT_ERRORS.messageRequired,
    });
  });

  it('treats whitespace-only text as missing', () => {
    expect(errorsOf({ ...valid, name: '   ', message: '\n ' })).toEqual({
      name: CONTACT_ERRORS.nameRequired,
      message: CONTACT_ERRORS.messageRequired,
    });
  });

  it('rejects a malformed email with the invalid-email message', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: CONTACT_ERRORS.emailInvalid });
  });

  it('trims the values it returns', () => {
    const parsed = contactSchema.parse({ ...valid, name: '  Jo  ', email: ' jo@example.com ' });
    expect(parsed.name).toBe('Jo');
    expect(parsed.email).toBe('jo@example.com');
  });
});
