// /sanctuary/{id}: a sanctuary's profile, read from the device's replicated directory and reviews.
import { Link, useParams } from '@tanstack/react-router';
import { memo } from 'react';
import { ArrowLeft, CalendarDays, Clock, Globe, HandHeart, Mail, MapPin, Navigation, Phone, Share2 } from 'lucide-react';
import { MESSAGES } from '@ss/domain/constants';
import { upcomingEvents } from '@ss/domain/sanctuary-card';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { useProfileSanctuary } from '../../../data/use-sanctuaries';
import { useSyncStatus } from '../../../data/sync-status';
import { contactHref, directionsUrl } from '../../../lib/directions';
import { formatDay } from '../../../lib/format-time';
import { sharePage } from '../../../lib/share';
import { FavoriteButton } from '../../../ui/favorite-button';
import { OpenNowBadge } from '../../../ui/open-now-badge';
import { SanctuaryImage } from '../../../ui/sanctuary-image';
import { toast } from '../../../ui/toast';
import { ListingFeedback } from './listing-feedback';
import { ListingOwnership } from './listing-ownership';
import { ListingSources } from './listing-sources';
import { ReviewsSection } from './reviews-section';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const card = 'rounded-xl border border-gray-200 bg-white p-4';
const linkClass = 'inline-flex items-center gap-2 text-emerald-700 hover:underline';
const buttonClass = 'inline-flex w-full items-center justify-center gap-2 rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700';

export function SanctuaryPage() {
  const { id } = useParams({ from: '/sanctuary/$id' });
  const { status, sanctuary } = useProfileSanctuary(id);
  const neverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase === 'syncing');

  if (status === 'loading' || (!sanctuary && neverSynced)) return <DetailSkeleton />;
  if (!sanctuary) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{MESSAGES.sanctuaryNotFoundTitle}</h1>
        <p className="mt-3 text-gray-600">{MESSAGES.sanctuaryNotFoundText}</p>
        <Link to="/" className="mt-6 inline-block rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white">
          Back to Search
        </Link>
      </section>
    );
  }
  return <SanctuaryDetail sanctuary={sanctuary} />;
}

