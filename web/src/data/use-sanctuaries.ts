// Every sanctuary on this device, live. Reads the local replicated database only.
import { useMemo, useSyncExternalStore } from 'react';
import { isSanctuaryDoc, toSanctuary, type Sanctuary } from '@ss/domain/sanctuary';
import { createLiveCollection } from './live-collection';
import { sanctuariesDb } from './local-db';

const collection = createLiveCollection(sanctuariesDb, isSanctuaryDoc, toSanctuary);

export function useSanctuaries(): { status: 'loading' | 'ready'; sanctuaries: Sanctuary[] } {
  const snap = useSyncExternalStore(collection.subscribe, collection.getSnapshot);
  const sanctuaries = useMemo(
    () => [...snap.items.values()].sort((a, b) => a.name.localeCompare(b.name)),
    [snap.items],
  );
  return { status: snap.status, sanctuaries };
}

export function useSanctuary(id: string): { status: 'loading' | 'ready'; sanctuary: Sanctuary | undefined } {
  const snap = useSyncExternalStore(collection.subscribe, collection.getSnapshot);
  return { status: snap.status, sanctuary: snap.items.get(id) };
}
