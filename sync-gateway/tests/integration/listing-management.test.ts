// The owner's side of a listing (issue 12) through the gateway, against a real store: claims pushed as commands,
// decided by admins; owners' updates (hours, events, photos) published directly with an audit trail that admins
// read and revert; verification. And who may do what: nobody but the owner (and admins) changes a listing, a
// claim is never approved by its claimant, a reverted change is gone from the listing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import {
  MANAGEMENT_MESSAGES, newClaimCommand, newListingUpdate, type ListingAuditDoc, type ListingClaimCommandDoc, type ListingUpdateDoc,
} from '@ss/domain/listing-management';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import { closedWeek } from '@ss/domain/listing-hours';
import { startGateway, type Account, type Gateway } from './harness.ts';

const LISTING = 'catskill-animal-sanctuary-saugerties-ny';
const OTHER = 'sasha-farm-manchester-mi';
const CLAIM = { role: 'Director', contact: 'director@example.org', verification: 'Call our office line listed on our website.' };
const MARKER = 'SECRET-CAMERA-MODEL-42';

let g: Gateway;
let admin: Account;
let adminCookie: string;
beforeAll(async () => {
  g = await startGateway();
  admin = await g.admin();
  adminCookie = await g.session(admin.id);
}, 60_000);
afterAll(() => g?.stop());

const listing = async (id = LISTING) => (await g.fx.couch.nano.db.use<SanctuaryDoc>(DB.sanctuaries).get(id)) as SanctuaryDoc;
const command = async <T,>(account: Account, id: string) => (await g.fx.couch.nano.db.use(userDbName(account.id)).get(id)) as unknown as T;
const user = async (account: Account) => (await g.fx.couch.nano.db.use(DB.users).get(`user:${account.id}`)) as unknown as { role: string; ownedSanctuaryIds?: string[] };

async function pushClaim(account: Account, sanctuaryId = LISTING) {
  const cmd = newClaimCommand(account.id, sanctuaryId, CLAIM);
  const res = await g.call(`/db/me/${encodeURIComponent(cmd._id)}`, { method: 'PUT', cookie: await g.session(account.id), body: cmd });
  expect(res.status, await res.clone().text()).toBe(201);
  return command<ListingClaimCommandDoc>(account, cmd._id);
}

/** A photo carrying camera metadata, as a phone would write it. */
async function phonePhoto(colour: string) {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: MARKER, ImageDescription: MARKER } })
    .toBuffer();
}

