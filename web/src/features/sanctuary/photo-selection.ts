// The review form's photo rules: at most MAX_REVIEW_PHOTOS in all (a selection that would exceed it is refused
// entirely, as the spec says), and each a JPEG, PNG or WebP of at most MAX_PHOTO_BYTES (those are left out).
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from '@ss/domain/constants';

type PhotoLike = Pick<File, 'name' | 'size' | 'type'>;

export type PhotoSelection<T extends PhotoLike> =
  | { tooMany: true }
  | { tooMany: false; photos: T[]; tooLarge: T[]; wrongType: T[] };

const isAllowedType = (type: string) => (ALLOWED_PHOTO_TYPES as readonly string[]).includes(type);

/** What the photo list becomes when `incoming` is chosen while `current` is already there. */
export function addPhotos<T extends PhotoLike>(current: readonly T[], incoming: readonly T[]): PhotoSelection<T> {
  if (current.length + incoming.length > MAX_REVIEW_PHOTOS) return { tooMany: true };
  const wrongType = incoming.filter((f) => !isAllowedType(f.type));
  const tooLarge = incoming.filter((f) => isAllowedType(f.type) && f.size > MAX_PHOTO_BYTES);
  const accepted = incoming.filter((f) => isAllowedType(f.type) && f.size <= MAX_PHOTO_BYTES);
  return { tooMany: false, photos: [...current, ...accepted], tooLarge, wrongType };
}
