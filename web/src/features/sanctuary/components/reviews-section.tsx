// 'Reviews & Ratings' on a sanctuary's page: the rating summary from the stats worker, the review form for
// signed-in users (a sign-in prompt otherwise), the user's own reviews still waiting to be published, and the
// published reviews with their photos, all from the device's local databases.
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { LazyPart, lazyPart } from '../../../ui/lazy-part';
import type { ReviewDoc } from '@ss/domain/review';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { relativeAge } from '@ss/domain/relative-age';
import { useAuthState } from '../../../data/current-user';
import { useMyReviewCommands } from '../../../data/review-commands';
import { useSyncStatus } from '../../../data/sync-status';
import { useReviewStats, useSanctuaryReviews } from '../../../data/use-reviews';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { HelpfulButton } from '../../../ui/helpful-button';
import { ReportReviewButton } from '../../../ui/report-review-button';
import { ReviewPhotos } from '../../../ui/review-photos';
import { StarRating } from '../../../ui/star-rating';
import { PendingReview } from './pending-review';

// The form (and react-hook-form with it) loads when 'Write a Review' is first pressed, not with every listing's page;
// the service worker keeps it for offline use like the rest of the app.
const ReviewForm = lazyPart(() => import('./review-form').then((m) => m.ReviewForm));

export function ReviewsSection({ sanctuary }: { sanctuary: Sanctuary }) {
  const stats = useReviewStats(sanctuary.id);
  const { status, reviews } = useSanctuaryReviews(sanctuary.id);
  const { user } = useAuthState();
  const online = useSyncStatus((s) => s.online);
  const commands = useMyReviewCommands(sanctuary.id);
  const [open, setOpen] = useState(false);
  // Once opened the form stays mounted, so 'Cancel Review' keeps a draft; a successful submit resets it.
  const [everOpened, setEverOpened] = useState(false);

  // A command gives way to its review once that has reached this device.
  const pending = useMemo(() => {
    const published = new Set(reviews.map((r) => r._id));
    return commands.filter((c) => c.status === 'pending' || (c.status === 'published' && !(c.reviewId && published.has(c.reviewId))));
  }, [commands, reviews]);

  const toggle = () => {
    setOpen(!open);
    setEverOpened(true);
  };

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

      {user ? (
        <div className="mt-3">
          <button type="button" onClick={toggle} aria-expanded={open} className={open ? secondaryButton : primaryButton}>
            {open ? 'Cancel Review' : 'Write a Review'}
          </button>
          {everOpened ? (
            <div hidden={!open}>
              <LazyPart what="The review form" fallback={<p className="mt-3 text-gray-600">Opening the form…</p>}>
                <ReviewForm userId={user.id} sanctuaryId={sanctuary.id} onSubmitted={() => setOpen(false)} />
              </LazyPart>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 rounded-xl bg-emerald-50 p-4 text-gray-700">
          <Link to="/login" className="font-semibold text-emerald-700 hover:underline">Sign in</Link> or{' '}
          <Link to="/register" className="font-semibold text-emerald-700 hover:underline">create a free account</Link> to write a review.
        </p>
      )}

      {status === 'ready' && reviews.length === 0 && pending.length === 0 ? (
        <p className="mt-3 text-gray-600">No reviews yet. Be the first to share your visit.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {pending.map((c) => (
            <li key={c._id}>
              <PendingReview command={c} sanctuaryName={sanctuary.name} online={online} />
            </li>
          ))}
          {reviews.map((r) => (
            <li key={r._id}>
              <PublishedReview review={r} sanctuaryName={sanctuary.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PublishedReview({ review: r, sanctuaryName }: { review: ReviewDoc; sanctuaryName: string }) {
  const title = r.title || `Review of ${sanctuaryName}`;
  return (
    <article aria-label={title} className="rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{title}</p>
        <StarRating rating={r.rating} />
      </div>
      <p className="text-sm text-gray-500">
        {r.username} · {relativeAge(r.createdAt)}
        {r.visitDate ? ` · Visited: ${r.visitDate}` : ''}
      </p>
      <p className="mt-2 whitespace-pre-line text-gray-700">{r.comment}</p>
      <ReviewPhotos photos={r.photos} thumbnails={r.thumbnails} subject={title} />
      <div className="mt-3 flex flex-wrap gap-2">
        <HelpfulButton reviewId={r._id} helpfulCount={r.helpfulCount} />
        <ReportReviewButton reviewId={r._id} />
      </div>
    </article>
  );
}
