// The spec's Sanctuary card: image, badge, name and place, intake, volunteer, tour and event lines,
// favourite heart and 'View Details'.
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarDays, CheckCircle2, CircleHelp, Clock, HandHeart, XCircle } from 'lucide-react';
import { acceptingLine, cardBadge, specialEventLine, tourLine, volunteerLine } from '@ss/domain/sanctuary-card';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { FavoriteButton } from './favorite-button';
import { OpenNowBadge } from './open-now-badge';
import { SanctuaryImage } from './sanctuary-image';

const BADGE_STYLE = {
  VERIFIED: 'bg-emerald-600 text-white',
  FULL: 'bg-red-600 text-white',
  URGENT: 'bg-amber-400 text-gray-900',
} as const;

// Memoised: the lists around it render again as the directory and the sync status change, while a listing's object
// stays the same until that listing changes (measured: a first visit to / rendered its six cards twice, now once).
export const SanctuaryCard = memo(function SanctuaryCard({ sanctuary, isFavorite = false }: { sanctuary: Sanctuary; isFavorite?: boolean }) {
  const badge = cardBadge(sanctuary);
  const accepting = acceptingLine(sanctuary);
  const volunteer = volunteerLine(sanctuary);
  const tour = tourLine(sanctuary);
  const event = specialEventLine(sanctuary);
  const AcceptIcon = accepting.tone === 'positive' ? CheckCircle2 : accepting.tone === 'negative' ? XCircle : CircleHelp;
  const acceptTone = accepting.tone === 'positive' ? 'text-emerald-600' : accepting.tone === 'negative' ? 'text-red-600' : 'text-gray-400';

  return (
    <article aria-label={sanctuary.name} className="flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="relative aspect-[16/9] bg-emerald-50">
        <SanctuaryImage sanctuary={sanctuary} className="h-full w-full object-cover" />
        {badge ? (
          <span className={`absolute left-3 top-3 rounded px-2 py-0.5 text-xs font-bold tracking-wide ${BADGE_STYLE[badge]}`}>{badge}</span>
        ) : null}
        <FavoriteButton sanctuaryId={sanctuary.id} sanctuaryName={sanctuary.name} isFavorite={isFavorite} className="absolute right-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4 text-sm">
        <h3 className="truncate text-base font-semibold text-gray-900">{sanctuary.name}</h3>
        <p className="flex items-center gap-2 text-gray-600">
          <span className="truncate">
            {sanctuary.city}, {sanctuary.state}
            {sanctuary.distance !== undefined ? ` · ${sanctuary.distance.toFixed(1)} mi` : ''}
          </span>
          <OpenNowBadge sanctuary={sanctuary} />
        </p>
        <p className="flex items-center gap-1.5 truncate">
          <AcceptIcon aria-hidden className={`h-4 w-4 shrink-0 ${acceptTone}`} />
          <span className="truncate">{accepting.text}</span>
        </p>
        {volunteer ? (
          <p className="flex items-center gap-1.5 truncate">
            <HandHeart aria-hidden className="h-4 w-4 shrink-0 text-emerald-600" />
            <span className="truncate">{volunteer}</span>
          </p>
        ) : null}
        {tour ? (
          <p className="flex items-center gap-1.5 truncate">
            <Clock aria-hidden className="h-4 w-4 shrink-0 text-emerald-600" />
            <span className="truncate">{tour}</span>
          </p>
        ) : null}
        {event ? (
          <p className="flex items-center gap-1.5 truncate">
            <CalendarDays aria-hidden className="h-4 w-4 shrink-0 text-emerald-600" />
            <span className="truncate">{event}</span>
          </p>
        ) : null}
        <Link
          to="/sanctuary/$id"
          params={{ id: sanctuary.id }}
          className="mt-auto inline-flex justify-center rounded-md bg-emerald-600 px-3 py-2 font-semibold text-white hover:bg-emerald-700"
          aria-label={`View Details: ${sanctuary.name}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
});
