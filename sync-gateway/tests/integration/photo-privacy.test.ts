// Issue 15: photos without secrets. A phone photo carrying GPS coordinates, its camera's make and model and an
// XMP packet is posted with a review through the form and through /db/me; nothing the product then stores (the
// command in the user's database, at every revision; the media documents) or serves (/media, both sizes) holds any
// of it, and what is served is the display size, never the file as sent. A store from before keeps its photos
// as sent until the photo-privacy migration cleans them.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { runMigrations } from '@ss/couchdb/migrations';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { startGateway, type Gateway } from './harness.ts';

const CAMERA = 'SecretPhoneMaker';
const MODEL = 'SP-9 Pro';
const XMP_AUTHOR = 'XmpSecretAuthor';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${XMP_AUTHOR}"/></rdf:RDF></x:xmpmeta>`;
const LISTINGS = readDefaultSeed().map((d) => d._id).slice(5, 12);

let g: Gateway;
let phonePhoto: Buffer;
beforeAll(async () => {
  g = await startGateway();
  phonePhoto = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6a4' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: CAMERA, Model: MODEL }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 23/1 7/1', GPSLongitudeRef: 'W', GPSLongitude: '76/1 52/1 3/1' } })
    .withXmp(XMP)
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await g?.stop();
});

/** Fails if these bytes carry any of the metadata the phone wrote, or any metadata at all. */
async function expectClean(bytes: Buffer, where: string) {
  for (const secret of [CAMERA, MODEL, XMP_AUTHOR, 'Exif\0\0', 'http://ns.adobe.com/xap', 'adobe:ns:meta']) {
    expect(bytes.includes(Buffer.from(secret, 'latin1')), `${where} holds "${secret}"`).toBe(false);
  }
  const meta = await sharp(bytes).metadata();
  expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }, where).toEqual({ exif: undefined, xmp: undefined, iptc: undefined });
  return meta;
}

/** Every attachment of every document of the media database, and of every revision of the user's commands. */
async function storedImages(userId: string): Promise<Array<{ where: string; bytes: Buffer }>> {
  const out: Array<{ where: string; bytes: Buffer }> = [];
  const media = g.fx.couch.nano.db.use(DB.media);
  for (const row of (await media.list()).rows) {
    const doc = (await media.get(row.id, { attachments: true })) as { _attachments?: Record<string, { data: string }> };
    for (const [name, a] of Object.entries(doc._attachments ?? {})) out.push({ where: `media ${row.id}/${name}`, bytes: Buffer.from(a.data, 'base64') });
  }
  const userDb = g.fx.couch.nano.db.use(userDbName(userId));
  for (const row of (await userDb.list()).rows.filter((r) => r.id.startsWith('review-command:'))) {
    const { _revs_info: revs = [] } = (await userDb.get(row.id, { revs_info: true })) as { _revs_info?: Array<{ rev: string; status: string }> };
    for (const { rev, status } of revs) {
      if (status !== 'available') continue;
      const doc = (await userDb.get(row.id, { rev, attachments: true })) as { _attachments?: Record<string, { data: string }> };
      for (const [name, a] of Object.entries(doc._attachments ?? {})) out.push({ where: `${row.id}@${rev}/${name}`, bytes: Buffer.from(a.data, 'base64') });
    }
  }
  return out;
}

