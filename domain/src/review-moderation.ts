// Helpful votes and review reports: the stored shapes, the report payload and what the moderation API returns.
import { z } from 'zod';
import type { ReviewDoc } from './review.ts';

export const HELPFUL_VOTE_DOC_TYPE = 'helpful-vote';
export const REVIEW_REPORT_DOC_TYPE = 'review-report';
export const MAX_REPORT_REASON_LENGTH = 1000;

/** One user's helpful vote on one review, in the private `votes` database. */
export interface HelpfulVoteDoc {
  _id: string;
  _rev?: string;
  type: typeof HELPFUL_VOTE_DOC_TYPE;
  reviewId: string;
  userId: string;
  createdAt: string;
}

/** One user's report of one review, in the admins' `submissions` queue. */
export interface ReviewReportDoc {
  _id: string;
  _rev?: string;
  type: typeof REVIEW_REPORT_DOC_TYPE;
  reviewId: string;
  userId: string;
  reason: string;
  status: 'open' | 'closed';
  createdAt: string;
  closedAt?: string;
  closedBy?: string;
}

export const helpfulVoteId = (reviewId: string, userId: string): string => `vote:${reviewId}:${userId}`;
export const reviewReportId = (reviewId: string, userId: string): string => `${REVIEW_REPORT_DOC_TYPE}:${reviewId}:${userId}`;

/** Review ids as the API accepts them: `review:<something plain>`. */
export const REVIEW_ID_PATTERN = /^review:[A-Za-z0-9._-]{1,200}$/;

export const reviewReportSchema = z.object({
  reason: z
    .string({ error: 'Please say why you are reporting this review.' })
    .trim()
    .min(1, 'Please say why you are reporting this review.')
    .max(MAX_REPORT_REASON_LENGTH, `The reason can be at most ${MAX_REPORT_REASON_LENGTH} characters.`),
});

export interface HelpfulResult {
  helpfulCount: number;
  voted: boolean;
}

/** An open report as GET /api/admin/review-reports lists it, with the review it is about. */
export interface ReviewReport {
  id: string;
  reviewId: string;
  reason: string;
  reportedBy: string;
  createdAt: string;
  review: { id: string; username: string; rating: number; title: string; comment: string; sanctuaryId: string; sanctuaryName: string; hidden: boolean } | null;
}

export function toReviewReport(report: ReviewReportDoc, review: ReviewDoc | null): ReviewReport {
  return {
    id: report._id,
    reviewId: report.reviewId,
    reason: report.reason,
    reportedBy: report.userId,
    createdAt: report.createdAt,
    review: review
      ? {
          id: review._id,
          username: review.username,
          rating: review.rating,
          title: review.title,
          comment: review.comment,
          sanctuaryId: review.sanctuaryId,
          sanctuaryName: review.sanctuaryName,
          hidden: review.hidden === true,
        }
      : null,
  };
}
