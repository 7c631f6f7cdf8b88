// The one harness of the gateway's integration suites: a real store (embedded, or CouchDB with SS_STORE=couchdb),
// the gateway in-process, and the people who knock on its doors (anonymous, users, a sanctuary owner made by the
// real approval flow, an admin, forged and expired cookies). Through `startGateway` every request carries its own
// X-Forwarded-For address (the gateway trusts one proxy), so the per-address rate limits measure nothing but what a
// suite means to test; `request` is the same request against any app, for suites that test the limits themselves.
import { DB, userDbName } from '@ss/couchdb/definitions';
import { readDefaultSeed } from '@ss/couchdb/seed/default-seed';
import { createSessions, sessionDocId, SESSION_TTL_MS } from '@ss/couchdb/sessions';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { newReviewCommand, photoKey, randomHex, reviewCommandHex } from '@ss/domain/review-command';
import { submitReviewCommand } from '@ss/couchdb/review-commands';
import { newSubmissionCommand, type SubmissionCommandDoc, type SubmissionFields } from '@ss/domain/submission';
import type { User } from '@ss/domain/user';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SecuritySettings } from '../../src/accounts.ts';
import { createApp } from '../../src/app.ts';
import { startStoreFixture, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';
import { sampleApplication } from '../../../tests/fixtures/application.ts';

export const ORIGIN = 'http://localhost';
export const PASSWORD = 'secret-pass-1';
/** Seeded listings the suites use. */
export const SANCTUARY_A = 'farm-sanctuary-watkins-glen-ny';
export const SANCTUARY_B = 'animal-place-grass-valley-ca';

/** A real 8 × 6 PNG: photos are decoded and re-encoded before they are stored, so the bytes must be a picture. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWlWOFTEMpAQAr9U8kdtx0JAAAAAASUVORK5CYII=', 'base64');

export type App = ReturnType<typeof createApp>;

export interface CallOptions {
  method?: string;
  /** An object is sent as JSON; a string, Uint8Array or FormData as is. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** null sends no Origin header; the default is the gateway's own origin on every non-GET request. */
  origin?: string | null;
  /** The whole URL to ask for instead of the path (another scheme or host). */
  url?: string;
}

/**
 * One request to a gateway in-process, as the web app sends it: the session cookie, our Origin on state-changing
 * methods, JSON bodies. Resolves once what the request caused is applied (pushes are applied after their answer,
 * apply-queue.ts), so a suite can read outcomes right after.
 */
export async function request(app: App, path: string, { method = 'GET', body, cookie, headers = {}, origin = ORIGIN, url }: CallOptions = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (cookie) h.cookie = cookie;
  // An Origin given among the headers (a cross-site caller) stands.
  if (origin !== null && method !== 'GET' && method !== 'HEAD') h.origin ??= origin;
  let payload: RequestInit['body'];
  if (body instanceof FormData || typeof body === 'string' || body instanceof Uint8Array) payload = body as RequestInit['body'];
  else if (body !== undefined) {
    h['content-type'] ??= 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await app.request(url ?? path, { method, headers: h, ...(payload !== undefined ? { body: payload } : {}) });
  if (method !== 'GET' && method !== 'HEAD') await app.applies.idle();
  return res;
}

/** "ss_session=<token>" from an answer that signed someone in, ready to send back. */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((h) => h.startsWith('ss_session='));
  if (!header) throw new Error(`no session cookie (status ${res.status})`);
  return header.split(';')[0]!;
}

export interface Account {
  user: User;
  id: string;
  email: string;
}

let addressCounter = 0;
/** A fresh client address per request: 10.x.y.z, never repeating within a run of 16 million requests. */
export function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface Gateway {
  fx: StoreFixture;
  app: App;
  sessions: ReturnType<typeof createSessions>;
  call(path: string, options?: CallOptions): Promise<Response>;
  /** Registers a user through the API (last name `name`, first name Jo unless given); the password is PASSWORD. */
  register(name?: string, options?: { firstName?: string }): Promise<Account>;
  /** A brand-new session cookie ("ss_session=<token>") for the user, as a sign-in would give. */
  session(userId: string): Promise<string>;
  /** A session cookie whose session was created long enough ago to have expired (the doc is still in the store). */
  expiredSession(userId: string): Promise<string>;
  admin(): Promise<Account>;
  /** A user who applied for a listing and whose application an admin approved: role sanctuary_owner, owns `sanctuaryId`. */
  owner(admin: Account): Promise<Account & { sanctuaryId: string }>;
  /** Files a listing application for the user through /db/me; returns the hex id of the queued submission. */
  apply(account: Account, fields?: Partial<SubmissionFields>): Promise<string>;
  /** Publishes a review by the user (with one photo when asked); returns its review id and photo key. */
  review(userId: string, sanctuaryId?: string, withPhoto?: boolean): Promise<{ reviewId: string; photo: string | null }>;
  stop(): Promise<void>;
}

export const APPLICATION: SubmissionFields = sampleApplication();

/** What a suite may add to the harness's gateway: the web app's files, more security settings. */
export interface GatewayOptions {
  webDist?: string;
  security?: SecuritySettings;
}

/**
 * The suite's gateway: started before its first test, stopped after its last. The object is filled in when the
 * suite starts, so read its fields inside tests and hooks, not at the top of the file.
 */