describe('claims', () => {
  let claimant: Account;
  let rival: Account;

  it('files a claim pushed from the device; refuses a second while it is pending, and claims of listings that do not exist', async () => {
    claimant = await g.register('claimant');
    rival = await g.register('rival');
    const filed = await pushClaim(claimant);
    expect(filed).toMatchObject({ status: 'pending', claimId: `listing-claim:${LISTING}:${claimant.id}` });
    expect(await pushClaim(claimant)).toMatchObject({ status: 'refused', reason: MANAGEMENT_MESSAGES.claimTwice });
    expect(await pushClaim(claimant, 'no-such-listing')).toMatchObject({ status: 'refused', reason: MANAGEMENT_MESSAGES.noListing });
    expect((await pushClaim(rival)).status).toBe('pending');
    const claims = (await (await g.call('/api/admin/claims', { cookie: adminCookie })).json()) as Array<{ sanctuaryId: string; userId: string; claim: unknown }>;
    expect(claims.filter((c) => c.sanctuaryId === LISTING).map((c) => c.userId).sort()).toEqual([claimant.id, rival.id].sort());
    expect(claims.find((c) => c.userId === claimant.id)?.claim).toEqual(CLAIM);
  });

  it('only admins see and decide claims; a rejection needs notes', async () => {
    for (const cookie of [undefined, await g.session(claimant.id)]) {
      expect((await g.call('/api/admin/claims', { cookie })).status).toBe(403);
      expect((await g.call(`/api/admin/claims/${LISTING}/${claimant.id}/approve`, { method: 'POST', cookie })).status).toBe(403);
    }
    expect((await g.call(`/api/admin/claims/${LISTING}/${rival.id}/reject`, { method: 'POST', cookie: adminCookie, body: { reviewNotes: ' ' } })).status).toBe(400);
  });

  it('approval makes the claimant the owner, rejects the rival claim and closes the listing to new claims', async () => {
    const res = await g.call(`/api/admin/claims/${LISTING}/${claimant.id}/approve`, { method: 'POST', cookie: adminCookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await user(claimant)).toMatchObject({ role: 'sanctuary_owner', ownedSanctuaryIds: [LISTING] });
    expect((await listing()).claimed).toBe(true);
    const mine = (await g.fx.couch.nano.db.use(userDbName(claimant.id)).list({ include_docs: true })).rows.map((r) => r.doc as unknown as ListingClaimCommandDoc).filter((d) => d.claimId);
    expect(mine).toEqual([expect.objectContaining({ status: 'approved' })]);
    const rivalCommands = (await g.fx.couch.nano.db.use(userDbName(rival.id)).list({ include_docs: true })).rows.map((r) => r.doc as unknown as ListingClaimCommandDoc);
    expect(rivalCommands.find((c) => c.type === 'listing-claim-command')).toMatchObject({ status: 'rejected', reviewNotes: 'Another claim for this listing was approved.' });
    expect((await g.call(`/api/admin/claims/${LISTING}/${claimant.id}/approve`, { method: 'POST', cookie: adminCookie })).status).toBe(409);
    const late = await g.register('late');
    expect(await pushClaim(late)).toMatchObject({ status: 'refused', reason: MANAGEMENT_MESSAGES.alreadyClaimed });
    // The account the web app reads says which listings it manages.
    const me = (await (await g.call('/api/auth/user', { cookie: await g.session(claimant.id) })).json()) as { ownedSanctuaryIds?: string[] };
    expect(me.ownedSanctuaryIds).toEqual([LISTING]);
  });

  it('a claim is never approved by its own claimant, even an admin', async () => {
    const claimingAdmin = await g.admin();
    expect((await pushClaim(claimingAdmin, OTHER)).status).toBe('pending');
    const own = await g.call(`/api/admin/claims/${OTHER}/${claimingAdmin.id}/approve`, { method: 'POST', cookie: await g.session(claimingAdmin.id) });
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ error: MANAGEMENT_MESSAGES.ownClaim });
    expect((await g.call(`/api/admin/claims/${OTHER}/${claimingAdmin.id}/reject`, { method: 'POST', cookie: adminCookie, body: { reviewNotes: 'Not verifiable.' } })).status).toBe(200);
  });

  describe("the owner's updates", () => {
    let auditOfHours = '';

    it('publishes hours, an event and two photos (cleaned, sized) directly, with an audit entry', async () => {
      const hours = { ...closedWeek(), saturday: { kind: 'open' as const, ranges: [{ open: '10:00', close: '16:00' }] }, sunday: { kind: 'appointment' as const } };
      const photos = [await phonePhoto('#2a7'), await phonePhoto('#a72')];
      const update = newListingUpdate(
        claimant.id,
        LISTING,
        { hours, upcomingEvents: [{ title: 'Open barn day', date: '2099-05-01', description: 'Meet the goats.' }], imageUrls: ['new:photo-0', 'new:photo-1'] },
        Object.fromEntries(photos.map((p, i) => [`photo-${i}`, { content_type: 'image/jpeg', data: p.toString('base64') }])),
      );
      const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(claimant.id), body: { docs: [update] } });
      expect(await res.json()).toEqual([expect.objectContaining({ ok: true })]);
      const outcome = await command<ListingUpdateDoc>(claimant, update._id);
      expect(outcome).toMatchObject({ status: 'published', auditId: expect.stringMatching(/^listing-audit:/) });
      expect(outcome._attachments).toBeUndefined();
      auditOfHours = outcome.auditId!;

      const after = await listing();
      expect(after.hours).toEqual(hours);
      expect(after.operatingHours).toMatchObject({ Saturday: '10:00 AM - 4:00 PM', Sunday: 'By appointment', Monday: 'Closed' });
      expect(after.timeZone).toBe('America/New_York');
      expect(after.upcomingEvents).toEqual([{ title: 'Open barn day', date: '2099-05-01', description: 'Meet the goats.' }]);
      expect(after.imageUrls).toHaveLength(2);
      for (const url of after.imageUrls) {
        for (const variant of ['', '/thumb']) {
          const photo = await g.call(`${url}${variant}`);
          expect(photo.status, `${url}${variant}`).toBe(200);
          expect(photo.headers.get('content-type')).toBe('image/webp');
          const bytes = Buffer.from(await photo.arrayBuffer());
          expect(bytes.includes(MARKER)).toBe(false);
          const meta = await sharp(bytes).metadata();
          expect(meta.exif).toBeUndefined();
          expect(Math.max(meta.width!, meta.height!)).toBe(variant ? 480 : 1600);
        }
      }
      const audit = (await (await g.call(`/api/admin/sanctuaries/${LISTING}/audit`, { cookie: adminCookie })).json()) as ListingAuditDoc[];
      expect(audit[0]).toMatchObject({ _id: auditOfHours, userId: claimant.id, commandId: update._id });
      expect(Object.keys(audit[0]!.changes).sort()).toEqual(['hours', 'imageUrls', 'operatingHours', 'upcomingEvents']);
      expect(audit[0]!.changes.hours).toEqual({ before: null, after: hours });
    });

    it('nobody but the owner (or an admin) changes a listing: their updates are refused and change nothing', async () => {
      const before = await listing();
      const stranger = await g.register('stranger');
      const strangers = newListingUpdate(stranger.id, LISTING, { description: 'Taken over.' });
      await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(stranger.id), body: { docs: [strangers] } });
      expect(await command(stranger, strangers._id)).toMatchObject({ status: 'refused', reason: MANAGEMENT_MESSAGES.notOwner });
      // The owner of one listing cannot change another.
      const elsewhere = newListingUpdate(claimant.id, OTHER, { description: 'Not mine.' });
      await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(claimant.id), body: { docs: [elsewhere] } });
      expect(await command(claimant, elsewhere._id)).toMatchObject({ status: 'refused', reason: MANAGEMENT_MESSAGES.notOwner });
      // Fields that stay with the admins are not part of an update at all.
      const rename = { ...newListingUpdate(claimant.id, LISTING, { description: 'x' }), changes: { name: 'Renamed', isVerified: true, latitude: 0 } };
      const res = await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(claimant.id), body: { docs: [rename] } });
      expect(await res.json()).toEqual([expect.objectContaining({ error: 'forbidden' })]);
      // Another listing's photo cannot be placed in this one.
      const borrowed = newListingUpdate(stranger.id, LISTING, { imageUrls: [`/media/listing/${'b'.repeat(32)}-0`] });
      await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(stranger.id), body: { docs: [borrowed] } });
      const after = await listing();
      expect({ ...after, _rev: '' }).toEqual({ ...before, _rev: '' });
    });

    it('an admin reverts one change: it is gone from the listing, recorded, and cannot be reverted twice', async () => {
      const description = newListingUpdate(claimant.id, LISTING, { description: 'Home to 300 rescued farm animals.' });
      await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(claimant.id), body: { docs: [description] } });
      expect((await listing()).description).toBe('Home to 300 rescued farm animals.');
      const revert = (body: unknown, cookie = adminCookie) => g.call(`/api/admin/sanctuaries/${LISTING}/audit/revert`, { method: 'POST', cookie, body });
      expect((await revert({ auditId: auditOfHours }, await g.session(claimant.id))).status).toBe(403);
      const res = await revert({ auditId: auditOfHours });
      expect(res.status, await res.clone().text()).toBe(200);
      const after = await listing();
      expect(after.hours).toBeUndefined();
      expect(after.upcomingEvents).toEqual([]);
      expect(after.imageUrls).toEqual([]);
      // The later change to another field stands.
      expect(after.description).toBe('Home to 300 rescued farm animals.');
      expect((await revert({ auditId: auditOfHours })).status).toBe(409);
      const audit = (await (await g.call(`/api/admin/sanctuaries/${LISTING}/audit`, { cookie: adminCookie })).json()) as ListingAuditDoc[];
      expect(audit.find((a) => a._id === auditOfHours)).toMatchObject({ revertedBy: admin.id });
      expect(audit[0]).toMatchObject({ commandId: 'revert', reverts: auditOfHours });
      // Through the public API too: the reverted hours are gone everywhere.
      const publicView = (await (await g.call(`/api/sanctuaries/${LISTING}`)).json()) as { operatingHours: Record<string, string> };
      expect(publicView.operatingHours).toEqual((await listing()).operatingHours);
      expect(publicView.operatingHours.Saturday).toBeUndefined();
    });

    it('admins mark a listing verified; nobody else can', async () => {
      expect((await g.call(`/api/admin/sanctuaries/${LISTING}/verified`, { method: 'POST', cookie: await g.session(claimant.id), body: { isVerified: true } })).status).toBe(403);
      const res = await g.call(`/api/admin/sanctuaries/${LISTING}/verified`, { method: 'POST', cookie: adminCookie, body: { isVerified: true } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: LISTING, isVerified: true });
      expect((await listing()).isVerified).toBe(true);
    });
  });
});
