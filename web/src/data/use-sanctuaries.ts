// Every sanctuary on this device, live, for React. Reads the local replicated directory only.
// The third argument of useSyncExternalStore is what pre-rendering showed and hydration renders first: loading.
import { useMemo, useSyncExternalStore } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { directoryPreview, sanctuaryDirectory, type DirectoryPreview } from './sanctuary-directory';
import { byName } from '@ss/domain/sort';

export function useSanctuaries(): { status: 'loading' | 'ready'; sanctuaries: Sanctuary[] } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot, sanctuaryDirectory.getServerSnapshot);
  const sanctuaries = useMemo(() => [...snap.items.values()].sort(byName), [snap.items]);
  return { status: snap.status, sanctuaries };
}

export function useSanctuary(id: string): { status: 'loading' | 'ready'; sanctuary: Sanctuary | undefined } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot, sanctuaryDirectory.getServerSnapshot);
  return { status: snap.status, sanctuary: snap.items.get(id) };
}

/** While the directory loads on a cold start at /: the count and the first cards, from the small preview record. */
export function useDirectoryPreview(): DirectoryPreview | null {
  return useSyncExternalStore(directoryPreview.subscribe, directoryPreview.getSnapshot, directoryPreview.getServerSnapshot);
}
