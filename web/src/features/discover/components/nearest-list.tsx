// The 5 nearest sanctuaries after a search with coordinates: name link, place, description, up to 3 animal
// badges plus '+N more', distance to one decimal, and 'View Details'.
import { Link } from '@tanstack/react-router';
import { CARD_MAX_ANIMAL_BADGES } from '@ss/domain/constants';
import { animalBadges } from '@ss/domain/sanctuary-card';
import type { Sanctuary } from '@ss/domain/sanctuary';

export function NearestList({ sanctuaries }: { sanctuaries: Sanctuary[] }) {
  return (
    <section aria-labelledby="nearest-heading" className="mx-auto mt-8 max-w-7xl px-4">
      <h2 id="nearest-heading" className="text-2xl font-bold">Nearest Sanctuaries</h2>
      <ol className="mt-4 space-y-3">
        {sanctuaries.map((s) => {
          const badges = animalBadges(s.animalTypes, CARD_MAX_ANIMAL_BADGES);
          return (
            <li key={s.id} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <Link to="/sanctuary/$id" params={{ id: s.id }} className="text-lg font-semibold text-emerald-800 hover:underline">
                  {s.name}
                </Link>
                <p className="text-sm text-gray-600">
                  {s.city}, {s.state}
                </p>
                <p className="mt-1 line-clamp-2 text-sm text-gray-700">{s.description}</p>
                {s.animalTypes.length ? (
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Animals">
                    {badges.shown.map((a) => (
                      <li key={a} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs capitalize text-emerald-800">{a}</li>
                    ))}
                    {badges.more ? <li className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">+{badges.more} more</li> : null}
                  </ul>
                ) : null}
              </div>
              <div className="flex items-center gap-4 sm:flex-col sm:items-end">
                <p className="text-sm font-semibold text-gray-900">{(s.distance ?? 0).toFixed(1)} miles</p>
                <Link
                  to="/sanctuary/$id"
                  params={{ id: s.id }}
                  aria-label={`View Details: ${s.name}`}
                  className="rounded-md bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700"
                >
                  View Details
                </Link>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
