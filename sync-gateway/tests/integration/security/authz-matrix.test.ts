// The authorisation matrix, generated from the gateway's own route table (Hono's app.routes): every /api/*,
// /db/* and /media/* handler × every kind of caller, each cell checked against the explicit policy below.
// A handler that appears in the route table without a policy fails the suite, so no new route slips through
// unclassified; a policy whose route is gone fails it too. Methods a path does not register are cells as well:
// they must meet the path's guard (401/403) or a 404, never a handler.
import { inspectRoutes } from 'hono/dev';
import { newSessionToken, sessionDocId } from '@ss/couchdb/sessions';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { newFavorite } from '@ss/domain/favorite';
import { newClaimCommand, newListingUpdate } from '@ss/domain/listing-management';
import { userDbName } from '@ss/couchdb/definitions';
import sharp from 'sharp';
import { randomHex } from '@ss/domain/review-command';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG, SANCTUARY_A, SANCTUARY_B, startGateway, type Account, type Gateway } from '../harness.ts';

/**
 * Favourites must name listings that exist (issue 19): a seeded one not used before in this run, so no two
 * cells write the same favourite (a second write without its revision is a conflict, not a refusal).
 */
const SEEDED_IDS = readDefaultSeed().map((d) => d._id).filter((id) => id !== SANCTUARY_A).sort(() => Math.random() - 0.5);
let nextSeeded = 0;
const anySeededId = () => SEEDED_IDS[nextSeeded++ % SEEDED_IDS.length]!;

const WHO = ['anonymous', 'user', 'otherUser', 'owner', 'admin', 'forged', 'expired'] as const;
type Who = (typeof WHO)[number];
/** An exact status, or any success. */
type Expected = number | '2xx';
type Policy = Record<Who, Expected>;

// ---- Policy building blocks: who gets what. "Signed out" callers are anonymous, forged and expired cookies.
const all = (s: Expected): Policy => ({ anonymous: s, user: s, otherUser: s, owner: s, admin: s, forged: s, expired: s });
/** Any signed-in account gets `ok`; signed-out callers 401. */
const signedIn = (ok: Expected): Policy => ({ ...all(401), user: ok, otherUser: ok, owner: ok, admin: ok });
/** Every admin route and /db/submissions: 403 for everyone but a signed-in admin, signed out or not. */
const adminOnly = (ok: Expected): Policy => ({ ...all(403), admin: ok });
const only = (base: Policy, overrides: Partial<Policy>): Policy => ({ ...base, ...overrides });

/** Everything a cell may need: the callers' accounts and real ids of every kind. */
interface World {
  g: Gateway;
  /** "user": owns the resources other callers try to reach. */
  a: Account;
  /** "otherUser". */
  b: Account;
  owner: Account & { sanctuaryId: string };
  admin: Account;
  /** Files the applications used as fixtures (approving them makes this account, not a caller, an owner). */
  applicant: Account;
  favoriteOfA: string;
  reviewOfA: string;
  photo: string;
  submissionHex: string;
  reportHex: string;
  /** A photo of the owner's listing, published by the owner. */
  listingPhoto: string;
}

interface Probe {
  /** Method of the request; defaults to the route's (required for ALL routes). */
  method?: string;
  /** Path parameters; '*' is the rest of the path after the route's wildcard ('' for none). */
  params?: (w: World, self: Account | null) => Record<string, string> | Promise<Record<string, string>>;
  query?: string;
  body?: (w: World, self: Account | null) => unknown;
  policy: Policy;
  /** Maps a response to the status the policy compares (e.g. a per-document refusal inside a 201). */
  classify?: (res: Response) => Promise<number>;
  label?: string;
}

