// Review moderation for administrators: the open reports (GET /api/admin/review-reports) and hiding a review
// (POST /api/admin/reviews/{id}/hide), which removes it from every device through replication.
import type { ReviewReport } from '@ss/domain/review-moderation';
import { apiJson } from '../../lib/api';

export function fetchReviewReports(): Promise<ReviewReport[]> {
  return apiJson<ReviewReport[]>('GET', '/api/admin/review-reports');
}

export async function hideReview(reviewId: string): Promise<void> {
  await apiJson<unknown>('POST', `/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`);
}
