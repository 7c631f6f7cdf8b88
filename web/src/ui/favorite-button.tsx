// The heart on cards and the detail page. For a signed-in user it adds or removes a favourite in their database on
// this device (synced when online, so it works offline too); a signed-out visitor is told to sign in instead.
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { currentUserSettled } from '../data/current-user';
import { toggleFavorite, useIsFavorite } from '../data/favorites';
import { useHydrated } from '../lib/use-hydrated';
import { toast } from './toast';

interface Props {
  sanctuaryId: string;
  sanctuaryName: string;
  /** Highlights the heart regardless of the saved state. */
  isFavorite?: boolean;
  className?: string;
}

export function FavoriteButton({ sanctuaryId, sanctuaryName, isFavorite = false, className = '' }: Props) {
  const saved = useIsFavorite(sanctuaryId);
  const [busy, setBusy] = useState(false);
  // In a page's server-rendered HTML the heart waits for the app (a click then would be lost).
  const hydrated = useHydrated();
  const pressed = isFavorite || saved;

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const user = await currentUserSettled();
      if (!user) {
        toast({
          title: 'Sign in to save favourites',
          description: 'Create a free account or sign in to keep sanctuaries on all your devices.',
          action: { label: 'Sign in', href: '/login' },
        });
        return;
      }
      await toggleFavorite(sanctuaryId, user.id);
    } catch (err) {
      console.error('[favorites] could not save', err);
      toast({ title: 'Could not update your favourites', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      // A toggle keeps one name; aria-pressed says whether it is on.
      aria-label={`Save ${sanctuaryName} to favourites`}
      title={pressed ? 'Saved to your favourites' : 'Save to your favourites'}
      disabled={!hydrated}
      onClick={() => void onClick()}
      className={`rounded-full bg-white/90 p-2 shadow hover:bg-white ${className}`}
    >
      <Heart aria-hidden className={`h-5 w-5 ${pressed ? 'fill-red-500 text-red-500' : 'text-gray-600'}`} />
    </button>
  );
}
