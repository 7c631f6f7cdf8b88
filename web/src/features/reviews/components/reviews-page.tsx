// /reviews ('Seekers Community'): stat cards, the join card (signed-out visitors), the newest community reviews from
// the device's replicated reviews database with photos, Helpful, Reply and Report, both empty states, and the
// 'Share Your Experience' card (signed-in users). The gateway renders it with the store's newest reviews (page-data.ts).
import * as Tooltip from '@radix-ui/react-tooltip';
import { Link } from '@tanstack/react-router';
import { MessageSquare, PenLine, Star } from 'lucide-react';
import { COMMUNITY_REVIEWS_SHOWN, MARKETING_COMMUNITY_MEMBERS, MARKETING_SANCTUARIES_LISTED, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@ss/domain/constants';
import { relativeAge } from '@ss/domain/relative-age';
import type { ReviewDoc } from '@ss/domain/review';
import { useAuthState } from '../../../data/current-user';
import { pageData } from '../../../data/page-data';
import { useSyncStatus } from '../../../data/sync-status';
import { useReviews } from '../../../data/use-reviews';
import { HelpfulButton } from '../../../ui/helpful-button';
import { ReportReviewButton } from '../../../ui/report-review-button';
import { ReviewPhotos } from '../../../ui/review-photos';

export function ReviewsPage() {
  const local = useReviews();
  // On a first visit the page came with the store's newest reviews (the gateway rendered it with them): they stay
  // until the device's own copy has been read and synced.
  const served = pageData().reviews;
  const neverSynced = useSyncStatus((s) => s.lastSyncedAt === null && s.phase !== 'offline');
  const fromServer = served && (local.status === 'loading' || (local.reviews.length === 0 && neverSynced));
  const status = fromServer ? 'ready' : local.status;
  const total = fromServer ? served.total : local.reviews.length;
  const recent = fromServer ? served.recent.slice(0, COMMUNITY_REVIEWS_SHOWN) : local.reviews.slice(0, COMMUNITY_REVIEWS_SHOWN);
  const { isAuthenticated, isLoading } = useAuthState();
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-3xl font-bold">Seekers Community</h1>
        <p className="mt-2 text-gray-600">Stories and reviews from people who visited farm-animal sanctuaries.</p>

        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          {[
            // Not "0" while the device's reviews are still being read (and in the pre-rendered HTML, which a crawler reads).
            { value: status === 'loading' ? null : String(total), label: 'Community Reviews' },
            { value: MARKETING_SANCTUARIES_LISTED, label: 'Sanctuaries Listed' },
            { value: MARKETING_COMMUNITY_MEMBERS, label: 'Community Members' },
          ].map((s) => (
            <div key={s.label} className="rounded-xl border border-gray-200 bg-white p-4 text-center">
              <dt className="text-sm text-gray-600">{s.label}</dt>
              <dd className="text-2xl font-bold text-emerald-700">
                {s.value ?? (
                  <>
                    <span aria-hidden>…</span>
                    <span className="sr-only">Loading</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>

        {isAuthenticated ? (
          <section aria-labelledby="share-heading" className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-emerald-50 p-6">
            <div>
              <h2 id="share-heading" className="text-lg font-semibold">Share Your Experience</h2>
              <p className="mt-1 text-gray-700">Visited a sanctuary lately? Find it and tell other Seekers what it was like.</p>
            </div>
            <Link to="/" className="inline-flex items-center gap-2 rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700">
              <PenLine aria-hidden className="h-4 w-4" /> Write a Review
            </Link>
          </section>
        ) : null}

        {!isAuthenticated && !isLoading ? (
          <section aria-labelledby="join-heading" className="mt-6 rounded-xl bg-emerald-50 p-6">
            <h2 id="join-heading" className="text-lg font-semibold">Join the Seekers Community</h2>
            <p className="mt-1 text-gray-700">Create a free account to review sanctuaries and save your favourites.</p>
            <div className="mt-4 flex gap-3">
              <Link to="/register" className="rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700">Create Account</Link>
              <Link to="/login" className="rounded-md border border-emerald-600 px-4 py-2 font-semibold text-emerald-700 hover:bg-white">Sign In</Link>
            </div>
          </section>
        ) : null}

        <section aria-labelledby="recent-heading" className="mt-8">
          <h2 id="recent-heading" className="text-xl font-semibold">Recent Community Reviews</h2>
          {status === 'loading' ? (
            <div className="mt-4 space-y-4" aria-busy="true" aria-label="Loading reviews">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-32 animate-pulse rounded-xl bg-gray-200" />
              ))}
            </div>
          ) : recent.length === 0 ? (
            <div className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
              <p className="font-semibold">No community reviews yet</p>
              <p className="text-gray-600">Be the first to share your sanctuary experience!</p>
              {isAuthenticated ? (
                <Link to="/" className="mt-4 inline-block rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white">Find Sanctuaries to Review</Link>
              ) : (
                <Link to="/register" className="mt-4 inline-block rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white">Join to Write Reviews</Link>
              )}
            </div>
          ) : (
            <ul className="mt-4 space-y-4">
              {recent.map((r) => (
                <li key={r._id}>
                  <ReviewItem review={r} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Tooltip.Provider>
  );
}

function ReviewItem({ review: r }: { review: ReviewDoc }) {
  const title = r.title || `Review of ${r.sanctuaryName}`;
  return (
    <article aria-label={title} className="rounded-xl border border-gray-200 bg-white p-4">
      <header className="flex items-center gap-3">
        <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-emerald-600 font-bold text-white">
          {r.username.charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <p className="font-medium">{r.username}</p>
          <p className="text-sm text-gray-500">{relativeAge(r.createdAt)}</p>
        </div>
        <p className="ml-auto flex items-center gap-1" aria-label={`Rated ${r.rating} out of 5`}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Star key={n} aria-hidden className={`h-4 w-4 ${n <= r.rating ? 'fill-amber-400 text-amber-400' : 'text-gray-300'}`} />
          ))}
          <span className="ml-1 text-sm font-medium">{r.rating}</span>
        </p>
      </header>
      <h3 className="mt-3 font-semibold">
        <Link to="/sanctuary/$id" params={{ id: r.sanctuaryId }} className="text-emerald-800 hover:underline">
          {title}
        </Link>
      </h3>
      <p className="text-sm text-gray-600">
        {r.sanctuaryName} · {r.sanctuaryCity}, {r.sanctuaryState}
      </p>
      <p className="mt-2 line-clamp-3 text-gray-700">{r.comment}</p>
      {r.visitDate ? <p className="mt-2 inline-block rounded bg-gray-100 px-2 py-0.5 text-xs">Visited: {r.visitDate}</p> : null}
      <ReviewPhotos photos={r.photos} thumbnails={r.thumbnails} subject={title} />
      <div className="mt-3 flex flex-wrap gap-2 border-t border-gray-100 pt-2">
        <HelpfulButton reviewId={r._id} helpfulCount={r.helpfulCount} />
        <ReplyButton />
        <ReportReviewButton reviewId={r._id} />
      </div>
    </article>
  );
}

/** Replies are not built yet: the button says so instead of doing nothing. */
function ReplyButton() {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-disabled="true"
          onClick={(e) => e.preventDefault()}
          className="inline-flex cursor-not-allowed items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-gray-400"
        >
          <MessageSquare aria-hidden className="h-4 w-4" /> Reply
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded-md bg-gray-900 px-2 py-1 text-xs text-white shadow">
          Replies are coming soon
          <Tooltip.Arrow className="fill-gray-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
