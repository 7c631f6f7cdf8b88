// The heart on cards and the detail page. Favourites need an account; until one is signed in the heart
// explains that instead of silently doing nothing.
import { Heart } from 'lucide-react';
import { toast } from './toast';

interface Props {
  sanctuaryId: string;
  sanctuaryName: string;
  isFavorite?: boolean;
  className?: string;
}

export function FavoriteButton({ sanctuaryName, isFavorite = false, className = '' }: Props) {
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `Remove ${sanctuaryName} from favourites` : `Save ${sanctuaryName} to favourites`}
      onClick={() => toast({ title: 'Sign in to save favourites', description: 'Create a free account to keep sanctuaries on all your devices.' })}
      className={`rounded-full bg-white/90 p-2 shadow hover:bg-white ${className}`}
    >
      <Heart aria-hidden className={`h-5 w-5 ${isFavorite ? 'fill-red-500 text-red-500' : 'text-gray-600'}`} />
    </button>
  );
}
