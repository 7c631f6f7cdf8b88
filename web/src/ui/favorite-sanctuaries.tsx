// The signed-in user's favourite sanctuaries as cards in a two-column grid, with the spec's loading, count and
// empty texts. Shared by the profile's Favorites tab and /saved; reads the device only, so it works offline.
import { Heart } from 'lucide-react';
import { useFavoriteSanctuaries } from '../data/use-favorite-sanctuaries';
import { SanctuaryCard } from './sanctuary-card';

export function FavoriteSanctuaries() {
  const { status, sanctuaries } = useFavoriteSanctuaries();
  if (status !== 'ready') {
    return (
      <p role="status" className="py-8 text-center text-gray-600">
        Loading favorites...
      </p>
    );
  }
  if (sanctuaries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <Heart aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
        <p className="mt-4 text-lg font-medium text-gray-900">No favorite sanctuaries yet</p>
        <p className="mt-2 text-gray-600">Visit sanctuary pages and click the heart icon to save them here</p>
      </div>
    );
  }
  const n = sanctuaries.length;
  return (
    <div>
      <p className="mb-4 text-gray-700">
        You have {n} favorite {n === 1 ? 'sanctuary' : 'sanctuaries'}
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        {sanctuaries.map((s) => (
          <SanctuaryCard key={s.id} sanctuary={s} />
        ))}
      </div>
    </div>
  );
}