// ---- Fresh resources for cells that change them (a submission can be decided once, an edit applied once).
const freshSubmission = async (w: World) => ({ id: await w.g.apply(w.applicant, { name: `Matrix Haven ${randomHex().slice(0, 10)}` }) });
/** Listings nobody manages yet, for fresh claims (from the end of the seed: the harness reviews from its start). */
const UNCLAIMED = readDefaultSeed().map((d) => d._id).filter((id) => id !== SANCTUARY_A && id !== SANCTUARY_B).reverse();
let nextUnclaimed = 0;
/** A pending claim by the applicant (never an admin caller: nobody decides their own claim). */
async function freshClaim(w: World): Promise<Record<string, string>> {
  const sanctuaryId = UNCLAIMED[nextUnclaimed++]!;
  const cmd = newClaimCommand(w.applicant.id, sanctuaryId, { role: 'Founder', contact: 'founder@example.org', verification: 'Call the office.' });
  const res = await w.g.call(`/db/me/${encodeURIComponent(cmd._id)}`, { method: 'PUT', cookie: await w.g.session(w.applicant.id), body: cmd });
  expect(res.status, await res.clone().text()).toBe(201);
  return { sanctuaryId, userId: w.applicant.id };
}
/** An audit entry of the owner's listing, made by the owner publishing a change. */
async function freshAudit(w: World): Promise<{ auditId: string }> {
  const update = newListingUpdate(w.owner.id, w.owner.sanctuaryId, { description: `Matrix ${randomHex()}` });
  await w.g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await w.g.session(w.owner.id), body: { docs: [update] } });
  // The gateway applies a command just after answering the push: its outcome (the audit entry's id) lands a moment
  // later, later still on a busy machine.
  let auditId: string | undefined;
  let stored: unknown;
  for (let i = 0; i < 100 && !auditId; i++) {
    stored = await w.g.fx.couch.nano.db.use(userDbName(w.owner.id)).get(update._id);
    auditId = (stored as { auditId?: string }).auditId;
    if (!auditId) await new Promise((r) => setTimeout(r, 100));
  }
  expect(auditId, JSON.stringify(stored)).toBeTruthy();
  return { auditId: auditId! };
}
async function freshQueueItem(w: World, kind: 'report'): Promise<string> {
  const body = { message: 'The phone number is wrong.' };
  const res = await w.g.call(`/api/sanctuaries/${encodeURIComponent(w.owner.sanctuaryId)}/${kind}`, { method: 'POST', cookie: await w.g.session(w.a.id), body });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return id.slice(id.indexOf(':') + 1);
}

function reviewForm(): FormData {
  const form = new FormData();
  form.set('rating', '5');
  form.set('title', 'Matrix visit');
  form.set('comment', 'Kind people and happy goats.');
  form.set('visitDate', '2025-05-01');
  form.set('photos', new File([new Uint8Array(PNG)], 'goat.png', { type: 'image/png' }));
  return form;
}

/** _bulk_docs answers 201 with per-document errors: a refused document counts as a 403 here. */
async function bulkOutcome(res: Response): Promise<number> {
  if (res.status !== 201) return res.status;
  const results = (await res.json()) as Array<{ error?: string }>;
  return results.some((r) => r.error === 'forbidden') ? 403 : results.every((r) => !r.error) ? 201 : 409;
}

const sanctuaryOfOwner = (w: World) => ({ id: w.owner.sanctuaryId });
const reviewOfA = (w: World) => ({ reviewId: w.reviewOfA });

/**
 * The policy table, keyed by "METHOD path" exactly as the route table lists handlers. Each entry is one or more
 * concrete probes; every probe is run once per caller.
 */
