// Says what the search understood ("Near Columbus, OH · within 50 miles") or that the text matched no place.
import type { SearchOutcome } from '../data/use-search-results';

export function SearchSummary({ search }: { search: SearchOutcome }) {
  if (!search.active || search.status !== 'ready') return null;
  let text: string;
  if (search.place) text = `Showing sanctuaries near ${search.place.label}`;
  else if (search.origin) text = 'Showing sanctuaries near your location';
  else if (search.query) text = `Showing sanctuaries matching “${search.query}”`;
  else text = 'Showing sanctuaries matching your filters';
  if (search.origin && search.radiusLabel) text += ` · ${search.radiusLabel}`;
  return (
    <p className="text-sm text-gray-700" role="status">
      {text}
    </p>
  );
}
