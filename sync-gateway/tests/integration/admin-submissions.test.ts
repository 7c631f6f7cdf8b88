// Listing applications and the admin queue against a real embedded store: who may use the admin API and the
// /db/submissions replication (403 for everyone but admins), applications filed from pushed commands, the
// decision rules (pending only, notes on rejection, one winner of two admins), and what an approval creates.
import { describe, expect, it } from 'vitest';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { sessionDocId, type SessionDoc } from '@ss/couchdb/sessions';
import { createUsers } from '@ss/couchdb/users';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import {
  ADMIN_MESSAGES, newAdminDecision, newSubmissionCommand, type AdminDecisionDoc, type Submission, type SubmissionCommandDoc, type SubmissionDoc,
  type SubmissionFields,
} from '@ss/domain/submission';
import type { User } from '@ss/domain/user';
import { APPLICATION, gatewayForSuite, type CallOptions } from './harness.ts';

// The store, the gateway in-process and its accounts come from the one integration harness.
const g = gatewayForSuite();

const call = (p: string, options?: CallOptions) => g.call(p, options);

/** A signed-up account and a session cookie of its own. */
async function register(name = 'seeker') {
  const { user, id, email } = await g.register(name);
  return { user, cookie: await g.session(id), email };
}

/** An administrator, signed in. */
async function admin() {
  const { user, id } = await g.admin();
  return { user, cookie: await g.session(id) };
}

/** The application every suite files (harness.ts): a made-up sanctuary in Cleveland, OH 44114. */
const FIELDS: SubmissionFields = APPLICATION;

/** The applicant pushes a command through /db/me, as PouchDB would; returns the queued submission's id. */
async function apply(cookie: string, userId: string, fields: Partial<SubmissionFields> = {}) {
  const cmd = newSubmissionCommand(userId, { ...FIELDS, ...fields });
  const res = await call(`/db/me/${encodeURIComponent(cmd._id)}`, { method: 'PUT', cookie, body: cmd });
  expect(res.status, await res.clone().text()).toBe(201);
  const stored = await g.fx.couch.nano.db.use<SubmissionCommandDoc>(userDbName(userId)).get(cmd._id);
  return { cmd, stored, id: stored.submissionId!.slice('submission:'.length) };
}

const applicantCommand = (userId: string, id: string) => g.fx.couch.nano.db.use<SubmissionCommandDoc>(userDbName(userId)).get(id);