export function gatewayForSuite(options: GatewayOptions = {}): Gateway {
  const suite = {} as Gateway;
  beforeAll(async () => {
    Object.assign(suite, await startGateway(options));
  }, 60_000);
  afterAll(() => suite.stop?.());
  return suite;
}

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const fx = await startStoreFixture();
  // Each request comes from its own address; the per-user write budgets and the per-account sign-in limit are
  // raised because these suites write and sign in as one account far more than a person could.
  const unlimited = { perAddress: Infinity, perUser: Infinity };
  const app = createApp({
    couch: fx.couch,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    security: {
      trustedProxies: 1,
      loginLimits: { perAccount: 100_000, perAddress: 100_000, emailProbesPerHour: 100_000 },
      writeLimits: { api: unlimited, sync: unlimited, syncDocs: unlimited, registration: { perAddress: Infinity } },
      ...options.security,
    },
  });
  const users = createUsers(fx.couch);
  const sessions = createSessions(fx.couch);
  // Sessions made 2 × the session length ago: long expired, yet their documents are still in the store.
  const oldSessions = createSessions(fx.couch, { now: () => new Date(Date.now() - 2 * SESSION_TTL_MS) });
  let counter = 0;

  function call(path: string, options: CallOptions = {}): Promise<Response> {
    return request(app, path, { ...options, headers: { 'x-forwarded-for': nextAddress(), ...options.headers } });
  }

  async function register(name = 'seeker', { firstName = 'Jo' }: { firstName?: string } = {}): Promise<Account> {
    counter += 1;
    const email = `${name}.${counter}.${Date.now()}@example.com`;
    const res = await call('/api/auth/register', { method: 'POST', body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName: name } });
    expect(res.status, await res.clone().text()).toBe(201);
    const user = (await res.json()) as User;
    return { user, id: user.id, email };
  }

  async function session(userId: string) {
    return `ss_session=${(await sessions.create(userId)).token}`;
  }

  async function expiredSession(userId: string) {
    const { token } = await oldSessions.create(userId);
    // Still stored: the gateway, not a missing document, must be what refuses it.
    await fx.couch.nano.db.use(DB.sessions).get(sessionDocId(token));
    return `ss_session=${token}`;
  }

  async function admin(): Promise<Account> {
    counter += 1;
    const email = `admin.${counter}.${Date.now()}@example.com`;
    const { user } = await createOrPromoteAdmin(fx.couch, users, { email, password: PASSWORD });
    const id = user._id.slice('user:'.length);
    return { user: { id, email, role: 'admin' } as User, id, email };
  }

  async function apply(account: Account, fields: Partial<SubmissionFields> = {}) {
    const cmd = newSubmissionCommand(account.id, { ...APPLICATION, ...fields });
    const res = await call(`/db/me/${encodeURIComponent(cmd._id)}`, { method: 'PUT', cookie: await session(account.id), body: cmd });
    expect(res.status, await res.clone().text()).toBe(201);
    const stored = await fx.couch.nano.db.use<SubmissionCommandDoc>(userDbName(account.id)).get(cmd._id);
    expect(stored.submissionId, JSON.stringify(stored)).toBeTruthy();
    return stored.submissionId!.slice('submission:'.length);
  }

  async function owner(adminAccount: Account) {
    const account = await register('owner');
    // Each owner's listing gets its own name, so its id (derived from name, city and state) is new.
    const hex = await apply(account, { name: `Hoof Haven ${randomHex().slice(0, 8)}` });
    const res = await call(`/api/admin/submissions/${hex}/approve`, { method: 'POST', cookie: await session(adminAccount.id) });
    expect(res.status, await res.clone().text()).toBe(200);
    // The approval is what grants the role and links the listing (couchdb/src/submissions.ts promoteApplicant).
    const doc = (await fx.couch.nano.db.use(DB.users).get(`user:${account.id}`)) as unknown as { role: string; ownedSanctuaryIds?: string[] };
    expect(doc.role).toBe('sanctuary_owner');
    const owned = doc.ownedSanctuaryIds?.[0];
    expect(owned).toBeTruthy();
    return { ...account, sanctuaryId: owned! };
  }

  // A user publishes one review per listing: without a listing named, each review is of a fresh one.
  const reviewable = readDefaultSeed().map((d) => d._id).filter((id) => id !== SANCTUARY_A && id !== SANCTUARY_B);
  let nextReviewable = 0;
  async function review(userId: string, sanctuaryId = reviewable[nextReviewable++ % reviewable.length]!, withPhoto = false) {
    const cmd = newReviewCommand({ ownerId: userId, sanctuaryId, rating: 4, title: 'Lovely', comment: 'The pigs were happy.', visitDate: '2025-06-01' });
    const doc = withPhoto ? { ...cmd, _attachments: { 'photo-0': { content_type: 'image/png', data: PNG.toString('base64') } } } : cmd;
    const result = await submitReviewCommand(fx.couch, userId, doc);
    if (result.status !== 'published') throw new Error(`review not published: ${JSON.stringify(result)}`);
    const hex = reviewCommandHex(cmd._id)!;
    return { reviewId: result.reviewId, photo: withPhoto ? photoKey(hex, 0) : null };
  }

  return { fx, app, sessions, call, register, session, expiredSession, admin, owner, apply, review, stop: async () => {
    await app.close();
    await fx.stop();
  } };
}

/** Every `key` of an object nested `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}
