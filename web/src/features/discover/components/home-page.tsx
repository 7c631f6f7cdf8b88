// Discover (/): hero, featured sanctuaries from the device's replicated directory, support and how-it-works.
import { Link } from '@tanstack/react-router';
import { HeartHandshake, MapPinned, Search, Star } from 'lucide-react';
import { HOME_MAX_RESULT_CARDS, MESSAGES, TAGLINE } from '@ss/domain/constants';
import { useSanctuaries } from '../../../data/use-sanctuaries';
import { useSyncStatus } from '../../../data/sync-status';
import { config, isExternal } from '../../../config';
import { SanctuaryCard } from '../../../ui/sanctuary-card';
import { CardSkeleton } from '../../../ui/card-skeleton';

export function HomePage() {
  const { status, sanctuaries } = useSanctuaries();
  const neverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase !== 'offline');
  const loading = status === 'loading' || (sanctuaries.length === 0 && neverSynced);
  const shown = sanctuaries.slice(0, HOME_MAX_RESULT_CARDS);

  return (
    <>
      <section className="bg-gradient-to-b from-emerald-700 to-emerald-600 px-4 py-16 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Discover Animal Sanctuaries</h1>
          <p className="mt-4 text-lg text-emerald-50">{TAGLINE}. Visit, volunteer and support farm-animal sanctuaries and rescues across the US.</p>
          <Link to="/map" className="mt-8 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-emerald-800 hover:bg-emerald-50">
            <MapPinned aria-hidden className="h-5 w-5" />
            Browse the map
          </Link>
        </div>
      </section>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className="flex items-end justify-between gap-4">
          <h2 id="results-heading" className="text-2xl font-bold">Featured Sanctuaries</h2>
          {!loading ? <p className="text-sm text-gray-600">{sanctuaries.length} on this device</p> : null}
        </div>
        {loading ? (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading sanctuaries">
            {Array.from({ length: 3 }, (_, i) => <CardSkeleton key={i} />)}
          </div>
        ) : shown.length === 0 ? (
          <p className="mt-6 rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{MESSAGES.noSanctuariesFound}</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((s) => (
              <li key={s.id} className="flex">
                <SanctuaryCard sanctuary={s} />
              </li>
            ))}
          </ul>
        )}
        {sanctuaries.length > HOME_MAX_RESULT_CARDS ? (
          <div className="mt-8 text-center">
            <Link to="/map" className="inline-block rounded-md border border-emerald-600 px-5 py-2 font-semibold text-emerald-700 hover:bg-emerald-50">
              View All Sanctuaries
            </Link>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="support-heading" className="bg-amber-50 px-4 py-12">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="support-heading" className="text-2xl font-bold">Support the Sanctuary Network</h2>
          <p className="mt-3 text-gray-700">
            Sanctuary Seekers is free. Donations help build a network of healing farm sanctuaries, starting in Northeast Ohio.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a
              href={config.supportUrl}
              {...(isExternal(config.supportUrl) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="rounded-md bg-amber-500 px-5 py-2 font-semibold text-gray-900 hover:bg-amber-400"
            >
              Donate
            </a>
            <Link to="/about" className="rounded-md border border-gray-400 px-5 py-2 font-semibold text-gray-800 hover:bg-white">
              Learn about our mission
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="how-heading" className="text-center text-2xl font-bold">How It Works</h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {[
            { Icon: Search, title: '1. Search', text: 'Look up sanctuaries by city, state, ZIP code or your current location — even with no signal.' },
            { Icon: HeartHandshake, title: '2. Connect', text: 'Open a profile to see the animals they care for, visiting hours, tours and volunteer opportunities.' },
            { Icon: Star, title: '3. Share', text: 'Visit, then review your experience with photos to help other Seekers.' },
          ].map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
              <Icon aria-hidden className="mx-auto h-8 w-8 text-emerald-600" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-gray-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
