// Photos in the `media` database, read for /media: review photos (`photo:<hex>-<n>`, written by
// ./review-commands.ts) and listing photos (`listing-photo:<hex>-<n>`, ./listing-management.ts). Each holds a
// display size and a thumbnail made afresh from the pixels (./photo-processing.ts); the file as a device sent it
// is never stored, and one left by an older version (`original`) is never served as it is.
import { DB } from './definitions.ts';
import { CouchHttpError, isNotFound, type CouchClient } from './client.ts';
import { PhotoProcessingError, processPhoto } from './photo-processing.ts';

export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}-[0-4]$/;
export const DISPLAY_ATTACHMENT = 'display';
export const THUMBNAIL_ATTACHMENT = 'thumb';
/** Before issue 15: the bytes as the device sent them. Replaced by the photo-privacy migration. */
export const LEGACY_ORIGINAL_ATTACHMENT = 'original';

/**
 * A review photo: attachments `display` (WebP, at most 1600 px) and `thumb` (320 px). Documents from before
 * issue 15 held the file as sent in `original`; cleanLegacyPhoto replaces it.
 */
export interface PhotoDoc {
  _id: string;
  _rev?: string;
  type: 'photo';
  schemaVersion: 1;
  reviewId: string;
  sanctuaryId: string;
  createdAt: string;
  _attachments?: Record<string, { content_type: string; data?: string; stub?: boolean; length?: number; digest?: string }>;
}

export interface PhotoBytes {
  bytes: Buffer;
  contentType: string;
  /** The store's digest of these bytes, a stable ETag. */
  digest: string;
  /** False for a stand-in made on the fly (a legacy photo the migration has not reached yet). */
  final: boolean;
}

/** The bytes behind `/media/<key>` (variant 'display') or `/media/<key>/thumb`, or null when there is no such photo. */
export async function readPhoto(couch: CouchClient, key: string, variant: 'display' | 'thumb'): Promise<PhotoBytes | null> {
  if (!PHOTO_KEY_PATTERN.test(key)) return null;
  const scope = couch.use<PhotoDoc>(DB.media);
  let doc: PhotoDoc;
  try {
    doc = await couch.call(() => scope.get(`photo:${key}`));
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
  const name = variant === 'display' ? DISPLAY_ATTACHMENT : THUMBNAIL_ATTACHMENT;
  const stub = doc._attachments?.[name];
  if (stub) {
    const bytes = (await couch.call(() => scope.attachment.get(doc._id, name))) as Buffer;
    return { bytes, contentType: stub.content_type, digest: stub.digest ?? `${doc._rev}-${name}`, final: true };
  }
  // A photo stored before issue 15: cleaned on the way out until the migration replaces it; never sent as it is.
  if (!doc._attachments?.[LEGACY_ORIGINAL_ATTACHMENT]) return null;
  const original = (await couch.call(() => scope.attachment.get(doc._id, LEGACY_ORIGINAL_ATTACHMENT))) as Buffer;
  try {
    const sized = await processPhoto(original);
    return { bytes: variant === 'display' ? sized.display : sized.thumb, contentType: sized.contentType, digest: `${doc._rev}-${name}-cleaned`, final: false };
  } catch (err) {
    if (err instanceof PhotoProcessingError) return null;
    throw err;
  }
}

/**
 * Replaces a legacy photo's `original` with its cleaned display size and thumbnail (one new revision; the old one
 * leaves the store's files at the next compaction). Unreadable bytes are dropped. False when the document changed
 * meanwhile or needs nothing.
 */
export async function cleanLegacyPhoto(couch: CouchClient, docId: string): Promise<boolean> {
  const scope = couch.use<PhotoDoc>(DB.media);
  let doc: PhotoDoc;
  try {
    doc = await couch.call(() => scope.get(docId, { attachments: true }));
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  const original = doc._attachments?.[LEGACY_ORIGINAL_ATTACHMENT]?.data;
  if (typeof original !== 'string') return false;
  const attachments: NonNullable<PhotoDoc['_attachments']> = {};
  try {
    const sized = await processPhoto(Buffer.from(original, 'base64'));
    attachments[DISPLAY_ATTACHMENT] = { content_type: sized.contentType, data: sized.display.toString('base64') };
    attachments[THUMBNAIL_ATTACHMENT] = { content_type: sized.contentType, data: sized.thumb.toString('base64') };
  } catch (err) {
    if (!(err instanceof PhotoProcessingError)) throw err;
  }
  try {
    await couch.call(() => scope.insert({ ...doc, _attachments: attachments }));
    return true;
  } catch (err) {
    if (err instanceof CouchHttpError && err.statusCode === 409) return false;
    throw err;
  }
}

/** A listing photo behind `/media/listing/<key>` ('display') or `/media/listing/<key>/thumb`, or null. */
export async function readListingPhoto(couch: CouchClient, key: string, variant: 'display' | 'thumb'): Promise<PhotoBytes | null> {
  if (!/^[0-9a-f]{32}-(?:[0-9]|1[01])$/.test(key)) return null;
  const scope = couch.use<{ _id: string; _rev: string; _attachments?: Record<string, { content_type: string; digest?: string }> }>(DB.media);
  let doc;
  try {
    doc = await couch.call(() => scope.get(`listing-photo:${key}`));
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
  const stub = doc._attachments?.[variant];
  if (!stub) return null;
  const bytes = (await couch.call(() => scope.attachment.get(doc._id, variant))) as Buffer;
  return { bytes, contentType: stub.content_type, digest: stub.digest ?? `${doc._rev}-${variant}`, final: true };
}
