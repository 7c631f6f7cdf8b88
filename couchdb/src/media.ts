// Review photos in the `media` database: reading one (original or thumbnail) for /media, and the worker's
// thumbnail writes. Photo documents are `photo:<hex>-<n>`, written by ./review-commands.ts.
import { DB } from './definitions.ts';
import { CouchHttpError, isNotFound, type CouchClient } from './client.ts';
import type { PhotoDoc } from './review-commands.ts';

export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}-[0-4]$/;
export const THUMBNAIL_ATTACHMENT = 'thumb';
export const ORIGINAL_ATTACHMENT = 'original';

export interface PhotoBytes {
  bytes: Buffer;
  contentType: string;
  /** The store's digest of these bytes, a stable ETag. */
  digest: string;
  /** False when a thumbnail was asked for and the original stands in until the worker makes one. */
  final: boolean;
}

/** The bytes behind `/media/<key>` (variant 'original') or `/media/<key>/thumb`, or null when there is no such photo. */
export async function readPhoto(couch: CouchClient, key: string, variant: 'original' | 'thumb'): Promise<PhotoBytes | null> {
  if (!PHOTO_KEY_PATTERN.test(key)) return null;
  const scope = couch.use<PhotoDoc>(DB.media);
  let doc: PhotoDoc;
  try {
    doc = await couch.call(() => scope.get(`photo:${key}`));
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
  const wanted = variant === 'thumb' && doc._attachments?.[THUMBNAIL_ATTACHMENT] ? THUMBNAIL_ATTACHMENT : ORIGINAL_ATTACHMENT;
  const stub = doc._attachments?.[wanted];
  if (!stub) return null;
  const bytes = (await couch.call(() => scope.attachment.get(doc._id, wanted))) as Buffer;
  return { bytes, contentType: stub.content_type, digest: stub.digest ?? `${doc._rev}-${wanted}`, final: variant === 'original' || wanted === THUMBNAIL_ATTACHMENT };
}

/** The original bytes of a photo document, for the thumbnail worker. */
export async function readOriginal(couch: CouchClient, docId: string): Promise<Buffer> {
  return (await couch.call(() => couch.use<PhotoDoc>(DB.media).attachment.get(docId, ORIGINAL_ATTACHMENT))) as Buffer;
}

/** Adds the thumbnail to a photo document; false when the document changed meanwhile (the next change retries). */
export async function writeThumbnail(couch: CouchClient, docId: string, rev: string, bytes: Buffer, contentType: string): Promise<boolean> {
  try {
    await couch.call(() => couch.use<PhotoDoc>(DB.media).attachment.insert(docId, THUMBNAIL_ATTACHMENT, bytes, contentType, { rev }));
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