describe('who may use the admin queue', () => {
  it('answers 403 to anonymous visitors, users, sanctuary owners, forged and expired cookies on every admin route and /db/submissions', async () => {
    const user = await register();
    const owner = await register('owner');
    await createUsers(g.fx.couch).setRole(owner.user.id, 'sanctuary_owner');
    const expired = await register('expired');
    const sessions = g.fx.couch.nano.db.use<SessionDoc>(DB.sessions);
    const doc = await sessions.get(sessionDocId(expired.cookie.slice('ss_session='.length)));
    await sessions.insert({ ...doc, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { id } = await apply(user.cookie, user.user.id);

    const who: Array<[string, string | undefined]> = [
      ['anonymous', undefined],
      ['user', user.cookie],
      ['sanctuary_owner', owner.cookie],
      ['forged cookie', 'ss_session=forged-token'],
      ['expired session', expired.cookie],
    ];
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/submissions'],
      ['POST', `/api/admin/submissions/${id}/approve`],
      ['POST', `/api/admin/submissions/${id}/reject`, { reviewNotes: 'no' }],
      ['GET', '/db/submissions/'],
      ['GET', '/db/submissions/_changes?since=0'],
      ['POST', '/db/submissions/_bulk_get', { docs: [] }],
      ['GET', `/db/submissions/submission%3A${id}`],
      ['GET', '/api/admin/queue'],
      ['POST', `/api/admin/queue/reports/${id}/resolve`],
      ['GET', '/api/admin/claims'],
      ['POST', `/api/admin/claims/farm-sanctuary-watkins-glen-ny/${'a'.repeat(32)}/approve`],
      ['GET', `/api/admin/sanctuaries/farm-sanctuary-watkins-glen-ny/audit`],
      ['POST', `/api/admin/sanctuaries/farm-sanctuary-watkins-glen-ny/verified`, { isVerified: true }],
    ];
    for (const [label, cookie] of who) {
      for (const [method, path, body] of routes) {
        const res = await call(path, { method, cookie, body });
        expect(res.status, `${label} ${method} ${path}`).toBe(403);
      }
    }
    const sub = await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`);
    expect(sub.status).toBe('pending');
  });

  it('lets an admin list the queue and pull /db/submissions, read-only', async () => {
    const applicant = await register();
    const { id } = await apply(applicant.cookie, applicant.user.id);
    const { cookie } = await admin();
    const list = (await (await call('/api/admin/submissions', { cookie })).json()) as Submission[];
    const mine = list.find((s) => s.id === id)!;
    expect(mine).toMatchObject({ ...FIELDS, status: 'pending', reviewNotes: null });
    expect(Object.keys(mine).sort()).toEqual([...Object.keys(FIELDS), 'id', 'status', 'submittedAt', 'reviewNotes'].sort());

    const all = await call('/db/submissions/_all_docs?include_docs=true', { cookie });
    expect(all.status).toBe(200);
    expect(((await all.json()) as { rows: Array<{ id: string }> }).rows.map((r) => r.id)).toContain(`submission:${id}`);
    const write = await call('/db/submissions/_bulk_docs', { method: 'POST', cookie, body: { docs: [{ _id: 'x' }] } });
    expect(write.status).toBe(403);
  });
});

describe('applying', () => {
  it('files a pushed command as a pending submission and tells the applicant it is in the queue', async () => {
    const applicant = await register();
    const { stored, id } = await apply(applicant.cookie, applicant.user.id);
    expect(stored).toMatchObject({ status: 'pending', submissionId: `submission:${id}` });
    const sub = await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`);
    expect(sub).toMatchObject({ ...FIELDS, status: 'pending', applicantId: applicant.user.id, reviewNotes: null });
  });

  it('refuses an application that is not valid, or that claims an outcome', async () => {
    const applicant = await register();
    const bad = { ...newSubmissionCommand(applicant.user.id, FIELDS), submission: { ...FIELDS, name: '' } };
    const res = await call(`/db/me/${encodeURIComponent(bad._id)}`, { method: 'PUT', cookie: applicant.cookie, body: bad });
    expect(res.status).toBe(403);
    const forged = { ...newSubmissionCommand(applicant.user.id, FIELDS), status: 'approved' };
    expect((await call(`/db/me/${encodeURIComponent(forged._id)}`, { method: 'PUT', cookie: applicant.cookie, body: forged })).status).toBe(403);
  });
});

