import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES, EMPTY_SUBMISSION_FIELDS, adminDecisionPushSchema, newAdminDecision, newSubmissionCommand,
  sanctuaryIdForSubmission, submissionCommandPushSchema, submissionFieldsSchema, submissionStatusLabel, toSubmission,
  type SubmissionDoc, type SubmissionFields,
} from './submission.ts';
import { checkUserDbDoc } from './user-db.ts';

const OWNER = '0123456789abcdef0123456789abcdef';
const FIELDS: SubmissionFields = {
  ...EMPTY_SUBMISSION_FIELDS,
  name: 'Hoof Haven',
  description: 'Rescued cows.',
  city: 'Cleveland',
  state: 'OH',
  zipCode: '44114',
  email: 'hi@example.org',
  contactName: 'Sam',
  animalTypes: ['cows'],
};

describe('submission fields', () => {
  it('accepts a complete application and normalises the state', () => {
    expect(submissionFieldsSchema.parse({ ...FIELDS, state: 'oh', name: '  Hoof Haven ' })).toMatchObject({ state: 'OH', name: 'Hoof Haven' });
  });

  it.each([
    [{ name: '' }, 'Please enter the sanctuary name.'],
    [{ state: 'XX' }, 'Please choose a US state.'],
    [{ zipCode: '4411' }, 'Please enter a 5-digit ZIP code.'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ website: 'ftp://x.org' }, 'Please enter a web address starting with http:// or https://.'],
  ])('refuses %o', (patch, message) => {
    const res = submissionFieldsSchema.safeParse({ ...FIELDS, ...patch });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(message);
  });

  it('refuses animal types outside the spec list', () => {
    expect(submissionFieldsSchema.safeParse({ ...FIELDS, animalTypes: ['lions'] }).success).toBe(false);
  });
});

describe('commands in the user database', () => {
  it('lets a user push a new pending application, never an outcome', () => {
    const cmd = newSubmissionCommand(OWNER, FIELDS);
    expect(checkUserDbDoc(cmd, OWNER)).toEqual({ ok: true, type: 'submission-command' });
    expect(submissionCommandPushSchema.safeParse({ ...cmd, status: 'approved' }).success).toBe(false);
    expect(submissionCommandPushSchema.safeParse({ ...cmd, reviewNotes: 'ok' }).success).toBe(false);
    expect(checkUserDbDoc(cmd, 'f'.repeat(32))).toMatchObject({ ok: false });
    expect(checkUserDbDoc({ _id: cmd._id, _rev: '1-a', _deleted: true }, OWNER)).toMatchObject({ ok: false });
  });

  it('requires notes on a rejection decision', () => {
    const sub = `submission:${'a'.repeat(32)}`;
    expect(adminDecisionPushSchema.safeParse(newAdminDecision(OWNER, sub, 'approve', '')).success).toBe(true);
    const blank = adminDecisionPushSchema.safeParse({ ...newAdminDecision(OWNER, sub, 'reject', ''), reviewNotes: '  ' });
    expect(blank.error?.issues[0]?.message).toBe(ADMIN_MESSAGES.notesRequiredText);
    expect(checkUserDbDoc(newAdminDecision(OWNER, sub, 'reject', 'Missing website'), OWNER)).toEqual({ ok: true, type: 'admin-decision' });
  });
});

describe('queue helpers', () => {
  const doc: SubmissionDoc = {
    ...FIELDS, _id: `submission:${'b'.repeat(32)}`, type: 'submission', schemaVersion: 1, status: 'pending', submittedAt: '2025-01-01T00:00:00.000Z',
    reviewNotes: null, applicantId: OWNER, commandId: `submission-command:${'b'.repeat(32)}`,
  };

  it('labels pending as Pending Review and anything else as stored', () => {
    expect(submissionStatusLabel('pending')).toBe('Pending Review');
    expect(submissionStatusLabel('approved')).toBe('approved');
    expect(submissionStatusLabel('on-hold')).toBe('on-hold');
  });

  it('returns the spec entity and derives a stable listing id', () => {
    expect(toSubmission(doc)).toMatchObject({ id: 'b'.repeat(32), status: 'pending', reviewNotes: null, name: 'Hoof Haven' });
    expect(sanctuaryIdForSubmission(doc)).toBe('hoof-haven-cleveland-oh-bbbbbbbb');
  });
});
