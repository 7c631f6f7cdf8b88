// The safety net for photos stored before issue 15: follows the media change feed (with a checkpoint) and, for
// each review photo that still holds the file as a device sent it (`original`), replaces it with its cleaned
// display size and thumbnail (couchdb/src/media.ts). New photos are written cleaned and sized when their review
// is published, so this finds nothing to do for them; the photo-privacy migration does the same at setup.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { LEGACY_ORIGINAL_ATTACHMENT, cleanLegacyPhoto, type PhotoDoc } from '@ss/couchdb/media';
import { followFeed, type Change } from './feed-follower.ts';

export function startPhotoWorker(couch: CouchClient, log: (line: string) => void = (l) => console.log(l)) {
  return followFeed<PhotoDoc>({
    couch,
    db: DB.media,
    name: 'photos',
    batchSize: 20,
    log,
    async handle(changes: Change<PhotoDoc>[]) {
      for (const change of changes) {
        const doc = change.doc;
        if (change.deleted || !doc || doc.type !== 'photo' || !doc._attachments?.[LEGACY_ORIGINAL_ATTACHMENT]) continue;
        try {
          await cleanLegacyPhoto(couch, doc._id);
        } catch (err) {
          log(`[workers] photos: ${doc._id}: ${(err as Error).message}`);
        }
      }
    },
  });
}
