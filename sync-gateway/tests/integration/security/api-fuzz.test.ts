// Property-based fuzzing of every payload the API accepts: each POST/PUT/PATCH/DELETE under /api/* (JSON bodies,
// the multipart review form, path ids) and the query string of search, as the caller each route is for. Inputs
// are drawn from arbitraries mirroring the domain's zod schemas (valid-shaped) and from mutations of them
// (a field dropped or retyped, oversize text, arbitrary JSON, malformed text, wrong content types). The property:
// never a 5xx; every 4xx is JSON with an `error` message; no response carries a stack trace.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { ANIMAL_TYPES } from '@ss/domain/constants';
import { SEARCH_FLAGS } from '@ss/domain/search-criteria';
import { US_STATES } from '@ss/domain/us-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG, SANCTUARY_A, startGateway, type Account, type Gateway } from '../harness.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const RUNS = Number(process.env.API_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let g: Gateway;
let user: Account;
let owner: Account & { sanctuaryId: string };
let admin: Account;
let reviewId: string;
let photo: string;
let cookies: { user: string; owner: string; admin: string };

beforeAll(async () => {
  g = await startGateway();
  [user, admin] = [await g.register('fuzzer'), await g.admin()];
  owner = await g.owner(admin);
  cookies = { user: await g.session(user.id), owner: await g.session(owner.id), admin: await g.session(admin.id) };
  ({ reviewId, photo } = await g.review(user.id, SANCTUARY_A, true) as { reviewId: string; photo: string });
}, 60_000);
afterAll(() => g?.stop());

// ---- Arbitraries mirroring the schemas -----------------------------------------------------------------------

const text = (max: number) => fc.string({ maxLength: max, unit: 'grapheme' });
const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 }), fc.constant(`${'a'.repeat(250)}@x.org`));
const password = fc.oneof(fc.constant(PASSWORD), fc.string({ maxLength: 12 }), fc.string({ minLength: 1020, maxLength: 1030 }));
const iso = fc.date({ noInvalidDate: true, min: new Date('1990-01-01'), max: new Date('2030-01-01') }).map((d) => d.toISOString().slice(0, 10));

const registration = fc.record({ email, password, confirmPassword: password, firstName: text(110), lastName: text(110) });
const login = fc.record({ email, password });
const profile = fc.record({ firstName: text(110), lastName: text(110), email, username: fc.option(text(45), { nil: null }) }, { requiredKeys: [] });
const passwordChange = fc.record({ currentPassword: password, newPassword: password, confirmPassword: password });
const message = (key: string, max: number) => fc.record({ [key]: fc.oneof(text(max + 20), fc.constant(' '), fc.string({ minLength: max - 2, maxLength: max + 2 })) });
const verified = fc.record({ isVerified: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null)) });
const revert = fc.record({ auditId: fc.oneof(text(60), fc.constantFrom('listing-audit:x:y:z', '../../users', `listing-audit:${SANCTUARY_A}:2026:00000000`)) });
const rejectBody = fc.record({ reviewNotes: fc.oneof(text(100), fc.string({ minLength: 2990, maxLength: 3010 })) }, { requiredKeys: [] });

