// 'Reviews & Ratings' on a sanctuary's page: the rating summary from the stats worker and the published
// reviews, both from the device's replicated reviews database.
import { Link } from '@tanstack/react-router';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { relativeAge } from '@ss/domain/relative-age';
import { useReviewStats, useSanctuaryReviews } from '../../../data/use-reviews';
import { StarRating } from '../../../ui/star-rating';

export function ReviewsSection({ sanctuary }: { sanctuary: Sanctuary }) {
  const stats = useReviewStats(sanctuary.id);
  const { status, reviews } = useSanctuaryReviews(sanctuary.id);
  return (
    <section aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-semibold">Reviews & Ratings</h2>
        {stats.totalReviews ? (
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <StarRating rating={stats.averageRating} /> <span>({stats.totalReviews} {stats.totalReviews === 1 ? 'review' : 'reviews'})</span>
          </p>
        ) : null}
      </div>
      {status === 'ready' && reviews.length === 0 ? (
        <p className="mt-2 text-gray-600">
          No reviews yet. <Link to="/register" className="text-emerald-700 hover:underline">Create an account</Link> to share your visit.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {reviews.map((r) => (
            <li key={r._id} className="rounded-xl border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{r.title || `Review of ${sanctuary.name}`}</p>
                <StarRating rating={r.rating} />
              </div>
              <p className="text-sm text-gray-500">
                {r.username} · {relativeAge(r.createdAt)}
                {r.visitDate ? ` · Visited: ${r.visitDate}` : ''}
              </p>
              <p className="mt-2 whitespace-pre-line text-gray-700">{r.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
