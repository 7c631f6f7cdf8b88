// The signed-in user's favourite sanctuaries, newest first: their favourites joined with the directory on this
// device, so the list shows offline too.
import { useMemo } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { useFavoritesStore } from './favorites';
import { useSyncStatus } from './sync-status';
import { useSanctuaries } from './use-sanctuaries';

export interface FavoriteSanctuaries {
  status: 'signed-out' | 'loading' | 'ready';
  sanctuaries: Sanctuary[];
}

export function useFavoriteSanctuaries(): FavoriteSanctuaries {
  const favoritesStatus = useFavoritesStore((s) => s.status);
  const favorites = useFavoritesStore((s) => s.bySanctuary);
  const { status: directoryStatus, sanctuaries } = useSanctuaries();
  // On a new device the directory arrives a moment after the favourites: wait for it rather than show too few.
  const directoryNeverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase === 'syncing');

  return useMemo(() => {
    if (favoritesStatus === 'idle') return { status: 'signed-out', sanctuaries: [] };
    if (favoritesStatus === 'loading' || (directoryStatus === 'loading' && favorites.size > 0)) return { status: 'loading', sanctuaries: [] };
    const byId = new Map(sanctuaries.map((s) => [s.id, s]));
    // A favourite whose sanctuary is not on this device (not synced yet, or delisted) is left out.
    const list = [...favorites.values()]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((f) => byId.get(f.sanctuaryId))
      .filter((s): s is Sanctuary => s !== undefined);
    if (list.length < favorites.size && directoryNeverSynced) return { status: 'loading', sanctuaries: [] };
    return { status: 'ready', sanctuaries: list };
  }, [favoritesStatus, favorites, directoryStatus, sanctuaries, directoryNeverSynced]);
}
