// Makes a thumbnail for every review photo: follows the media change feed (with a checkpoint) and, for each
// photo without one, writes a THUMBNAIL_WIDTH px wide WebP as its `thumb` attachment. Idempotent: a photo
// that already has a thumbnail is skipped, so a replayed batch does nothing.
import sharp from 'sharp';
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { THUMBNAIL_ATTACHMENT, readOriginal, writeThumbnail } from '@ss/couchdb/media';
import type { PhotoDoc } from '@ss/couchdb/review-commands';
import { followFeed, type Change } from './feed-follower.ts';

export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_TYPE = 'image/webp';

/** A THUMBNAIL_WIDTH px wide WebP (never enlarged), upright per the photo's EXIF orientation, metadata dropped. */
export async function makeThumbnail(original: Buffer): Promise<Buffer> {
  return sharp(original, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

export function startThumbnailWorker(couch: CouchClient, log: (line: string) => void = (l) => console.log(l)) {
  return followFeed<PhotoDoc>({
    couch,
    db: DB.media,
    name: 'thumbnails',
    batchSize: 20,
    log,
    async handle(changes: Change<PhotoDoc>[]) {
      for (const change of changes) {
        const doc = change.doc;
        if (change.deleted || !doc || doc.type !== 'photo' || !doc._rev || doc._attachments?.[THUMBNAIL_ATTACHMENT]) continue;
        try {
          const thumb = await makeThumbnail(await readOriginal(couch, doc._id));
          await writeThumbnail(couch, doc._id, doc._rev, thumb, THUMBNAIL_TYPE);
        } catch (err) {
          // Unreadable image data: /media keeps serving the original in place of the thumbnail.
          log(`[workers] thumbnails: ${doc._id}: ${(err as Error).message}`);
        }
      }
    },
  });
}
