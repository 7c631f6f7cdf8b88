// Every sanctuary on this device, live, for React. Reads the local replicated directory only.
// The third argument of useSyncExternalStore is what pre-rendering showed and hydration renders first: loading.
import { useSyncExternalStore } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';
import type { SanctuarySearchIndex } from '@ss/domain/search';
import { directoryPreview, sanctuaryDirectory, type DirectoryPreview } from './sanctuary-directory';
import { pageData } from './page-data';
import { useSyncStatus } from './sync-status';

export function useSanctuaries(): { status: 'loading' | 'ready'; sanctuaries: Sanctuary[]; searchIndex: () => SanctuarySearchIndex<Sanctuary> } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot, sanctuaryDirectory.getServerSnapshot);
  // byName() keeps its result for its snapshot, so this is the same array until the directory changes; searchIndex is
  // the snapshot's own function, made once per snapshot too.
  return { status: snap.status, sanctuaries: snap.byName(), searchIndex: snap.searchIndex };
}

export function useSanctuary(id: string): { status: 'loading' | 'ready'; sanctuary: Sanctuary | undefined } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot, sanctuaryDirectory.getServerSnapshot);
  return { status: snap.status, sanctuary: snap.items.get(id) };
}

/**
 * A listing's profile: from the device's directory, or, while that has not arrived on a first visit (or is still being
 * read), the listing the page was served with (@ss/domain/page-data), so the profile shows at once instead of a
 * placeholder where the page's HTML already had its facts.
 */
export function useProfileSanctuary(id: string): { status: 'loading' | 'ready'; sanctuary: Sanctuary | undefined } {
  const local = useSanctuary(id);
  const neverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase === 'syncing');
  const served = pageData().sanctuary;
  if (!local.sanctuary && served?.id === id && (local.status === 'loading' || neverSynced)) return { status: 'ready', sanctuary: served };
  return local;
}

/** While the directory loads on a cold start at /: the count and the first cards, from the small preview record. */
export function useDirectoryPreview(): DirectoryPreview | null {
  return useSyncExternalStore(directoryPreview.subscribe, directoryPreview.getSnapshot, directoryPreview.getServerSnapshot);
}
