// /map on a phone: the map fills the screen under a compact search bar; the results live in a bottom sheet
// (peek with the count, half, full) and the filters in their own sheet behind a "Filters" button that says how many
// are on. A control brings the map back to the user's location. The desktop keeps the spec's layout (map-page.tsx).
import { LocateFixed } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { SearchParams } from '../../../lib/search-params';
import { BottomSheet, type SheetSnap } from '../../../ui/bottom-sheet';
import { FiltersSheet } from '../../../ui/filters-sheet';
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
  /** The results sheet's height: MapPage keeps it, to build the list only once the sheet shows it. */
  snap: SheetSnap;
  onSnapChange: (snap: SheetSnap) => void;
  children: ReactNode;
}

/** How far the location button reaches in from the map's right edge: right-3 (12 px) and w-11 (44 px) below. */
export const PHONE_MAP_CONTROL_EDGE = 12 + 44;

export function PhoneMap({ params, busy, onSearch, onApplyFilters, summary, saveArea, map, onRecentre, found, sortButton, selected, selectedId, snap, onSnapChange, children }: Props) {
  // A place chosen on the map or in the list shows its card in the sheet, with the map still in view.
  useEffect(() => {
    if (selectedId) onSnapChange('peek');
  }, [selectedId, onSnapChange]);

  return (
    // The header (--header-h: its measured height) and the tab bar (3.5rem) stay; the map takes the rest of the screen.
    <div className="flex h-[calc(100dvh-var(--header-h)-3.5rem)] min-h-[28rem] flex-col">
      <div className="z-10 space-y-2 border-b border-gray-200 bg-white px-3 pb-2 pt-2">
        <h1 className="text-lg font-bold leading-tight">Find Sanctuaries + Rescues</h1>
        <SearchWidget key={params.q ?? ''} variant="bar" initialQuery={params.q ?? ''} busy={busy} onSearch={onSearch} />
        <div className="flex items-center justify-between gap-2">
          <FiltersSheet params={params} onApply={onApplyFilters} description="Choose what to show on the map, then apply." />
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
        <BottomSheet snap={snap} onSnapChange={onSnapChange} label="Sanctuaries + Rescues Near You" summary={found} header={selected}>
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
