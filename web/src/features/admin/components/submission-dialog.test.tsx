// @vitest-environment jsdom
// The admin's submission dialog: every field shown, Reject refused with the spec's toast while the notes are blank,
// Approve and Reject (with notes) handed to the caller; a decided submission has no actions.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, EMPTY_SUBMISSION_FIELDS, type SubmissionDoc } from '@ss/domain/submission';
import { Toaster } from '../../../ui/toaster';
import { useToastStore } from '../../../ui/toast-store';
import { renderWithRouter } from '../../pages/components/test-router';
import { SubmissionDialog } from './submission-dialog';

afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
});

const SUB: SubmissionDoc = {
  ...EMPTY_SUBMISSION_FIELDS,
  name: 'Hoof Haven',
  description: 'Rescued cows by the lake.',
  city: 'Cleveland',
  state: 'OH',
  zipCode: '44114',
  email: 'hi@hoofhaven.example.org',
  contactName: 'Sam Rivera',
  contactTitle: 'Director',
  animalTypes: ['cows', 'pigs'],
  additionalInfo: 'Founded 2019',
  _id: `submission:${'a'.repeat(32)}`,
  type: 'submission',
  schemaVersion: 1,
  status: 'pending',
  submittedAt: '2025-06-01T12:00:00.000Z',
  reviewNotes: null,
  applicantId: 'b'.repeat(32),
  commandId: `submission-command:${'a'.repeat(32)}`,
};

async function renderDialog(submission: SubmissionDoc = SUB) {
  const onDecide = vi.fn(async () => {});
  // The Toaster reads the router (it follows navigation).
  await renderWithRouter(
    <>
      <SubmissionDialog submission={submission} deciding={false} onClose={() => {}} onDecide={onDecide} />
      <Toaster />
    </>,
  );
  return { onDecide, dialog: screen.getByRole('dialog') };
}

describe('SubmissionDialog', () => {
  it('shows every field with the Pending Review badge', async () => {
    const { dialog } = await renderDialog();
    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Hoof Haven' })).toBeInTheDocument();
    expect(d.getByText('Pending Review')).toBeInTheDocument();
    for (const label of ['Description', 'Address', 'City', 'State', 'ZIP code', 'Email', 'Contact name', 'Contact title', 'Phone', 'Website', 'Animal types', 'Accepting animals', 'Volunteer opportunities', 'Tours available', 'Volunteer info', 'Special needs', 'Additional info', 'Submitted', 'Review notes']) {
      expect(d.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(d.getByText('cows, pigs')).toBeInTheDocument();
  });

  it('refuses to reject without notes, then hands decisions to the caller', async () => {
    const user = userEvent.setup();
    const { onDecide, dialog } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(screen.getAllByText(ADMIN_MESSAGES.notesRequiredTitle)[0]).toBeInTheDocument();
    expect(screen.getAllByText(ADMIN_MESSAGES.notesRequiredText)[0]).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Review notes'), 'Please add a website.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(onDecide).toHaveBeenLastCalledWith(SUB, 'reject', 'Please add a website.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenLastCalledWith(SUB, 'approve', 'Please add a website.');
  });

  it('offers no actions once decided', async () => {
    const { dialog } = await renderDialog({ ...SUB, status: 'rejected', reviewNotes: 'Not a farm sanctuary' });
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).getByText('rejected')).toBeInTheDocument();
  });
});