function fullAddress(s: Sanctuary): string {
  return [s.address, s.city, [s.state, s.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function services(s: Sanctuary): string[] {
  return [
    s.acceptingAnimals === true ? 'Accepting animals' : null,
    s.hasVolunteerOpportunities ? 'Volunteer opportunities' : null,
    s.hasToursAvailable ? 'Tours available' : null,
    upcomingEvents(s).length ? 'Special events' : null,
    s.hasAdoptions ? 'Adoptions available' : null,
    s.isHiring ? 'Hiring' : null,
    s.hasLodging ? 'Lodging' : null,
  ].filter((x): x is string => x !== null);
}

/**
 * The same listing again renders nothing again: every publish of the directory (a first sync's, a change to another
 * listing) hands the page a new snapshot, and on a first visit the device's own copy of the listing replaces the one
 * the page was served with, fact for fact the same.
 */
const sameListing = (a: { sanctuary: Sanctuary }, b: { sanctuary: Sanctuary }) => a.sanctuary === b.sanctuary || JSON.stringify(a.sanctuary) === JSON.stringify(b.sanctuary);

const SanctuaryDetail = memo(function SanctuaryDetail({ sanctuary: s }: { sanctuary: Sanctuary }) {
  const hasHours = Object.keys(s.operatingHours).length > 0;
  const volunteerHref = contactHref(s, `Volunteering at ${s.name}`);
  const tourHref = contactHref(s, `Scheduling a tour of ${s.name}`);
  const serviceList = services(s);
  const events = upcomingEvents(s);

  const share = async () => {
    const outcome = await sharePage({ title: s.name, text: `${s.name} — ${s.city}, ${s.state} on Sanctuary Seekers`, url: window.location.href });
    if (outcome === 'copied') toast({ title: 'Link copied', description: 'The link to this sanctuary is on your clipboard.' });
    if (outcome === 'failed') toast({ title: 'Could not share', description: 'Copy the address from your browser instead.', variant: 'destructive' });
  };

  return (
    <article className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Search
      </Link>
      <div className="relative mt-4 overflow-hidden rounded-xl bg-emerald-50">
        <SanctuaryImage sanctuary={s} priority sizes="(min-width: 1152px) 1152px, 100vw" className="aspect-[21/9] w-full object-cover" />
        <FavoriteButton sanctuaryId={s.id} sanctuaryName={s.name} className="absolute right-4 top-4" />
      </div>
      <header className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">{s.name}</h1>
            {s.isVerified ? <span className="rounded bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white">VERIFIED</span> : null}
            <OpenNowBadge sanctuary={s} />
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-1 text-gray-600">
            <MapPin aria-hidden className="h-4 w-4" /> {fullAddress(s)}
            {s.coordinatesApproximate ? <span className="text-xs text-gray-500">(map position approximate)</span> : null}
          </p>
        </div>
        <button type="button" onClick={() => void share()} className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50">
          <Share2 aria-hidden className="h-4 w-4" /> Share
        </button>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold">About</h2>
            <p className="mt-2 whitespace-pre-line text-gray-700">{s.description || 'No description yet.'}</p>
            {s.foundedYear ? <p className="mt-2 text-sm text-gray-600">Founded in {s.foundedYear}</p> : null}
          </section>

          <section aria-labelledby="animals-heading">
            <h2 id="animals-heading" className="text-xl font-semibold">Animals & Services</h2>
            {s.animalTypes.length ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Animals">
                {s.animalTypes.map((a) => (
                  <li key={a} className="rounded-full bg-emerald-50 px-3 py-1 text-sm capitalize text-emerald-800">{a}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-gray-600">The sanctuary has not listed its animals yet.</p>
            )}
            {serviceList.length ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
                {serviceList.map((x) => (
                  <li key={x} className="rounded-full border border-gray-300 px-3 py-1 text-sm text-gray-700">{x}</li>
                ))}
              </ul>
            ) : null}
            {s.specialNeeds ? <p className="mt-3 text-gray-700">{s.specialNeeds}</p> : null}
          </section>

          {s.hasVolunteerOpportunities && s.volunteerInfo ? (
            <section aria-labelledby="volunteer-heading" className={`${card} bg-emerald-50/50`}>
              <h2 id="volunteer-heading" className="flex items-center gap-2 text-xl font-semibold">
                <HandHeart aria-hidden className="h-5 w-5 text-emerald-600" /> Volunteer Opportunities
              </h2>
              <p className="mt-2 text-gray-700">{s.volunteerInfo}</p>
              {volunteerHref ? (
                <a href={volunteerHref} className={`${buttonClass} mt-4 sm:w-auto`}>Contact About Volunteering</a>
              ) : (
                <p className="mt-3 text-sm text-gray-600">This sanctuary has not listed how to reach them yet.</p>
              )}
            </section>
          ) : null}

          <section aria-labelledby="events-heading">
            <h2 id="events-heading" className="text-xl font-semibold">Upcoming Events</h2>
            {events.length ? (
              <ul className="mt-2 space-y-3">
                {events.map((e) => (
                  <li key={`${e.date}-${e.title}`} className={card}>
                    <p className="font-medium">{e.title}</p>
                    <p className="flex items-center gap-1 text-sm text-gray-500">
                      <CalendarDays aria-hidden className="h-4 w-4" />
                      {formatDay(e.date, { weekday: true })}
                    </p>
                    {e.description ? <p className="mt-1 text-gray-700">{e.description}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-gray-600">No upcoming events listed.</p>
            )}
          </section>

          <ReviewsSection sanctuary={s} />
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="contact-heading" className={card}>
            <h2 id="contact-heading" className="text-lg font-semibold">Contact</h2>
            <ul className="mt-2 space-y-2 text-sm">
              {s.phone ? (<li><a className={linkClass} href={`tel:${s.phone.replace(/[^\d+]/g, '')}`}><Phone aria-hidden className="h-4 w-4" />{s.phone}</a></li>) : null}
              {s.email ? (<li><a className={linkClass} href={`mailto:${s.email}`}><Mail aria-hidden className="h-4 w-4" />{s.email}</a></li>) : null}
              {s.website ? (<li><a className={linkClass} href={s.website} target="_blank" rel="noopener noreferrer"><Globe aria-hidden className="h-4 w-4" />Visit Website<span className="sr-only"> (opens in a new tab)</span></a></li>) : null}
              {!s.phone && !s.email && !s.website ? <li className="text-gray-600">No contact details listed yet.</li> : null}
            </ul>
            <a href={directionsUrl(s)} target="_blank" rel="noopener noreferrer" className={`${buttonClass} mt-4`}>
              <Navigation aria-hidden className="h-4 w-4" /> Get Directions
            </a>
          </section>

          <section aria-labelledby="hours-heading" className={card}>
            <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-semibold">
              <Clock aria-hidden className="h-5 w-5 text-emerald-600" /> Operating Hours
            </h2>
            {hasHours ? (
              <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
                {DAYS.filter((d) => d in s.operatingHours).map((d) => (
                  <div key={d} className="contents">
                    <dt className="text-gray-600">{d}</dt>
                    <dd>{s.operatingHours[d]?.trim() || 'Closed'}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-gray-600">Hours not listed. Contact the sanctuary before visiting.</p>
            )}
          </section>

          {s.hasToursAvailable && s.tourSchedule ? (
            <section aria-labelledby="tour-heading" className={card}>
              <h2 id="tour-heading" className="text-lg font-semibold">Tour Information</h2>
              <p className="mt-2 text-sm text-gray-700">{s.tourSchedule}</p>
              {tourHref ? <a href={tourHref} className={`${buttonClass} mt-4`}>Schedule a Tour</a> : null}
            </section>
          ) : null}

          <ListingSources sanctuary={s} />
          <ListingOwnership sanctuary={s} />
          <ListingFeedback sanctuary={s} />
        </aside>
      </div>
    </article>
  );
}, sameListing);

// At least a screen tall, like the profile it stands for: the footer stays below the fold until the profile
// arrives instead of being pushed down by it (a layout shift).
function DetailSkeleton() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl animate-pulse px-4 py-6" aria-busy="true" aria-label="Loading sanctuary">
      <div className="h-4 w-32 rounded bg-gray-200" />
      <div className="mt-4 aspect-[21/9] rounded-xl bg-gray-200" />
      <div className="mt-6 h-8 w-1/2 rounded bg-gray-200" />
      <div className="mt-3 h-4 w-1/3 rounded bg-gray-200" />
    </div>
  );
}
