// /saved: the signed-in user's saved sanctuaries, from their database on this device (so offline too); signed-out
// visitors are asked to sign in.
import { Link } from '@tanstack/react-router';
import { Heart } from 'lucide-react';
import { useCurrentUser } from '../../../data/current-user';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { FavoriteSanctuaries } from '../../../ui/favorite-sanctuaries';

export function SavedPage() {
  const { isAuthenticated, isLoading } = useCurrentUser();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Saved Sanctuaries</h1>
      <div className="mt-8">
        {isLoading ? (
          <p role="status" className="py-8 text-center text-gray-600">
            Loading...
          </p>
        ) : isAuthenticated ? (
          <FavoriteSanctuaries />
        ) : (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
            <Heart aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
            <p className="mt-4 text-lg font-medium text-gray-900">Sign in to see your saved sanctuaries</p>
            <p className="mt-2 text-gray-600">Save sanctuaries with the heart icon and find them here on all your devices.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/login" className={primaryButton}>
                Sign in
              </Link>
              <Link to="/register" className={secondaryButton}>
                Create account
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
