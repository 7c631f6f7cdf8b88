// Writes a review as a command into the signed-in user's database on this device, photos as attachments. It is
// there at once (offline too); user-db.ts pushes it through /db/me, and the gateway writes the outcome back.
import { newReviewCommand, reviewPhotoAttachmentName, type ReviewCommandDoc } from '@ss/domain/review-command';
import { cleanPhoto } from '../lib/clean-photo';
import { expectReviewOutcome } from './review-commands';
import { openUserDb, useUserDbStore } from './user-db';

export interface ReviewSubmission {
  userId: string;
  sanctuaryId: string;
  rating: number;
  title: string;
  comment: string;
  /** '' or YYYY-MM-DD. */
  visitDate: string;
  /** JPEG, PNG or WebP files, in the order chosen. */
  photos: readonly Blob[];
}

/** Resolves with the command's id once it is saved on this device. */
export async function submitReview({ userId, photos, ...fields }: ReviewSubmission): Promise<string> {
  await openUserDb(userId);
  const { db, userId: openFor } = useUserDbStore.getState();
  if (!db || openFor !== userId) throw new Error('Your account is not available on this device right now.');
  const command = newReviewCommand({ ownerId: userId, ...fields });
  // Cleaned on the device first (no location or camera data waits here or leaves it), then kept as Blobs, which
  // PouchDB sends base64-encoded when it replicates.
  const cleaned = await Promise.all(photos.map((photo) => cleanPhoto(photo)));
  const attachments = Object.fromEntries(
    cleaned.map((photo, i) => [reviewPhotoAttachmentName(i), { content_type: photo.type || 'image/jpeg', data: photo }]),
  );
  const { _attachments: _none, ...body } = command;
  const doc: PouchDB.Core.PutDocument<Omit<ReviewCommandDoc, '_attachments'>> = photos.length ? { ...body, _attachments: attachments } : body;
  expectReviewOutcome(userId, command._id);
  await db.put(doc as never);
  return command._id;
}