const POLICY: Record<string, Probe[]> = {
  'GET /api/health': [{ policy: all(200) }],
  'GET /api/sanctuaries/search': [
    { query: '?query=pigs&radius=100', policy: all(200) },
    { query: `?query=${'x'.repeat(300)}`, policy: all(400), label: 'over-long query' },
  ],
  'GET /api/sanctuaries': [{ policy: all(200) }],
  'GET /api/sanctuaries/:id': [{ params: sanctuaryOfOwner, policy: all(200) }, { params: () => ({ id: 'no-such-place' }), policy: all(404) }],
  'GET /api/sanctuaries/:id/reviews': [{ params: sanctuaryOfOwner, policy: all(200) }],
  'GET /api/sanctuaries/:id/stats': [{ params: sanctuaryOfOwner, policy: all(200) }],
  'POST /api/sanctuaries/:id/reviews': [
    { params: () => ({ id: SANCTUARY_B }), body: reviewForm, policy: signedIn(201) },
    { params: () => ({ id: 'no-such-place' }), body: reviewForm, policy: signedIn(404), label: 'unknown listing' },
  ],
  'POST /api/sanctuaries/:id/report': [{ params: sanctuaryOfOwner, body: () => ({ message: 'Closed on Sundays now.' }), policy: signedIn(201) }],
  'GET /api/community/reviews': [{ policy: all(200) }],
  // Registration, sign-in and sign-out are open to everyone, cookie or not.
  'POST /api/auth/register': [
    {
      body: () => ({ email: `matrix.${randomHex()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Mat', lastName: 'Rix' }),
      policy: all(201),
    },
  ],
  'POST /api/auth/login': [{ body: (w) => ({ email: w.b.email, password: PASSWORD }), policy: all(200) }],
  'POST /api/auth/logout': [{ policy: all(200) }],
  'GET /api/auth/user': [{ policy: signedIn(200) }],
  'PATCH /api/user/profile': [{ body: () => ({ lastName: 'Renamed' }), policy: signedIn(200) }],
  'PATCH /api/user/password': [{ body: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }), policy: signedIn(200) }],
  // "user" reads their own favourites; another user or an owner may not; an admin may.
  'GET /api/favorites/:userId': [
    { params: (w) => ({ userId: w.a.id }), policy: only(signedIn(403), { user: 200, admin: 200 }) },
    { params: () => ({ userId: randomHex() }), policy: only(signedIn(403), { admin: 404 }), label: 'unknown user' },
  ],
  'GET /api/admin/submissions': [{ policy: adminOnly(200) }],
  'POST /api/admin/submissions/:id/approve': [{ params: freshSubmission, policy: adminOnly(200) }],
  'POST /api/admin/submissions/:id/reject': [{ params: freshSubmission, body: () => ({ reviewNotes: 'Not a sanctuary.' }), policy: adminOnly(200) }],
  'GET /api/admin/queue': [{ policy: adminOnly(200) }],
  'POST /api/admin/queue/reports/:hex/resolve': [{ params: async (w) => ({ hex: await freshQueueItem(w, 'report') }), policy: adminOnly(200) }],
  // Claims, audit trails and verification of listings (issue 12): admins only.
  'GET /api/admin/claims': [{ policy: adminOnly(200) }],
  'POST /api/admin/claims/:sanctuaryId/:userId/approve': [{ params: freshClaim, policy: adminOnly(200) }],
  'POST /api/admin/claims/:sanctuaryId/:userId/reject': [{ params: freshClaim, body: () => ({ reviewNotes: 'Could not verify.' }), policy: adminOnly(200) }],
  'GET /api/admin/sanctuaries/:id/audit': [{ params: sanctuaryOfOwner, policy: adminOnly(200) }],
  'POST /api/admin/sanctuaries/:id/audit/revert': [{ params: sanctuaryOfOwner, body: freshAudit, policy: adminOnly(200) }],
  'POST /api/admin/sanctuaries/:id/verified': [{ params: sanctuaryOfOwner, body: () => ({ isVerified: true }), policy: adminOnly(200) }],
  'POST /api/reviews/:reviewId/helpful': [{ params: reviewOfA, policy: signedIn(200) }, { params: () => ({ reviewId: 'review:nope' }), policy: signedIn(404) }],
  'DELETE /api/reviews/:reviewId/helpful': [{ params: reviewOfA, policy: signedIn(200) }],
  'GET /api/reviews/:reviewId/helpful': [{ params: reviewOfA, policy: signedIn(200) }],
  'POST /api/reviews/:reviewId/report': [{ params: reviewOfA, body: () => ({ reason: 'Spam' }), policy: signedIn(201) }],
  'GET /api/admin/review-reports': [{ policy: adminOnly(200) }],
  'POST /api/admin/reviews/:reviewId/hide': [
    { params: async (w) => ({ reviewId: (await w.g.review(w.a.id)).reviewId }), policy: adminOnly(200) },
  ],
  // The API's catch-all: unknown paths are a JSON 404 for everyone.
  'ALL /api/*': [
    { method: 'GET', params: () => ({ '*': 'nope' }), policy: all(404) },
    { method: 'POST', params: () => ({ '*': 'admin/nope' }), body: () => ({}), policy: all(404) },
    { method: 'DELETE', params: () => ({ '*': 'sanctuaries' }), policy: all(404) },
  ],

  // /db/me: each signed-in caller reaches their own database only.
  'ALL /db/me/*': [
    { method: 'GET', params: () => ({ '*': '' }), policy: signedIn(200), label: 'database info' },
    { method: 'GET', params: () => ({ '*': '_changes' }), query: '?since=0', policy: signedIn(200) },
    { method: 'GET', params: () => ({ '*': '_all_docs' }), policy: signedIn(200) },
    { method: 'POST', params: () => ({ '*': '_all_docs' }), body: () => ({ keys: [] }), policy: signedIn(200) },
    { method: 'POST', params: () => ({ '*': '_bulk_get' }), body: (w) => ({ docs: [{ id: w.favoriteOfA }] }), policy: signedIn(200) },
    // Regression: the embedded store never answered an empty _bulk_get (held until the gateway's deadline).
    { method: 'POST', params: () => ({ '*': '_bulk_get' }), body: () => ({ docs: [] }), policy: signedIn(200), label: 'empty _bulk_get' },
    { method: 'POST', params: () => ({ '*': '_revs_diff' }), body: () => ({}), policy: signedIn(200) },
    { method: 'PUT', params: () => ({ '*': `_local/${randomHex()}` }), body: () => ({ last_seq: 1 }), policy: signedIn(201) },
    { method: 'GET', params: () => ({ '*': '_local/never-written' }), policy: signedIn(404) },
    {
      method: 'PUT',
      params: () => ({ '*': encodeURIComponent(`favorite:matrix-${randomHex()}`) }),
      body: (_w, self) => newFavorite('x', self?.id ?? randomHex()),
      policy: signedIn(400),
      label: 'id in the body differs from the URL',
    },
    {
      method: 'POST',
      params: () => ({ '*': '_bulk_docs' }),
      body: (_w, self) => ({ docs: [newFavorite(anySeededId(), self?.id ?? randomHex())] }),
      classify: bulkOutcome,
      policy: signedIn(201),
      label: 'own favourite',
    },
    {
      method: 'POST',
      params: () => ({ '*': '_bulk_docs' }),
      body: (w) => ({ docs: [newFavorite(anySeededId(), w.a.id)] }),
      classify: bulkOutcome,
      policy: only(signedIn(403), { user: 201 }),
      label: "a favourite owned by 'user'",
    },
    { method: 'GET', params: (w) => ({ '*': encodeURIComponent(w.favoriteOfA) }), policy: only(signedIn(404), { user: 200 }), label: "'user's favourite" },
    { method: 'PUT', params: () => ({ '*': '' }), policy: signedIn(403), label: 'create database' },
    { method: 'DELETE', params: () => ({ '*': '' }), policy: signedIn(403), label: 'delete database' },
    { method: 'POST', params: () => ({ '*': '' }), body: () => ({ _id: 'favorite:x' }), policy: signedIn(403) },
    { method: 'PUT', params: () => ({ '*': '_design/evil' }), body: () => ({ validate_doc_update: 'function(){}' }), policy: signedIn(403) },
    { method: 'PUT', params: () => ({ '*': '_security' }), body: () => ({}), policy: signedIn(403) },
    { method: 'GET', params: () => ({ '*': '_changes' }), query: '?filter=_view&view=x/y', policy: signedIn(403) },
  ],
  // The admin queue replicated to admins' devices, read-only even for them.
  'ALL /db/submissions/*': [
    { method: 'GET', params: () => ({ '*': '' }), policy: adminOnly(200) },
    { method: 'GET', params: () => ({ '*': '_changes' }), query: '?since=0&limit=5', policy: adminOnly(200) },
    { method: 'POST', params: () => ({ '*': '_bulk_get' }), body: (w) => ({ docs: [{ id: `submission:${w.submissionHex}` }] }), policy: adminOnly(200) },
    { method: 'GET', params: (w) => ({ '*': `submission%3A${w.submissionHex}` }), policy: adminOnly(200) },
    { method: 'POST', params: () => ({ '*': '_bulk_docs' }), body: () => ({ docs: [{ _id: 'x' }] }), policy: all(403) },
    { method: 'PUT', params: () => ({ '*': 'submission%3Aforged' }), body: () => ({ status: 'approved' }), policy: all(403) },
    { method: 'DELETE', params: () => ({ '*': '' }), policy: all(403) },
    { method: 'GET', params: () => ({ '*': '_design/submissions' }), policy: all(403) },
  ],
  // The server root PouchDB reads to name its replications: public, nothing in it.
  'GET /db/': [{ policy: all(200) }],
  'GET /db/:db/_snapshot': [
    { params: () => ({ db: 'sanctuaries' }), policy: all(200) },
    { params: () => ({ db: 'reviews' }), policy: all(200) },
    { params: () => ({ db: 'users' }), policy: all(404) },
    { params: () => ({ db: 'sessions' }), policy: all(404) },
  ],
  // The public databases are pull-only for everyone, admins included; private ones do not exist here.
  'ALL /db/:db/*': [
    { method: 'GET', params: () => ({ db: 'sanctuaries', '*': '_changes' }), query: '?since=0&limit=2', policy: all(200) },
    { method: 'GET', params: () => ({ db: 'reviews', '*': '_all_docs' }), query: '?limit=2', policy: all(200) },
    { method: 'GET', params: (w) => ({ db: 'sanctuaries', '*': encodeURIComponent(w.owner.sanctuaryId) }), policy: all(200) },
    { method: 'POST', params: () => ({ db: 'sanctuaries', '*': '_bulk_get' }), body: () => ({ docs: [{ id: SANCTUARY_A }] }), policy: all(200) },
    // Regressions: a malformed _bulk_get or open_revs was a 500 from the store; a malformed path a 500 here.
    { method: 'POST', params: () => ({ db: 'sanctuaries', '*': '_bulk_get' }), body: () => ({ docs: [null] }), policy: all(400), label: 'malformed _bulk_get' },
    { method: 'GET', params: () => ({ db: 'sanctuaries', '*': SANCTUARY_A }), query: '?open_revs=x', policy: all(400), label: 'malformed open_revs' },
    { method: 'GET', params: () => ({ db: 'reviews', '*': '%E0%A4%A' }), policy: all(400), label: 'malformed percent-encoding' },
    { method: 'POST', params: () => ({ db: 'sanctuaries', '*': '_bulk_docs' }), body: () => ({ docs: [{ _id: 'x', type: 'sanctuary' }] }), policy: all(403) },
    { method: 'PUT', params: (w) => ({ db: 'sanctuaries', '*': encodeURIComponent(w.owner.sanctuaryId) }), body: () => ({ name: 'Mine' }), policy: all(403) },
    { method: 'PUT', params: () => ({ db: 'reviews', '*': '_local/checkpoint' }), body: () => ({}), policy: all(403) },
    { method: 'DELETE', params: (w) => ({ db: 'reviews', '*': encodeURIComponent(w.reviewOfA) }), query: '?rev=1-x', policy: all(403) },
    { method: 'GET', params: () => ({ db: 'sanctuaries', '*': '_design/sanctuaries' }), policy: all(403) },
    { method: 'GET', params: () => ({ db: 'users', '*': '_all_docs' }), policy: all(404) },
    { method: 'GET', params: () => ({ db: 'sessions', '*': '_all_docs' }), policy: all(404) },
    { method: 'GET', params: () => ({ db: 'votes', '*': '_all_docs' }), policy: all(404) },
    { method: 'GET', params: (w) => ({ db: `userdb-${w.a.id}`, '*': '_all_docs' }), policy: all(404), label: "'user's own database by name" },
    { method: 'PUT', params: () => ({ db: 'users', '*': 'user%3Aevil' }), body: () => ({ role: 'admin' }), policy: all(403) },
  ],
  'ALL /db/:db': [
    { method: 'GET', params: () => ({ db: 'sanctuaries' }), policy: all(200) },
    { method: 'DELETE', params: () => ({ db: 'sanctuaries' }), policy: all(403) },
    { method: 'PUT', params: () => ({ db: 'matrix-new-db' }), policy: all(403) },
    { method: 'GET', params: () => ({ db: 'users' }), policy: all(404) },
    { method: 'GET', params: (w) => ({ db: `userdb-${w.a.id}` }), policy: all(404) },
  ],
  'GET /media/:key': [{ params: (w) => ({ key: w.photo }), policy: all(200) }, { params: () => ({ key: `${randomHex()}-0` }), policy: all(404) }],
  'GET /media/:key/thumb': [{ params: (w) => ({ key: w.photo }), policy: all(200) }],
  'GET /media/listing/:key': [{ params: (w) => ({ key: w.listingPhoto }), policy: all(200) }, { params: () => ({ key: `${randomHex()}-0` }), policy: all(404) }],
  'GET /media/listing/:key/thumb': [{ params: (w) => ({ key: w.listingPhoto }), policy: all(200) }],
};

/**
 * What a method a path does not register meets: the guard of the router that owns the path (in the order the
 * gateway mounts them), else the API's 404. Explicit, so a guard that disappears is a mismatch.
 */
function unregisteredPolicy(path: string): Policy {
  if (/^\/api\/admin\/(submissions|queue|review-reports|reviews)(\/|$)/.test(path)) return adminOnly(404);
  if (/^\/api\/(user|favorites|reviews)\//.test(path)) return signedIn(404);
  if (path === '/db/') return all(404);
  // The replication proxies refuse, as read-only, any method they do not serve.
  if (path.startsWith('/db/')) return all(403);
  return all(404);
}

/** The shared (unchanging) parameter values for unregistered-method cells. */
const SHARED_PARAMS = (w: World): Record<string, string> => ({
  id: w.owner.sanctuaryId,
  userId: w.a.id,
  reviewId: w.reviewOfA,
  key: w.photo,
  hex: w.reportHex,
  sanctuaryId: w.owner.sanctuaryId,
  db: 'sanctuaries',
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function fill(pattern: string, params: Record<string, string>): string {
  let path = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    // Submission and queue ids are hex, review ids "review:<x>": encoded, as a browser would send them.
    return encodeURIComponent(value);
  });
  if (path.endsWith('/*')) {
    const rest = params['*'];
    if (rest === undefined) throw new Error(`no value for * in ${pattern}`);
    path = rest === '' ? path.slice(0, -2) : `${path.slice(0, -1)}${rest}`;
  }
  return path;
}

const matches = (expected: Expected, status: number) => (expected === '2xx' ? status >= 200 && status < 300 : status === expected);

let g: Gateway;
let world: World;

beforeAll(async () => {
  g = await startGateway();
  const [a, b, admin, applicant] = [await g.register('alice'), await g.register('bob'), await g.admin(), await g.register('applicant')];
  const owner = await g.owner(admin);
  const favorite = newFavorite(SANCTUARY_A, a.id);
  const put = await g.call(`/db/me/${encodeURIComponent(favorite._id)}`, { method: 'PUT', cookie: await g.session(a.id), body: favorite });
  expect(put.status).toBe(201);
  const { reviewId, photo } = await g.review(a.id, SANCTUARY_A, true);
  world = { g, a, b, owner, admin, applicant, favoriteOfA: favorite._id, reviewOfA: reviewId, photo: photo!, submissionHex: '', reportHex: '', listingPhoto: '' };
  world.submissionHex = await g.apply(applicant, { name: `Shared Haven ${randomHex().slice(0, 8)}` });
  world.reportHex = await freshQueueItem(world, 'report');
  // The owner publishes a photo of their listing (a real image: listing photos are decoded and re-encoded).
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
  const update = newListingUpdate(owner.id, owner.sanctuaryId, { imageUrls: ['new:photo-0'] }, { 'photo-0': { content_type: 'image/jpeg', data: image.toString('base64') } });
  await g.call('/db/me/_bulk_docs', { method: 'POST', cookie: await g.session(owner.id), body: { docs: [update] } });
  const listing = (await g.fx.couch.sanctuaries.get(owner.sanctuaryId))!;
  expect(listing.imageUrls).toHaveLength(1);
  world.listingPhoto = listing.imageUrls[0]!.slice('/media/listing/'.length);
}, 120_000);
afterAll(() => g?.stop());

/** Forged cookies, one kind per cell in turn: none may sign anyone in, least of all the admin they imitate. */
async function forgedCookie(n: number): Promise<string> {
  const { token } = await g.sessions.create(world.admin.id);
  switch (n % 6) {
    case 0: // one character of a live admin token changed
      return `ss_session=${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    case 1: // what the store keeps (the token's hash) sent as if it were the token
      return `ss_session=${sessionDocId(token).slice('session:'.length)}`;
    case 2: // well-formed, never issued
      return `ss_session=${newSessionToken()}`;
    case 3: // the admin's user id
      return `ss_session=${world.admin.id}`;
    case 4: // a real admin session, signed out
      await g.sessions.end(token);
      return `ss_session=${token}`;
    default: // injection-shaped junk
      return `ss_session=${encodeURIComponent(`${token}"; role=admin`)}`;
  }
}

async function cookieFor(who: Who, n: number): Promise<{ cookie?: string; self: Account | null }> {
  switch (who) {
    case 'anonymous':
      return { self: null };
    case 'user':
      return { cookie: await g.session(world.a.id), self: world.a };
    case 'otherUser':
      return { cookie: await g.session(world.b.id), self: world.b };
    case 'owner':
      return { cookie: await g.session(world.owner.id), self: world.owner };
    case 'admin':
      return { cookie: await g.session(world.admin.id), self: world.admin };
    case 'forged':
      return { cookie: await forgedCookie(n), self: null };
    case 'expired':
      // The admin's own session, long expired: it must not even grant what an anonymous visitor gets beyond that.
      return { cookie: await g.expiredSession(world.admin.id), self: null };
  }
}

describe('authorisation matrix', () => {
  it('classifies every route of the gateway and answers every cell as the policy says', async () => {
    const handlers = inspectRoutes(g.app).filter((r) => !r.isMiddleware && /^\/(api|db|media)(\/|$)/.test(r.path));
    const routeKeys = [...new Set(handlers.map((r) => `${r.method} ${r.path}`))];
    const unclassified = routeKeys.filter((k) => !(k in POLICY));
    const stale = Object.keys(POLICY).filter((k) => !routeKeys.includes(k));
    expect(unclassified, 'routes in the gateway without a policy').toEqual([]);
    expect(stale, 'policies for routes the gateway no longer has').toEqual([]);

    // Registered methods per path pattern, to derive the unregistered-method cells.
    const methodsOf = new Map<string, Set<string>>();
    for (const r of handlers) {
      if (r.method === 'ALL' || r.path.includes('*')) continue;
      methodsOf.set(r.path, (methodsOf.get(r.path) ?? new Set()).add(r.method));
    }

    const mismatches: string[] = [];
    let cells = 0;
    let n = 0;
    // Cells that change nothing (unregistered methods) share one session per signed-in caller; the others get
    // a fresh one each, so a sign-out or password change in one cell cannot decide another.
    const shared = new Map<Who, { cookie?: string; self: Account | null }>();
    const runCell = async (route: string, method: string, probe: Probe, who: Who, pattern: string, reuse = false) => {
      const index = n++;
      const fresh = !reuse || who === 'anonymous' || who === 'forged' || who === 'expired';
      if (!fresh && !shared.has(who)) shared.set(who, await cookieFor(who, index));
      const { cookie, self } = fresh ? await cookieFor(who, index) : shared.get(who)!;
      const params = probe.params ? await probe.params(world, self) : {};
      const path = fill(pattern, params) + (probe.query ?? '');
      const body = await probe.body?.(world, self);
      const res = await g.call(path, { method, cookie, body });
      const status = probe.classify ? await probe.classify(res.clone()) : res.status;
      const text = await res.text();
      cells += 1;
      if (!matches(probe.policy[who], status)) {
        mismatches.push(`${route}${probe.label ? ` (${probe.label})` : ''} as ${who}: ${method} ${path} → ${status}, expected ${probe.policy[who]} ${text.slice(0, 160)}`);
      }
      if (status >= 400 && !text.includes('"error"')) mismatches.push(`${method} ${path} as ${who}: ${status} without a JSON error: ${text.slice(0, 120)}`);
    };

    for (const route of routeKeys) {
      const [routeMethod, pattern] = route.split(' ') as [string, string];
      for (const probe of POLICY[route]!) {
        const method = probe.method ?? routeMethod;
        expect(method === 'ALL' ? 'a method' : method, `${route}: an ALL route's probes name their method`).not.toBe('a method');
        // The callers of one probe are independent of each other: run them side by side.
        await Promise.all(WHO.map((who) => runCell(route, method, probe, who, pattern)));
      }
    }

    let unregistered = 0;
    for (const [pattern, registered] of methodsOf) {
      for (const method of METHODS.filter((m) => !registered.has(m))) {
        const probe: Probe = { params: (w) => SHARED_PARAMS(w), body: () => (method === 'GET' || method === 'DELETE' ? undefined : {}), policy: unregisteredPolicy(pattern) };
        await Promise.all(WHO.map((who) => runCell(`${method} ${pattern} (not registered)`, method, probe, who, pattern, true)));
        unregistered += WHO.length;
      }
    }

    console.log(
      `authz matrix: ${routeKeys.length} routes × ${WHO.length} callers, ${cells} cells tested (${unregistered} of them unregistered methods), ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    expect(cells).toBeGreaterThan(routeKeys.length * WHO.length);
  }, 200_000);
});
