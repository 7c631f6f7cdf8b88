// /map on a phone: the map fills the screen under a compact search bar; the results live in a bottom sheet
// (peek with the count, half, full) and the filters in their own sheet behind a "Filters" button that says how many
// are on. A control brings the map back to the user's location. The desktop keeps the spec's layout (map-page.tsx).
import * as Dialog from '@radix-ui/react-dialog';
import { LocateFixed, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_RADIUS_MILES } from '@ss/domain/constants';
import type { SearchParams } from '../../../lib/search-params';
import { BottomSheet, type SheetSnap } from '../../../ui/bottom-sheet';
import { SearchFilters } from '../../../ui/search-filters';
import { SearchWidget, type SearchRequest } from '../../../ui/search-widget';

interface Props {
  params: SearchParams;
  busy: boolean;
  onSearch: (request: SearchRequest) => void;
  onApplyFilters: (filters: Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>) => void;
  summary: ReactNode;
  saveArea: ReactNode;
  map: ReactNode;
  onRecentre: () => void;
  found: string;
  sortButton: ReactNode;
  selected: ReactNode;
  selectedId: string | null;
  children: ReactNode;
}

/** How many filters differ from their defaults. */
export function activeFilterCount(params: SearchParams): number {
  return [params.animal, params.service, params.open, params.radius !== undefined && params.radius !== DEFAULT_RADIUS_MILES ? params.radius : undefined].filter(Boolean).length;
}

export function PhoneMap({ params, busy, onSearch, onApplyFilters, summary, saveArea, map, onRecentre, found, sortButton, selected, selectedId, children }: Props) {
  const [snap, setSnap] = useState<SheetSnap>('peek');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = activeFilterCount(params);
  // A place chosen on the map or in the list shows its card in the sheet, with the map still in view.
  useEffect(() => {
    if (selectedId) setSnap('peek');
  }, [selectedId]);

  return (
    // The header (4.25rem) and the tab bar (3.5rem) stay; the map takes the rest of the screen.
    <div className="flex h-[calc(100dvh-4.3rem-3.5rem)] min-h-[28rem] flex-col">
      <div className="z-10 space-y-2 border-b border-gray-200 bg-white px-3 pb-2 pt-2">
        <h1 className="text-lg font-bold leading-tight">Find Sanctuaries + Rescues</h1>
        <SearchWidget key={params.q ?? ''} variant="bar" initialQuery={params.q ?? ''} busy={busy} onSearch={onSearch} />
        <div className="flex items-center justify-between gap-2">
          <Dialog.Root open={filtersOpen} onOpenChange={setFiltersOpen}>
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
                <Dialog.Description className="sr-only">Choose what to show on the map, then apply.</Dialog.Description>
                <SearchFilters
                  key={`${params.animal}-${params.service}-${params.radius}-${params.open}`}
                  value={params}
                  onApply={(filters) => {
                    onApplyFilters(filters);
                    setFiltersOpen(false);
                  }}
                />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          {saveArea}
        </div>
        <div className="text-sm">{summary}</div>
      </div>
      <section aria-label="Map" className="relative isolate min-h-0 flex-1">
        {map}
        <button
          type="button"
          onClick={onRecentre}
          aria-label="Show my location"
          className="absolute right-3 top-3 z-[500] inline-flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-800 shadow"
        >
          <LocateFixed aria-hidden className="h-5 w-5" />
        </button>
        <BottomSheet snap={snap} onSnapChange={setSnap} label="Sanctuaries + Rescues Near You" summary={found} header={selected}>
          <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-3 pb-2">
            <h2 id="list-heading" className="text-base font-semibold">
              Sanctuaries + Rescues Near You
            </h2>
            {sortButton}
          </div>
          {children}
        </BottomSheet>
      </section>
    </div>
  );
}