describe('deciding', () => {
  it('refuses a rejection without notes with the spec message, and changes nothing', async () => {
    const applicant = await register();
    const { id } = await apply(applicant.cookie, applicant.user.id);
    const { cookie } = await admin();
    for (const body of [{}, { reviewNotes: '' }, { reviewNotes: '   ' }]) {
      const res = await call(`/api/admin/submissions/${id}/reject`, { method: 'POST', cookie, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ADMIN_MESSAGES.notesRequiredText });
    }
    expect((await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`)).status).toBe('pending');
  });

  it('approves: creates the listing with gazetteer coordinates and makes the applicant its sanctuary_owner', async () => {
    const applicant = await register();
    const { cmd, id } = await apply(applicant.cookie, applicant.user.id);
    const { cookie } = await admin();
    const res = await call(`/api/admin/submissions/${id}/approve`, { method: 'POST', cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'approved' });

    const sub = await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`);
    expect(sub).toMatchObject({ status: 'approved', effectsDone: true });
    const listing = await g.fx.couch.use<SanctuaryDoc>(DB.sanctuaries).get(sub.sanctuaryId!);
    expect(listing).toMatchObject({ name: FIELDS.name, city: 'Cleveland', state: 'OH', isVerified: false, coordinatesApproximate: true, animalTypes: ['cows', 'pigs'] });
    // ZIP 44114 is downtown Cleveland.
    expect(listing.latitude).toBeCloseTo(41.5, 0);
    expect(listing.longitude).toBeCloseTo(-81.7, 0);

    const me = (await (await call('/api/auth/user', { cookie: applicant.cookie })).json()) as User;
    expect(me.role).toBe('sanctuary_owner');
    const userDoc = (await g.fx.couch.nano.db.use(DB.users).get(`user:${applicant.user.id}`)) as { ownedSanctuaryIds?: string[] };
    expect(userDoc.ownedSanctuaryIds).toEqual([sub.sanctuaryId]);
    expect(await applicantCommand(applicant.user.id, cmd._id)).toMatchObject({ status: 'approved', sanctuaryId: sub.sanctuaryId });
    // The public replication serves it to every device.
    expect((await call(`/api/sanctuaries/${sub.sanctuaryId}`)).status).toBe(200);
  });

  it('answers an approval once the listing is stored; the applicant is made its owner and told just after (issue 16)', async () => {
    const applicant = await register();
    const { cmd, id } = await apply(applicant.cookie, applicant.user.id);
    const { cookie } = await admin();
    // The apply queue (four at a time) is kept busy, so what follows the answer has to wait for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    for (let i = 0; i < 4; i++) g.app.applies.run('held by the test', () => held);
    // Straight to the app: `call` would wait for the queue.
    const res = await g.app.request(`/api/admin/submissions/${id}/approve`, { method: 'POST', headers: { cookie, origin: 'http://localhost' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const sub = await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`);
    expect(sub).toMatchObject({ status: 'approved', effectsDone: false });
    expect(await g.fx.couch.use<SanctuaryDoc>(DB.sanctuaries).get(sub.sanctuaryId!)).toMatchObject({ name: FIELDS.name, submissionId: sub._id });
    expect(await applicantCommand(applicant.user.id, cmd._id)).toMatchObject({ status: 'pending' });
    release();
    await g.app.applies.idle();
    expect(await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`)).toMatchObject({ effectsDone: true });
    expect(await applicantCommand(applicant.user.id, cmd._id)).toMatchObject({ status: 'approved', sanctuaryId: sub.sanctuaryId });
    const me = (await (await call('/api/auth/user', { cookie: applicant.cookie })).json()) as User;
    expect(me.role).toBe('sanctuary_owner');
  });

  it('refuses to decide a submission that is no longer pending', async () => {
    const applicant = await register();
    const { cmd, id } = await apply(applicant.cookie, applicant.user.id);
    const { cookie } = await admin();
    expect((await call(`/api/admin/submissions/${id}/reject`, { method: 'POST', cookie, body: { reviewNotes: 'Not a farm-animal sanctuary.' } })).status).toBe(200);
    expect(await applicantCommand(applicant.user.id, cmd._id)).toMatchObject({ status: 'rejected', reviewNotes: 'Not a farm-animal sanctuary.' });
    for (const [action, body] of [['approve', undefined], ['reject', { reviewNotes: 'again' }]] as const) {
      const res = await call(`/api/admin/submissions/${id}/${action}`, { method: 'POST', cookie, body });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: ADMIN_MESSAGES.alreadyDecided });
    }
    expect(await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`)).toMatchObject({ status: 'rejected', reviewNotes: 'Not a farm-animal sanctuary.' });
    expect((await call('/api/admin/submissions/0123456789abcdef0123456789abcdef/approve', { method: 'POST', cookie })).status).toBe(404);
  });

  it('lets only one of two admins deciding at once win; the other hears "already decided"', async () => {
    const applicant = await register();
    const { id } = await apply(applicant.cookie, applicant.user.id, { name: 'Twice Decided Farm' });
    const [a, b] = await Promise.all([admin(), admin()]);
    const results = await Promise.all([
      call(`/api/admin/submissions/${id}/approve`, { method: 'POST', cookie: a.cookie }),
      call(`/api/admin/submissions/${id}/reject`, { method: 'POST', cookie: b.cookie, body: { reviewNotes: 'Duplicate' } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(await loser.json()).toEqual({ error: ADMIN_MESSAGES.alreadyDecided });
    const sub = await g.fx.couch.use<SubmissionDoc>(DB.submissions).get(`submission:${id}`);
    const listing = await g.fx.couch.sanctuaries.get(`twice-decided-farm-cleveland-oh-${id.slice(0, 8)}`);
    expect(Boolean(listing)).toBe(sub.status === 'approved');
  });

  it('applies decisions an admin pushes as commands, and refuses them from anyone else', async () => {
    const applicant = await register();
    const { cmd, id } = await apply(applicant.cookie, applicant.user.id);
    const { user, cookie } = await admin();
    const push = async (who: { user: User; cookie: string }, decision: AdminDecisionDoc) => {
      const res = await call('/db/me/_bulk_docs', { method: 'POST', cookie: who.cookie, body: { docs: [decision], new_edits: true } });
      expect(res.status).toBe(201);
      return g.fx.couch.nano.db.use<AdminDecisionDoc>(userDbName(who.user.id)).get(decision._id);
    };
    const notAdmin = await push(applicant, newAdminDecision(applicant.user.id, `submission:${id}`, 'approve', ''));
    expect(notAdmin).toMatchObject({ status: 'refused', reason: ADMIN_MESSAGES.adminsOnly });

    const rejected = await push({ user, cookie }, newAdminDecision(user.id, `submission:${id}`, 'reject', 'Please add a website.'));
    expect(rejected).toMatchObject({ status: 'done' });
    expect(await applicantCommand(applicant.user.id, cmd._id)).toMatchObject({ status: 'rejected', reviewNotes: 'Please add a website.' });

    const again = await push({ user, cookie }, newAdminDecision(user.id, `submission:${id}`, 'approve', ''));
    expect(again).toMatchObject({ status: 'refused', reason: ADMIN_MESSAGES.alreadyDecided });

    const blank = { ...newAdminDecision(user.id, `submission:${id}`, 'reject', ''), reviewNotes: ' ' };
    const res = await call('/db/me/_bulk_docs', { method: 'POST', cookie, body: { docs: [blank] } });
    expect(((await res.json()) as Array<{ error?: string; reason?: string }>)[0]).toMatchObject({ error: 'forbidden', reason: expect.stringContaining(ADMIN_MESSAGES.notesRequiredText) });
  });
});

describe('reports and proposed edits', () => {
  const SANCTUARY = 'farm-sanctuary-watkins-glen-ny';

  it('files a signed-in report in the admin queue, resolved once by an admin', async () => {
    const anonymous = await call(`/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', body: { message: 'Closed' } });
    expect(anonymous.status).toBe(401);
    const visitor = await register();
    const blank = await call(`/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie: visitor.cookie, body: { message: '  ' } });
    expect(await blank.json()).toEqual({ error: 'Please tell us what is incorrect.' });
    expect((await call('/api/sanctuaries/no-such-place/report', { method: 'POST', cookie: visitor.cookie, body: { message: 'x' } })).status).toBe(404);
    const res = await call(`/api/sanctuaries/${SANCTUARY}/report`, { method: 'POST', cookie: visitor.cookie, body: { message: 'The phone number is wrong.' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    expect((await call('/api/admin/queue', { cookie: visitor.cookie })).status).toBe(403);
    const { cookie } = await admin();
    const items = (await (await call('/api/admin/queue', { cookie })).json()) as Array<{ _id: string; message?: string; status: string }>;
    expect(items.find((i) => i._id === id)).toMatchObject({ message: 'The phone number is wrong.', status: 'open', type: 'sanctuary-report' });
    const hex = id.slice('sanctuary-report:'.length);
    expect((await call(`/api/admin/queue/reports/${hex}/resolve`, { method: 'POST', cookie })).status).toBe(200);
    expect((await call(`/api/admin/queue/reports/${hex}/resolve`, { method: 'POST', cookie })).status).toBe(409);
  });
});
