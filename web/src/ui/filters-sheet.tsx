// The phone's way to filters: a "Filters" button that says how many are on, opening them in a sheet from the
// bottom of the screen (Radix Dialog: focus kept inside, Escape closes, focus returns to the button). /map and
// the home page use it on phones, where the filters would otherwise fill the first screen with form controls.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { SearchParams } from '../lib/search-params';
import { activeFilterCount, FiltersButton } from './filters-button';
import { SearchFilters } from './search-filters';

type Filters = Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>;

export function FiltersSheet({ params, onApply, description }: { params: SearchParams; onApply: (filters: Filters) => void; description: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <FiltersButton active={activeFilterCount(params)} />
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
