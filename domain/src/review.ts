// Reviews: the stored public review document, the derived stats document, and the two API shapes.

export const REVIEW_DOC_TYPE = 'review';
export const REVIEW_STATS_DOC_TYPE = 'review-stats';

/** A published review as stored in the `reviews` database (written by the gateway and workers only). */
export interface ReviewDoc {
  _id: string;
  _rev?: string;
  type: typeof REVIEW_DOC_TYPE;
  schemaVersion: number;
  sanctuaryId: string;
  sanctuaryName: string;
  sanctuaryCity: string;
  sanctuaryState: string;
  /** The name shown; the public review names no account (who wrote it is kept privately, in `commands`). */
  username: string;
  rating: number;
  title: string;
  comment: string;
  /** ISO date (YYYY-MM-DD) or empty. */
  visitDate: string;
  createdAt: string;
  /** Public URLs under /media/... — never the bytes. Full-size photos: `/media/<hex>-<n>`. */
  photos: string[];
  /** Thumbnail URLs, one per photo, same order: `/media/<hex>-<n>/thumb`. */
  thumbnails?: string[];
  /** How many signed-in users marked this review helpful (kept by the gateway). */
  helpfulCount?: number;
  hidden?: boolean;
}

/** Per-sanctuary rating summary, derived from reviews by a worker; id `stats:<sanctuaryId>`. */
export interface ReviewStatsDoc {
  _id: string;
  _rev?: string;
  type: typeof REVIEW_STATS_DOC_TYPE;
  sanctuaryId: string;
  totalReviews: number;
  ratingSum: number;
  averageRating: number;
  updatedAt: string;
}

export interface Review {
  id: string;
  username: string;
  rating: number;
  title: string;
  comment: string;
  visit_date: string | null;
  created_at: string;
  photos: string[];
  thumbnails?: string[];
  helpful_count?: number;
}

export interface CommunityReview {
  id: string;
  user_name: string;
  created_at: string;
  rating: number;
  title?: string;
  comment: string;
  visit_date?: string;
  sanctuary_id: string;
  sanctuary_name: string;
  sanctuary_city: string;
  sanctuary_state: string;
  photos?: string[];
  thumbnails?: string[];
  helpful_count?: number;
}

export interface SanctuaryStats {
  averageRating: number;
  totalReviews: number;
}

export const statsDocId = (sanctuaryId: string) => `stats:${sanctuaryId}`;

export function isReviewDoc(doc: unknown): doc is ReviewDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === REVIEW_DOC_TYPE;
}

export function isVisibleReview(doc: unknown): doc is ReviewDoc {
  return isReviewDoc(doc) && doc.hidden !== true;
}

export function toReview(doc: ReviewDoc): Review {
  return {
    id: doc._id,
    username: doc.username,
    rating: doc.rating,
    title: doc.title,
    comment: doc.comment,
    visit_date: doc.visitDate || null,
    created_at: doc.createdAt,
    photos: doc.photos,
    ...(doc.thumbnails ? { thumbnails: doc.thumbnails } : {}),
    ...(doc.helpfulCount !== undefined ? { helpful_count: doc.helpfulCount } : {}),
  };
}

export function toCommunityReview(doc: ReviewDoc): CommunityReview {
  return {
    id: doc._id,
    user_name: doc.username,
    created_at: doc.createdAt,
    rating: doc.rating,
    ...(doc.title ? { title: doc.title } : {}),
    comment: doc.comment,
    ...(doc.visitDate ? { visit_date: doc.visitDate } : {}),
    sanctuary_id: doc.sanctuaryId,
    sanctuary_name: doc.sanctuaryName,
    sanctuary_city: doc.sanctuaryCity,
    sanctuary_state: doc.sanctuaryState,
    ...(doc.photos.length ? { photos: doc.photos } : {}),
    ...(doc.thumbnails?.length ? { thumbnails: doc.thumbnails } : {}),
    ...(doc.helpfulCount !== undefined ? { helpful_count: doc.helpfulCount } : {}),
  };
}

/** Newest first, the order every review list uses. */
export function byNewest(a: { createdAt: string }, b: { createdAt: string }): number {
  return b.createdAt.localeCompare(a.createdAt);
}

/** Summarises ratings; an empty list averages to 0. Average rounded to one decimal. */
export function summarizeRatings(ratings: readonly number[]): SanctuaryStats & { ratingSum: number } {
  const ratingSum = ratings.reduce((sum, r) => sum + r, 0);
  const totalReviews = ratings.length;
  return { ratingSum, totalReviews, averageRating: totalReviews ? Math.round((ratingSum / totalReviews) * 10) / 10 : 0 };
}
