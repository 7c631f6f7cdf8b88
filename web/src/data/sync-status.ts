// What the sync indicator shows: offline, syncing (with how many documents arrived), up to date, or an error.
import { create } from 'zustand';

export type SyncPhase = 'offline' | 'syncing' | 'up-to-date' | 'error';

export interface SyncStatus {
  online: boolean;
  phase: SyncPhase;
  /** Documents written to this device since the current sync started. */
  docsWritten: number;
  /** Changes the server still has to send, when it says so. */
  pending: number | null;
  lastSyncedAt: string | null;
  error: string | null;
}

const LAST_SYNCED_KEY = 'ss:last-synced-at';

function readLastSynced(): string | null {
  try {
    return localStorage.getItem(LAST_SYNCED_KEY);
  } catch {
    return null;
  }
}

export const useSyncStatus = create<SyncStatus>(() => ({
  // Outside a browser (the build's pre-rendering; Node 21+ has a navigator without onLine): online, syncing.
  online: typeof window === 'undefined' ? true : navigator.onLine,
  phase: typeof window !== 'undefined' && !navigator.onLine ? 'offline' : 'syncing',
  docsWritten: 0,
  pending: null,
  lastSyncedAt: readLastSynced(),
  error: null,
}));

export function markSynced(at: Date = new Date()) {
  const iso = at.toISOString();
  try {
    localStorage.setItem(LAST_SYNCED_KEY, iso);
  } catch {
    // Private mode or quota: the indicator still works for this session.
  }
  useSyncStatus.setState({ phase: 'up-to-date', lastSyncedAt: iso, error: null, pending: 0 });
}
