// 'Reported reviews' on the admin dashboard: each open report with its reason and the review it is about, and a
// 'Hide review' action that takes the review off every device.
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ReviewReport } from '@ss/domain/review-moderation';
import { errorMessage } from '../../../lib/api';
import { destructiveButton, secondaryButton } from '../../../ui/button-styles';
import { StarRating } from '../../../ui/star-rating';
import { toast } from '../../../ui/toast';
import { fetchReviewReports, hideReview } from '../review-reports';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; reports: ReviewReport[] };

export function ReportedReviews() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [hiding, setHiding] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setLoad({ status: 'ready', reports: await fetchReviewReports() });
    } catch (err) {
      setLoad({ status: 'error', message: errorMessage(err, 'The reports could not be loaded.') });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const hide = async (reviewId: string) => {
    setHiding(reviewId);
    try {
      await hideReview(reviewId);
      toast({ title: 'Review hidden', description: 'It no longer appears anywhere in the app.' });
      await refresh();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to hide the review.'), variant: 'destructive' });
    } finally {
      setHiding(null);
    }
  };

  return (
    <section aria-labelledby="reported-reviews-heading" className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id="reported-reviews-heading" className="text-xl font-semibold">Reported reviews</h2>
        <button type="button" onClick={() => void refresh()} className={`${secondaryButton} px-3 py-1.5 text-sm`}>Refresh</button>
      </div>
      {load.status === 'loading' ? <p className="mt-3 text-gray-600">Loading reports...</p> : null}
      {load.status === 'error' ? <p role="alert" className="mt-3 text-red-700">{load.message}</p> : null}
      {load.status === 'ready' && load.reports.length === 0 ? <p className="mt-3 text-gray-600">No open reports.</p> : null}
      {load.status === 'ready' && load.reports.length ? (
        <ul className="mt-3 space-y-3">
          {load.reports.map((r) => {
            const title = r.review ? r.review.title || `Review of ${r.review.sanctuaryName}` : 'A review that no longer exists';
            return (
              <li key={r.id}>
                <article aria-label={`Report: ${title}`} className="rounded-xl border border-gray-200 bg-white p-4">
                  <p className="text-sm text-gray-500">Reported {new Date(r.createdAt).toLocaleString()}</p>
                  <p className="mt-1"><span className="font-medium">Reason:</span> {r.reason}</p>
                  <div className="mt-3 rounded-lg bg-gray-50 p-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium">{title}</p>
                      {r.review ? <StarRating rating={r.review.rating} /> : null}
                    </div>
                    {r.review ? (
                      <>
                        <p className="text-sm text-gray-500">
                          {r.review.username} on{' '}
                          <Link to="/sanctuary/$id" params={{ id: r.review.sanctuaryId }} className="text-emerald-700 hover:underline">
                            {r.review.sanctuaryName}
                          </Link>
                        </p>
                        <p className="mt-1 line-clamp-3 text-gray-700">{r.review.comment}</p>
                      </>
                    ) : null}
                  </div>
                  {r.review && !r.review.hidden ? (
                    <button
                      type="button"
                      disabled={hiding !== null}
                      onClick={() => void hide(r.reviewId)}
                      className={`${destructiveButton} mt-3 px-3 py-1.5 text-sm`}
                    >
                      {hiding === r.reviewId ? 'Hiding...' : 'Hide review'}
                    </button>
                  ) : (
                    <p className="mt-3 text-sm text-gray-600">{r.review ? 'Already hidden.' : 'Nothing to hide.'}</p>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
