// /reviews ('Seekers Community'): stat cards, the join card, and the newest community reviews from the
// device's replicated reviews database.
import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { COMMUNITY_REVIEWS_SHOWN, MARKETING_COMMUNITY_MEMBERS, MARKETING_SANCTUARIES_LISTED } from '@ss/domain/constants';
import { relativeAge } from '@ss/domain/relative-age';
import type { ReviewDoc } from '@ss/domain/review';
import { useReviews } from '../../../data/use-reviews';

export function ReviewsPage() {
  const { status, reviews } = useReviews();
  const recent = reviews.slice(0, COMMUNITY_REVIEWS_SHOWN);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Seekers Community</h1>
      <p className="mt-2 text-gray-600">Stories and reviews from people who visited farm-animal sanctuaries.</p>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {[
          { value: String(reviews.length), label: 'Community Reviews' },
          { value: MARKETING_SANCTUARIES_LISTED, label: 'Sanctuaries Listed' },
          { value: MARKETING_COMMUNITY_MEMBERS, label: 'Community Members' },
        ].map((s) => (
          <div key={s.label} className="rounded-xl border border-gray-200 bg-white p-4 text-center">
            <dt className="text-sm text-gray-600">{s.label}</dt>
            <dd className="text-2xl font-bold text-emerald-700">{s.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="join-heading" className="mt-6 rounded-xl bg-emerald-50 p-6">
        <h2 id="join-heading" className="text-lg font-semibold">Join the Seekers Community</h2>
        <p className="mt-1 text-gray-700">Create a free account to review sanctuaries and save your favourites.</p>
        <div className="mt-4 flex gap-3">
          <Link to="/register" className="rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700">Create Account</Link>
          <Link to="/login" className="rounded-md border border-emerald-600 px-4 py-2 font-semibold text-emerald-700 hover:bg-white">Sign In</Link>
        </div>
      </section>

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
            <Link to="/register" className="mt-4 inline-block rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white">Join to Write Reviews</Link>
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
  );
}

function ReviewItem({ review: r }: { review: ReviewDoc }) {
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-4">
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
          {r.title || `Review of ${r.sanctuaryName}`}
        </Link>
      </h3>
      <p className="text-sm text-gray-600">
        {r.sanctuaryName} · {r.sanctuaryCity}, {r.sanctuaryState}
      </p>
      <p className="mt-2 line-clamp-3 text-gray-700">{r.comment}</p>
      {r.visitDate ? <p className="mt-2 inline-block rounded bg-gray-100 px-2 py-0.5 text-xs">Visited: {r.visitDate}</p> : null}
    </article>
  );
}
