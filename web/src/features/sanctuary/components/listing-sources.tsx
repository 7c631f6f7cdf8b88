// Where a seeded listing's facts come from (issue 12): each source with the facts it gave and the day it was last
// read, and, while nobody manages the listing, a pointer to the claim in the "For the sanctuary" box below.
import { BookOpen } from 'lucide-react';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { formatDay } from '../../../lib/format-time';

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  town: 'town',
  state: 'state',
  website: 'website',
  phone: 'phone',
  email: 'e-mail',
  address: 'address',
  zipCode: 'ZIP code',
  animalTypes: 'animals',
  foundedYear: 'founding year',
  hasToursAvailable: 'tours',
  hasVolunteerOpportunities: 'volunteering',
  hasAdoptions: 'adoptions',
};

/** "github.com/Moskowitza/go-vegan" for a long URL: enough to recognise the source. */
function sourceLabel(url: string): string {
  try {
    const u = new URL(url);
    const parts = u.pathname.split('/').filter(Boolean);
    return u.hostname === 'github.com' ? `github.com/${parts.slice(0, 2).join('/')}` : `${u.hostname}${parts.length ? `/${parts[0]}` : ''}`;
  } catch {
    return url;
  }
}

export function ListingSources({ sanctuary }: { sanctuary: Sanctuary }) {
  const sources = sanctuary.sources ?? [];
  if (sources.length === 0) return null;
  const latest = sources.map((s) => s.checked).sort().at(-1)!;
  return (
    <section aria-labelledby="sources-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="sources-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BookOpen aria-hidden className="h-5 w-5 text-emerald-600" /> Where this comes from
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Gathered from public sources, last checked {formatDay(latest)}. The sanctuary has not confirmed these details yet.
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {sources.map((s) => (
          <li key={s.url}>
            <a href={s.url} target="_blank" rel="noopener noreferrer" className="break-words text-emerald-700 underline underline-offset-2 hover:text-emerald-800">
              {sourceLabel(s.url)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <span className="block text-gray-600">
              {s.fields.map((f) => FIELD_NAMES[f] ?? f).join(', ')} · checked {formatDay(s.checked)}
            </span>
          </li>
        ))}
      </ul>
      {!sanctuary.claimed ? (
        <p className="mt-3 text-sm text-gray-700">
          Is this your sanctuary?{' '}
          <a href="#ownership-heading" className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800">
            Claim it
          </a>{' '}
          to keep these details current.
        </p>
      ) : null}
    </section>
  );
}
