// /map: 'Find Sanctuaries + Rescues' with the lettered list of every sanctuary on this device.
// The interactive map, search and filters arrive with the discovery work; the list reads the local database.
import { Link } from '@tanstack/react-router';
import { MESSAGES } from '@ss/domain/constants';
import { useSanctuaries } from '../../../data/use-sanctuaries';
import { letterFor } from '../../../lib/letters';

export function MapPage() {
  const { status, sanctuaries } = useSanctuaries();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Find Sanctuaries + Rescues</h1>
      <section aria-labelledby="list-heading" className="mt-6 rounded-xl border border-gray-200 bg-white">
        <div className="flex items-center justify-between border-b border-gray-200 p-4">
          <h2 id="list-heading" className="text-lg font-semibold">Sanctuaries + Rescues Near You</h2>
          <p className="text-sm text-gray-600" aria-live="polite">{status === 'loading' ? 'Loading...' : `${sanctuaries.length} found`}</p>
        </div>
        {status === 'ready' && sanctuaries.length === 0 ? (
          <div className="p-8 text-center">
            <p className="font-semibold">{MESSAGES.noLocationsFound}</p>
            <p className="text-gray-600">{MESSAGES.noLocationsHint}</p>
          </div>
        ) : (
          <ol className="max-h-[70vh] divide-y divide-gray-100 overflow-y-auto">
            {sanctuaries.map((s, i) => (
              <li key={s.id} className="flex items-center gap-3 p-3">
                <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-xs font-bold text-white">
                  {letterFor(i)}
                </span>
                <div className="min-w-0">
                  <Link to="/sanctuary/$id" params={{ id: s.id }} className="font-medium text-emerald-800 hover:underline">
                    {s.name}
                  </Link>
                  <p className="text-sm text-gray-600">
                    {s.city}, {s.state}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
