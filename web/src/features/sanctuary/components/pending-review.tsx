// One of the user's own reviews that is saved on this device but not published yet, marked as pending.
import { Clock } from 'lucide-react';
import type { ReviewCommandDoc } from '@ss/domain/review-command';
import { REVIEW_MESSAGES } from '@ss/domain/review-command';
import { StarRating } from '../../../ui/star-rating';

export function PendingReview({ command: c, sanctuaryName, online }: { command: ReviewCommandDoc; sanctuaryName: string; online: boolean }) {
  const photoCount = Object.keys(c._attachments ?? {}).length;
  const title = c.title || `Review of ${sanctuaryName}`;
  return (
    <article aria-label={`Pending review: ${title}`} className="rounded-xl border border-dashed border-amber-400 bg-amber-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{title}</p>
        <StarRating rating={c.rating} />
      </div>
      <p role="status" className="mt-1 inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
        <Clock aria-hidden className="h-3.5 w-3.5" />
        {online ? REVIEW_MESSAGES.pendingOnline : REVIEW_MESSAGES.pendingOffline}
      </p>
      {c.visitDate ? <p className="mt-1 text-sm text-gray-500">Visited: {c.visitDate}</p> : null}
      <p className="mt-2 whitespace-pre-line text-gray-700">{c.comment}</p>
      {photoCount ? <p className="mt-2 text-sm text-gray-500">{photoCount === 1 ? '1 photo' : `${photoCount} photos`} attached</p> : null}
    </article>
  );
}