/** A valid-shaped payload, or one broken in one of the ways a client (or an attacker) breaks them. */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  return fc.oneof(
    { arbitrary: valid.map(json), weight: 4 },
    // One field retyped.
    { arbitrary: fc.tuple(valid, fc.nat(), fc.jsonValue({ maxDepth: 2 })).map(([v, i, x]) => { const keys = Object.keys(v); return json(keys.length ? { ...v, [keys[i % keys.length]!]: x } : { x }); }), weight: 2 },
    // One field dropped.
    { arbitrary: fc.tuple(valid, fc.nat()).map(([v, i]) => { const keys = Object.keys(v); const copy = { ...v }; if (keys.length) delete copy[keys[i % keys.length]!]; return json(copy); }), weight: 1 },
    // Prototype keys and unknown fields.
    { arbitrary: valid.map((v) => `${json(v).slice(0, -1)}${Object.keys(v).length ? ',' : ''}"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}`), weight: 1 },
    // Anything JSON, malformed text, deep nesting.
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json), weight: 1 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('', '{', '{"a":', 'nul', '\u0000', '{"email":"a@b.c",}')), weight: 1 },
    { arbitrary: fc.integer({ min: 10, max: 20_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`), weight: 1 },
  );
}

const contentType = fc.oneof({ arbitrary: fc.constant('application/json'), weight: 6 }, { arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/json; charset=latin1', ''), weight: 1 });
/** Ids for path parameters: real ones, near misses, traversal and encoding tricks. */
const pathId = (real: string[]) =>
  fc.oneof(
    fc.constantFrom(...real),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('_design/sanctuaries', '..', '../users', '%00', '_all_docs', 'review:../../x', `user:${'a'.repeat(32)}`, 'a'.repeat(300), '\u202e', 'review:x?y'),
  ).map((id) => encodeURIComponent(id));

interface Req {
  method: string;
  path: string;
  body?: string | FormData;
  contentType?: string;
  cookie?: string;
}

/** One arbitrary request per payload the API accepts, each as the caller the route is for. */
function endpoints(): Record<string, fc.Arbitrary<Req>> {
  const sanctuaries = [SANCTUARY_A, owner.sanctuaryId];
  const hexes = ['0'.repeat(32), 'f'.repeat(32)];
  const json = (method: string, path: fc.Arbitrary<string> | string, payload: fc.Arbitrary<string>, cookie?: string): fc.Arbitrary<Req> =>
    fc.record({ path: typeof path === 'string' ? fc.constant(path) : path, body: payload, contentType }).map(({ path: p, body, contentType: ct }) => ({ method, path: p, body, contentType: ct, cookie }));
  const form = fc
    .record({
      rating: fc.oneof(fc.constantFrom('1', '5', '0', '6', '3.5', '', 'x', '1e1'), fc.string({ maxLength: 5 })),
      title: text(130),
      comment: fc.oneof(text(300), fc.string({ minLength: 3995, maxLength: 4005 })),
      visitDate: fc.oneof(iso, fc.string({ maxLength: 12 }), fc.constantFrom('2999-01-01', '2024-02-30')),
      photos: fc.array(fc.oneof(fc.constant(PNG), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)), fc.constant(Buffer.from('MZ\u0090\u0090'))), { maxLength: 6 }),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', ''),
      sanctuary: pathId(sanctuaries),
    })
    .map(({ rating, title, comment, visitDate, photos, type, sanctuary }) => {
      const body = new FormData();
      body.set('rating', rating);
      body.set('title', title);
      body.set('comment', comment);
      body.set('visitDate', visitDate);
      for (const [i, bytes] of photos.entries()) body.append('photos', new File([new Uint8Array(bytes)], `p${i}.png`, { type }));
      return { method: 'POST', path: `/api/sanctuaries/${sanctuary}/reviews`, body, cookie: cookies.user };
    });
  const searchValue = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('0', '-91', '181', '1e3', 'NaN', 'true', 'false', '1', 'x'.repeat(201)), fc.double().map(String));
  const search = fc
    .dictionary(fc.constantFrom('query', 'latitude', 'longitude', 'radius', 'animalTypes', ...SEARCH_FLAGS, 'q', '__proto__', 'constructor'), fc.oneof(searchValue, fc.subarray([...ANIMAL_TYPES]).map((a) => a.join(','))), { maxKeys: 6 })
    .chain((params) => fc.constantFrom(...Object.keys(US_STATES), 'Cleveland, OH', '44114', 'pigs').map((place) => ({ ...params, ...(params.query === undefined ? { query: place } : {}) })))
    .map((params) => ({ method: 'GET', path: `/api/sanctuaries/search?${new URLSearchParams(params as Record<string, string>)}` }));
  const review = pathId([reviewId, 'review:nope']);
  return {
    'POST /api/auth/register': json('POST', '/api/auth/register', mutated(registration)),
    'POST /api/auth/login': json('POST', '/api/auth/login', mutated(login)),
    'POST /api/auth/logout': json('POST', '/api/auth/logout', mutated(fc.record({}))),
    'PATCH /api/user/profile': json('PATCH', '/api/user/profile', mutated(profile), cookies.user),
    'PATCH /api/user/password': json('PATCH', '/api/user/password', mutated(passwordChange), cookies.user),
    'POST /api/sanctuaries/:id/reviews': form,
    'POST /api/sanctuaries/:id/report': json('POST', pathId(sanctuaries).map((id) => `/api/sanctuaries/${id}/report`), mutated(message('message', 2000)), cookies.user),
    'POST /api/reviews/:reviewId/helpful': json('POST', review.map((id) => `/api/reviews/${id}/helpful`), mutated(fc.record({})), cookies.user),
    'DELETE /api/reviews/:reviewId/helpful': json('DELETE', review.map((id) => `/api/reviews/${id}/helpful`), mutated(fc.record({})), cookies.user),
    'POST /api/reviews/:reviewId/report': json('POST', review.map((id) => `/api/reviews/${id}/report`), mutated(message('reason', 1000)), cookies.user),
    'POST /api/admin/submissions/:id/approve': json('POST', pathId(hexes).map((id) => `/api/admin/submissions/${id}/approve`), mutated(fc.record({})), cookies.admin),
    'POST /api/admin/submissions/:id/reject': json('POST', pathId(hexes).map((id) => `/api/admin/submissions/${id}/reject`), mutated(rejectBody), cookies.admin),
    'POST /api/admin/queue/reports/:hex/resolve': json('POST', pathId(hexes).map((id) => `/api/admin/queue/reports/${id}/resolve`), mutated(fc.record({})), cookies.admin),
    // Listings' claims, audit and verification (issue 12), as an admin: unknown ids, odd bodies.
    'POST /api/admin/claims/:sanctuaryId/:userId/approve': json('POST', fc.tuple(pathId(sanctuaries), pathId([user.id, owner.id])).map(([s, u]) => `/api/admin/claims/${s}/${u}/approve`), mutated(fc.record({})), cookies.admin),
    'POST /api/admin/claims/:sanctuaryId/:userId/reject': json('POST', fc.tuple(pathId(sanctuaries), pathId([user.id])).map(([s, u]) => `/api/admin/claims/${s}/${u}/reject`), mutated(rejectBody), cookies.admin),
    'POST /api/admin/sanctuaries/:id/audit/revert': json('POST', pathId(sanctuaries).map((id) => `/api/admin/sanctuaries/${id}/audit/revert`), mutated(revert), cookies.admin),
    'POST /api/admin/sanctuaries/:id/verified': json('POST', pathId(sanctuaries).map((id) => `/api/admin/sanctuaries/${id}/verified`), mutated(verified), cookies.admin),
    'POST /api/admin/reviews/:reviewId/hide': json('POST', pathId(['review:nope', 'review:x']).map((id) => `/api/admin/reviews/${id}/hide`), mutated(fc.record({})), cookies.admin),
    'GET /api/sanctuaries/search': search,
    // Path ids of the read routes, as anyone.
    'GET path ids': fc
      .record({ id: pathId([...sanctuaries, user.id, photo]), route: fc.constantFrom('/api/sanctuaries/%s', '/api/sanctuaries/%s/reviews', '/api/sanctuaries/%s/stats', '/api/favorites/%s', '/media/%s', '/media/%s/thumb', '/media/listing/%s', '/media/listing/%s/thumb', '/api/reviews/%s/helpful', '/api/admin/sanctuaries/%s/audit') })
      .map(({ id, route }) => ({ method: 'GET', path: route.replace('%s', id), cookie: cookies.user })),
  };
}

describe('API fuzzing', () => {
  it('never answers 5xx; every 4xx is a JSON { error }; no stack traces', async () => {
    let requests = 0;
    let serverErrors = 0;
    const byStatus = new Map<number, number>();
    const problems: string[] = [];

    const check = async (name: string, req: Req): Promise<boolean> => {
      const headers: Record<string, string> = {};
      if (req.contentType !== undefined && typeof req.body === 'string') headers['content-type'] = req.contentType;
      const res = await g.call(req.path, { method: req.method, cookie: req.cookie, body: req.body, headers });
      const body = await res.text();
      requests += 1;
      byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
      let problem: string | null = null;
      if (res.status >= 500) {
        serverErrors += 1;
        problem = '5xx';
      } else if (res.status >= 400) {
        const parsed = (() => {
          try {
            return JSON.parse(body) as unknown;
          } catch {
            return null;
          }
        })();
        const error = (parsed as { error?: unknown } | null)?.error;
        if (typeof error !== 'string' || error.trim() === '') problem = '4xx without a JSON error';
      }
      // A listing's sources are public web addresses and may contain any path ("/work/…" is a real one), so the
      // internal paths looked for are this checkout's own.
      if (/\n\s+at |node_modules|file:\/\//.test(body) || body.includes(REPO_ROOT)) problem = 'stack trace or internal path';
      if (problem && problems.length < 20) problems.push(`${name}: ${problem}: ${req.method} ${req.path.slice(0, 100)} → ${res.status} ${body.slice(0, 160)}`);
      return problem === null;
    };

    const started = Date.now();
    // Each endpoint is its own property (so a failure shrinks to that endpoint's smallest input); they run side by side.
    const results = await Promise.all(
      Object.entries(endpoints()).map(async ([name, arbitrary]) => {
        const outcome = await fc.check(fc.asyncProperty(arbitrary, (req) => check(name, req)), { numRuns: RUNS, seed: SEED, endOnFailure: true });
        return outcome.failed ? `${name}: counterexample ${JSON.stringify(outcome.counterexample?.[0], (_k, v: unknown) => (v instanceof FormData ? '[form]' : v)).slice(0, 300)}` : null;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `api fuzz: ${requests} requests over ${Object.keys(endpoints()).length} payloads (seed ${SEED}) in ${seconds.toFixed(1)} s, ${serverErrors} 5xx; ` +
        `statuses ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    expect(problems).toEqual([]);
    expect(results.filter(Boolean)).toEqual([]);
    expect(serverErrors).toBe(0);
    // Valid-shaped inputs do get through: the generators are not all noise.
    expect([...byStatus.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
  }, 150_000);
});
