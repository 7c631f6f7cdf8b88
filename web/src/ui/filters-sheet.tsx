// The phone's way to filters: a "Filters" button that says how many are on, opening them in a sheet from the
// bottom of the screen (Radix Dialog: focus kept inside, Escape closes, focus returns to the button). /map and
// the home page use it on phones, where the filters would otherwise fill the first screen with form controls.
import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_RADIUS_MILES } from '@ss/domain/constants';
import type { SearchParams } from '../lib/search-params';
import { SearchFilters } from './search-filters';

type Filters = Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>;

/** How many filters differ from their defaults. */
export function activeFilterCount(params: SearchParams): number {
  return [params.animal, params.service, params.open, params.radius !== undefined && params.radius !== DEFAULT_RADIUS_MILES ? params.radius : undefined].filter(Boolean).length;
}

export function FiltersSheet({ params, onApply, description }: { params: SearchParams; onApply: (filters: Filters) => void; description: string }) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800">
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        Filters
        {active ? (
          <span className="rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white">
            {active}
            <span className="sr-only"> on</span>
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-[1110] max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl">
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close aria-label="Close filters" className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-gray-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <SearchFilters
            key={`${params.animal}-${params.service}-${params.radius}-${params.open}`}
            value={params}
            onApply={(filters) => {
              onApply(filters);
              setOpen(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
