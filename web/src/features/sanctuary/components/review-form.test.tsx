// @vitest-environment jsdom
// The review form: submit disabled while the comment is blank, photo previews with remove buttons, more than five
// photos refused with the spec's toast, and a successful submit that saves the review and resets the form.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES } from '@ss/domain/review-command';
import { useToastStore } from '../../../ui/toast-store';
import { ReviewForm } from './review-form';

const submitReview = vi.hoisted(() => vi.fn(async (_input: unknown) => 'review-command:0123456789abcdef0123456789abcdef'));
vi.mock('../../../data/submit-review', () => ({ submitReview }));

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${n++}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  submitReview.mockClear();
  useToastStore.setState({ toasts: [] });
});

function setup() {
  const onSubmitted = vi.fn();
  const user = userEvent.setup();
  render(<ReviewForm userId="u1" sanctuaryId="farm-sanctuary" onSubmitted={onSubmitted} />);
  return { user, onSubmitted };
}

const submit = () => screen.getByRole('button', { name: 'Submit Review' });
const photosInput = () => screen.getByLabelText('Photos');
const previews = () => screen.queryAllByRole('img', { name: /^Preview of / });

describe('ReviewForm', () => {
  it('starts at 5 stars with submit disabled until the comment has more than spaces', async () => {
    const { user } = setup();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByText(REVIEW_MESSAGES.photoHint)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Comment'), '   ');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Comment'), 'Lovely pigs');
    expect(submit()).toBeEnabled();
  });

  it('previews chosen photos, removes one, and refuses a selection that would make more than five', async () => {
    const { user } = setup();
    await user.upload(photosInput(), [png('a.png'), png('b.png'), png('c.png')]);
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['Preview of a.png', 'Preview of b.png', 'Preview of c.png']);

    await user.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(previews()).toHaveLength(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    // 2 + 4 = 6: the whole selection is refused, nothing of it is added.
    await user.upload(photosInput(), [png('d.png'), png('e.png'), png('f.png'), png('g.png')]);
    expect(previews()).toHaveLength(2);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: REVIEW_MESSAGES.tooManyTitle,
      description: REVIEW_MESSAGES.tooManyText,
      variant: 'destructive',
    });

    await user.upload(photosInput(), [png('d.png'), png('e.png'), png('f.png')]);
    expect(previews()).toHaveLength(5);
  });

  it('submits the review with its photos, then resets to 5 stars, empty fields and no photos', async () => {
    const { user, onSubmitted } = setup();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByLabelText('Title'), '  A calm morning ');
    await user.type(screen.getByLabelText('Comment'), ' <b>Lovely</b> pigs ');
    await user.type(screen.getByLabelText('Visit Date'), '2025-05-01');
    const a = png('a.png');
    const b = png('b.png');
    await user.upload(photosInput(), [a, b]);
    await user.click(submit());

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(submitReview).toHaveBeenCalledWith({
      userId: 'u1',
      sanctuaryId: 'farm-sanctuary',
      rating: 3,
      title: 'A calm morning',
      comment: '<b>Lovely</b> pigs',
      visitDate: '2025-05-01',
      photos: [a, b],
    });

    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByLabelText('Visit Date')).toHaveValue('');
    expect(previews()).toHaveLength(0);
    expect(within(screen.getByRole('form', { name: 'Write a review' })).queryByRole('list', { name: 'Selected photos' })).toBeNull();
    expect(submit()).toBeDisabled();
  });

  it('keeps everything and says why when the review cannot be saved', async () => {
    submitReview.mockRejectedValueOnce(new Error('Your account is not available on this device right now.'));
    const { user, onSubmitted } = setup();
    await user.type(screen.getByLabelText('Comment'), 'Lovely pigs');
    await user.click(submit());
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe(REVIEW_MESSAGES.failureTitle));
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Comment')).toHaveValue('Lovely pigs');
  });
});
