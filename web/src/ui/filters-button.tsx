// The "Filters" button of the phone layouts, with how many filters are on. Light on purpose: the home page shows it
// at first paint while the sheet it opens (filters-sheet.tsx, with its dialog library) loads after.
import { SlidersHorizontal } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { DEFAULT_RADIUS_MILES } from '@ss/domain/constants';
import type { SearchParams } from '../lib/search-params';

/** How many filters differ from their defaults. */
export function activeFilterCount(params: SearchParams): number {
  return [params.animal, params.service, params.open, params.radius !== undefined && params.radius !== DEFAULT_RADIUS_MILES ? params.radius : undefined].filter(Boolean).length;
}

export function FiltersButton({ active, ...props }: { active: number } & ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="inline-flex min-h-11 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800" {...props}>
      <SlidersHorizontal aria-hidden className="h-4 w-4" />
      Filters
      {active ? (
        <span className="rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white">
          {active}
          <span className="sr-only"> on</span>
        </span>
      ) : null}
    </button>
  );
}
