// Reports a published review to the moderators: POST /api/reviews/{id}/report with the reporter's reason.
import { apiJson } from '../lib/api';

export async function reportReview(reviewId: string, reason: string): Promise<void> {
  await apiJson<unknown>('POST', `/api/reviews/${encodeURIComponent(reviewId)}/report`, { reason: reason.trim() });
}
