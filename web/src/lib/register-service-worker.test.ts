// A first visit registers the service worker once the directory's first sync has ended (or after a wait), so the
// worker's install does not download the whole app beside the sync the page is showing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSyncStatus } from '../data/sync-status';
import { afterFirstSync, FIRST_VISIT_WAIT_MS } from './register-service-worker';

beforeEach(() => {
  vi.useFakeTimers();
  useSyncStatus.setState({ phase: 'syncing' });
});
afterEach(() => vi.useRealTimers());

describe('afterFirstSync', () => {
  it('waits while the first sync runs, then goes on once, when it is done', () => {
    const then = vi.fn();
    afterFirstSync(then);
    useSyncStatus.setState({ docsWritten: 200, pending: 132 });
    expect(then).not.toHaveBeenCalled();
    useSyncStatus.setState({ phase: 'up-to-date' });
    expect(then).toHaveBeenCalledTimes(1);
    useSyncStatus.setState({ phase: 'syncing' });
    useSyncStatus.setState({ phase: 'up-to-date' });
    vi.advanceTimersByTime(FIRST_VISIT_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes on when the sync fails or the device is offline', () => {
    for (const phase of ['error', 'offline'] as const) {
      useSyncStatus.setState({ phase: 'syncing' });
      const then = vi.fn();
      afterFirstSync(then);
      useSyncStatus.setState({ phase });
      expect(then, phase).toHaveBeenCalledTimes(1);
    }
  });

  it('goes on at once when no sync is running, and after the wait when one runs too long', () => {
    useSyncStatus.setState({ phase: 'up-to-date' });
    const now = vi.fn();
    afterFirstSync(now);
    expect(now).toHaveBeenCalledTimes(1);

    useSyncStatus.setState({ phase: 'syncing' });
    const later = vi.fn();
    afterFirstSync(later);
    vi.advanceTimersByTime(FIRST_VISIT_WAIT_MS - 1);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(later).toHaveBeenCalledTimes(1);
    useSyncStatus.setState({ phase: 'up-to-date' });
    expect(later).toHaveBeenCalledTimes(1);
  });
});
