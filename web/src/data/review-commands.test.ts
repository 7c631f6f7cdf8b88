// @vitest-environment jsdom
// Review outcomes: announced only for commands this device wrote, once each (remembered across reloads in
// localStorage), from the command's status or from the gateway's refusal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';

const denied = vi.hoisted(() => ({ listener: null as null | ((d: { id: string; reason: string }) => void) }));
vi.mock('./user-db', async () => {
  const { create } = await import('zustand');
  return {
    useUserDbStore: create(() => ({ userId: null, db: null })),
    onDenied: (l: (d: { id: string; reason: string }) => void) => {
      denied.listener = l;
      return () => undefined;
    },
  };
});

const { acknowledgeReviewOutcome, expectReviewOutcome, reviewOutcomes, useReviewCommandsStore } = await import('./review-commands');
const { useUserDbStore } = await import('./user-db');

const command = (status: ReviewCommandDoc['status'], extra: Partial<ReviewCommandDoc> = {}): ReviewCommandDoc => ({
  ...newReviewCommand({ ownerId: 'u1', sanctuaryId: 's1', rating: 5, title: '', comment: 'Nice', visitDate: '' }),
  status,
  ...extra,
});

function ready(...commands: ReviewCommandDoc[]) {
  useReviewCommandsStore.setState({ userId: 'u1', status: 'ready', byId: new Map(commands.map((c) => [c._id, c])) });
}

afterEach(() => {
  localStorage.clear();
  useReviewCommandsStore.setState({ userId: null, status: 'idle', byId: new Map(), awaiting: {} });
});

describe('review outcomes', () => {
  it('announces published and rejected commands this device is waiting for, and nothing else', () => {
    const published = command('published', { reviewId: 'review:x' });
    const rejected = command('rejected', { reason: 'Unknown sanctuary.' });
    const pending = command('pending');
    const elsewhere = command('published');
    ready(published, rejected, pending, elsewhere);
    for (const c of [published, rejected, pending]) expectReviewOutcome('u1', c._id);
    expect(reviewOutcomes(useReviewCommandsStore.getState())).toEqual([
      { id: published._id, kind: 'published' },
      { id: rejected._id, kind: 'failed', reason: 'Unknown sanctuary.' },
    ]);
  });

  it('forgets an outcome once acknowledged, also for the next page load', () => {
    const published = command('published');
    ready(published);
    expectReviewOutcome('u1', published._id);
    expect(JSON.parse(localStorage.getItem('ss:review-awaiting:u1')!)).toEqual({ [published._id]: {} });
    acknowledgeReviewOutcome('u1', published._id);
    expect(reviewOutcomes(useReviewCommandsStore.getState())).toEqual([]);
    expect(localStorage.getItem('ss:review-awaiting:u1')).toBeNull();
  });

  it('announces a refusal from the gateway with its reason', () => {
    const refused = command('pending');
    ready(refused);
    expectReviewOutcome('u1', refused._id);
    useUserDbStore.setState({ userId: 'u1' } as never);
    denied.listener!({ id: refused._id, reason: 'photo-0 is not a JPEG, PNG or WebP image.' });
    // user-db.ts removes the refused copy from the device.
    ready();
    expect(reviewOutcomes(useReviewCommandsStore.getState())).toEqual([
      { id: refused._id, kind: 'failed', reason: 'photo-0 is not a JPEG, PNG or WebP image.' },
    ]);
  });
});
