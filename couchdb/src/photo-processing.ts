// Every image the product accepts goes through here before it is stored: decoded, turned upright by its EXIF
// orientation, and written afresh from its pixels as WebP, so nothing of the file but the picture survives (no
// EXIF, GPS, camera, XMP, IPTC or ICC data: sharp writes none unless asked). One display size and one thumbnail;
// the file as sent is never kept or served.
import sharp from 'sharp';

/** The long side of the size people open (review photos, listing heroes). */
export const DISPLAY_MAX_PX = 1600;
/** Review thumbnails in lists; listing cards use a larger one. */
export const REVIEW_THUMB_MAX_PX = 320;
export const LISTING_THUMB_MAX_PX = 480;
export const PROCESSED_TYPE = 'image/webp';
/** Refuses decompression bombs: about a 7,000 × 7,000 picture. */
const MAX_INPUT_PIXELS = 50_000_000;

export class PhotoProcessingError extends Error {}

export interface ProcessedPhoto {
  display: Buffer;
  thumb: Buffer;
  contentType: typeof PROCESSED_TYPE;
}

const image = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

/** Cleans and sizes one photo; a PhotoProcessingError when the bytes are not a picture sharp can read. */
export async function processPhoto(bytes: Buffer, { thumbMaxPx = REVIEW_THUMB_MAX_PX }: { thumbMaxPx?: number } = {}): Promise<ProcessedPhoto> {
  try {
    const display = await image(bytes).resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const thumb = await image(bytes).resize({ width: thumbMaxPx, height: thumbMaxPx, fit: 'inside', withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
    return { display, thumb, contentType: PROCESSED_TYPE };
  } catch (err) {
    throw new PhotoProcessingError(`could not be read as an image (${(err as Error).message.split('\n')[0]})`);
  }
}

/** Only the display size, for cleaning a photo as it arrives (the thumbnail is made when it is published). */
export async function cleanPhoto(bytes: Buffer): Promise<Buffer> {
  try {
    return await image(bytes).resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    throw new PhotoProcessingError(`could not be read as an image (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * Cleans every inline image attachment of a document a device pushed (a review command's photos, an owner's new
 * listing photos) in place: the data becomes the cleaned WebP and the client's digest and length go, since they
 * described other bytes. Stubs (no data) are left alone. Returns the name of an attachment that is not a picture.
 */
export async function cleanInlineAttachments(doc: { _attachments?: unknown }): Promise<{ ok: true } | { ok: false; name: string; reason: string }> {
  const attachments = doc._attachments as Record<string, { content_type?: unknown; data?: unknown; digest?: unknown; length?: unknown; revpos?: unknown }> | undefined;
  if (!attachments || typeof attachments !== 'object') return { ok: true };
  for (const [name, att] of Object.entries(attachments)) {
    if (!att || typeof att.data !== 'string') continue;
    try {
      const cleaned = await cleanPhoto(Buffer.from(att.data, 'base64'));
      attachments[name] = { content_type: PROCESSED_TYPE, data: cleaned.toString('base64') };
    } catch (err) {
      return { ok: false, name, reason: (err as Error).message };
    }
  }
  return { ok: true };
}