describe('photos without secrets', () => {
  it('the phone photo does carry them (the check can see them)', async () => {
    await expect(expectClean(phonePhoto, 'the phone photo')).rejects.toThrow();
  });

  it('through the review form: nothing stored or served holds the metadata, and /media serves the display size', async () => {
    const author = await g.register('formphoto');
    const cookie = await g.session(author.id);
    const form = new FormData();
    form.set('rating', '5');
    form.set('title', 'Lovely morning');
    form.set('comment', 'The goats say hello.');
    form.append('photos', new File([phonePhoto], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    const res = await g.call(`/api/sanctuaries/${LISTINGS[0]}/reviews`, { method: 'POST', cookie, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const review = (await res.json()) as { photos: string[]; thumbnails: string[] };
    expect(review.photos).toHaveLength(1);

    const display = await g.call(review.photos[0]!);
    expect(display.headers.get('content-type')).toBe('image/webp');
    const displayBytes = Buffer.from(await display.arrayBuffer());
    expect(await expectClean(displayBytes, 'served display')).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(displayBytes.length).toBeLessThan(phonePhoto.length);
    const thumb = Buffer.from(await (await g.call(review.thumbnails[0]!)).arrayBuffer());
    expect(await expectClean(thumb, 'served thumbnail')).toMatchObject({ format: 'webp', width: 320 });

    const stored = await storedImages(author.id);
    expect(stored.length).toBeGreaterThan(0);
    for (const { where, bytes } of stored) await expectClean(bytes, where);
  });

  it('through /db/me, as a device pushes it: the command is cleaned before it is stored', async () => {
    const author = await g.register('syncphoto');
    const cookie = await g.session(author.id);
    const cmd: ReviewCommandDoc = {
      ...newReviewCommand({ ownerId: author.id, sanctuaryId: LISTINGS[1]!, rating: 4, title: 'Synced', comment: 'Written offline.', visitDate: '' }),
      _attachments: { 'photo-0': { content_type: 'image/jpeg', data: phonePhoto.toString('base64') } },
    };
    const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [cmd] } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Array<{ ok?: boolean }>)[0]).toMatchObject({ ok: true });
    const outcome = (await g.fx.couch.nano.db.use(userDbName(author.id)).get(cmd._id)) as ReviewCommandDoc;
    expect(outcome.status).toBe('published');

    const stored = await storedImages(author.id);
    expect(stored.some((s) => s.where.startsWith(cmd._id))).toBe(true);
    for (const { where, bytes } of stored) await expectClean(bytes, where);
    for (const url of [...outcome.photoUrls!, ...outcome.thumbnailUrls!]) await expectClean(Buffer.from(await (await g.call(url)).arrayBuffer()), url);
  });

  it('an attachment that is not a picture is refused with its name, and nothing is stored', async () => {
    const author = await g.register('notphoto');
    const cookie = await g.session(author.id);
    // JPEG magic bytes, then nothing a decoder can read.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const cmd = {
      ...newReviewCommand({ ownerId: author.id, sanctuaryId: LISTINGS[2]!, rating: 4, title: '', comment: 'Broken photo.', visitDate: '' }),
      _attachments: { 'photo-0': { content_type: 'image/jpeg', data: fake.toString('base64') } },
    };
    const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [cmd] } });
    const [result] = (await res.json()) as Array<{ error?: string; reason?: string }>;
    expect(result).toMatchObject({ error: 'forbidden' });
    expect(result!.reason).toMatch(/photo-0 could not be read as an image/);
    expect((await g.fx.couch.nano.db.use(userDbName(author.id)).list()).rows.filter((r) => r.id === cmd._id)).toEqual([]);
  });

  it('the migration cleans a store from before: photos held as sent become their cleaned sizes', async () => {
    const id = `photo:${'d'.repeat(32)}-0`;
    const media = g.fx.couch.nano.db.use(DB.media);
    await media.insert({
      _id: id, type: 'photo', schemaVersion: 1, reviewId: `review:${'d'.repeat(32)}`, sanctuaryId: LISTINGS[3], createdAt: new Date().toISOString(),
      _attachments: { original: { content_type: 'image/jpeg', data: phonePhoto.toString('base64') } },
    } as never);
    // Until then, /media never sends the file as it is: it is cleaned on the way out.
    const before = await g.call(`/media/${'d'.repeat(32)}-0`);
    expect(before.headers.get('cache-control')).toBe('public, max-age=60');
    await expectClean(Buffer.from(await before.arrayBuffer()), 'legacy photo served before the migration');

    // The store as an older version left it: the migration not yet run.
    const markers = g.fx.couch.nano.db.use<{ done: string[] }>(DB.commands);
    const marker = await markers.get('_local/ss-migrations');
    await markers.insert({ ...marker, done: marker.done.filter((n) => n !== 'photo-privacy') });
    expect(await runMigrations(g.fx.couch)).toEqual(['photo-privacy']);

    const doc = (await media.get(id)) as { _attachments: Record<string, unknown> };
    expect(Object.keys(doc._attachments).sort()).toEqual(['display', 'thumb']);
    for (const name of ['display', 'thumb']) await expectClean((await media.attachment.get(id, name)) as Buffer, `migrated ${name}`);
    const after = await g.call(`/media/${'d'.repeat(32)}-0`);
    expect(after.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Run again, it finds nothing to do.
    expect(await runMigrations(g.fx.couch)).toEqual([]);
  }, 60_000);

  it('security headers are on every answer whatever the method: HEAD, OPTIONS, errors and photos', async () => {
    const paths = ['/api/sanctuaries', '/api/nothing-here', `/media/${'d'.repeat(32)}-0`, '/media/nope', '/db/sanctuaries/'];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const res = await g.call(path, { method });
        for (const header of ['x-content-type-options', 'content-security-policy', 'referrer-policy']) {
          expect(res.headers.get(header), `${method} ${path} ${header}`).toBeTruthy();
        }
      }
    }
  });
});
