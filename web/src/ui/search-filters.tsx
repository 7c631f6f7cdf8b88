// The three dropdown filters (animal type, service, distance) and 'Apply Filters'. Choices take effect on
// Apply, as the spec says, and update the radius and filters of the current search.
import { useState } from 'react';
import { ANIMAL_TYPES, DEFAULT_RADIUS_MILES, RADIUS_OPTIONS, SERVICE_FILTERS, type AnimalType, type ServiceFilterId } from '@ss/domain/constants';
import type { SearchParams } from '../lib/search-params';
import { CheckField } from './check-field';

interface Props {
  value: SearchParams;
  onApply: (next: Pick<SearchParams, 'animal' | 'service' | 'radius' | 'open'>) => void;
}

const selectClass = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30';

export function SearchFilters({ value, onApply }: Props) {
  const [animal, setAnimal] = useState<AnimalType | ''>(value.animal ?? '');
  const [service, setService] = useState<ServiceFilterId | ''>(value.service ?? '');
  const [radius, setRadius] = useState<number>(value.radius ?? DEFAULT_RADIUS_MILES);
  const [open, setOpen] = useState<boolean>(value.open ?? false);

  return (
    <form
      aria-label="Filters"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto] lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({
          ...(animal ? { animal } : {}),
          ...(service ? { service } : {}),
          radius,
          ...(open ? { open: true } : {}),
        });
      }}
    >
      <label className="grid gap-1 text-sm font-medium text-gray-700">
        Animal type
        <select className={selectClass} value={animal} onChange={(e) => setAnimal(e.target.value as AnimalType | '')}>
          <option value="">All animals</option>
          {ANIMAL_TYPES.map((a) => (
            <option key={a} value={a}>
              {a.charAt(0).toUpperCase() + a.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium text-gray-700">
        Service
        <select className={selectClass} value={service} onChange={(e) => setService(e.target.value as ServiceFilterId | '')}>
          <option value="">All services</option>
          {SERVICE_FILTERS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium text-gray-700">
        Distance
        <select className={selectClass} value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
          {RADIUS_OPTIONS.map((r) => (
            <option key={r.miles} value={r.miles}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <CheckField label="Open now" className="font-medium text-gray-700 lg:pb-2" checked={open} onChange={(e) => setOpen(e.target.checked)} />
      <button type="submit" className="rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700">
        Apply Filters
      </button>
    </form>
  );
}
