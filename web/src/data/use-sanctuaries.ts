// Every sanctuary on this device, live, for React. Reads the local replicated directory only.
import { useMemo, useSyncExternalStore } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { sanctuaryDirectory } from './sanctuary-directory';
import { byName } from './sort';

export function useSanctuaries(): { status: 'loading' | 'ready'; sanctuaries: Sanctuary[] } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot);
  const sanctuaries = useMemo(() => [...snap.items.values()].sort(byName), [snap.items]);
  return { status: snap.status, sanctuaries };
}

export function useSanctuary(id: string): { status: 'loading' | 'ready'; sanctuary: Sanctuary | undefined } {
  const snap = useSyncExternalStore(sanctuaryDirectory.subscribe, sanctuaryDirectory.getSnapshot);
  return { status: snap.status, sanctuary: snap.items.get(id) };
}
