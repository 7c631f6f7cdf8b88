// The load besides replication: GET /api/sanctuaries/search at a steady rate with varied, realistic criteria,
// and the writes that make live feeds deliver something (reviews, approved listing applications).
import { newSubmissionCommand, sanctuaryIdForSubmission, type SubmissionFields } from '@ss/domain/submission';
import { toSearchQueryString, type SearchCriteria } from '@ss/domain/search-criteria';
import { RecordedFailure, type DeviceHttp } from './http.ts';
import type { Metrics } from './metrics.ts';
import { sampleApplication } from '../../tests/fixtures/application.ts';

/** What people type: towns, "town, ST", states by name and code, ZIP codes, words; plus radius and filters. */
const PLACES = [
  'Watkins Glen, NY', 'Grass Valley, CA', 'Austin, TX', 'Portland, OR', 'Denver', 'Seattle, WA', 'Columbus, OH',
  'Asheville, NC', 'Burlington, VT', 'Nashville, TN', 'Ohio', 'California', 'TX', 'New York', 'Florida', 'Oregon',
  '44101', '10001', '90210', '97201', '80202', '14891', '78701', '33101',
];
const WORDS = ['goats', 'pig sanctuary', 'farm animal rescue', 'horses', 'chickens', 'cows', 'volunteer'];
const RADII = [5, 25, 50, 100, 150, 200, 500];
const ANIMALS = ['cows', 'pigs', 'chickens', 'goats', 'horses', 'sheep', 'ducks', 'turkeys'] as const;
const DEVICE_LOCATIONS: Array<[number, number]> = [[40.71, -74.0], [34.05, -118.24], [41.88, -87.63], [39.74, -104.99], [45.52, -122.68], [30.27, -97.74]];

/** The n-th search of a run: a deterministic mix, so two runs ask the same things. */
export function searchCriteria(n: number): SearchCriteria {
  const pick = <T>(list: readonly T[], salt: number) => list[(n * 7 + salt * 13 + Math.floor(n / list.length)) % list.length]!;
  const criteria: SearchCriteria = {};
  switch (n % 5) {
    case 0:
    case 1:
      criteria.query = pick(PLACES, 1);
      criteria.radius = pick(RADII, 2);
      break;
    case 2:
      criteria.query = pick(PLACES, 3);
      break;
    case 3:
      criteria.query = pick(WORDS, 4);
      break;
    default: {
      const [latitude, longitude] = pick(DEVICE_LOCATIONS, 5);
      Object.assign(criteria, { latitude, longitude, radius: pick(RADII, 6) });
    }
  }
  if (n % 3 === 0) criteria.animalTypes = [pick(ANIMALS, 7)];
  if (n % 4 === 0) criteria.hasVolunteerOpportunities = true;
  if (n % 7 === 0) criteria.openNow = true;
  return criteria;
}

/**
 * Searches at `perSecond` on a fixed schedule (an open loop: a slow answer does not slow the arrivals), each
 * from its own address, at most `maxInFlight` at once; arrivals beyond that are counted as skipped.
 */
export async function searchTraffic(opts: { perSecond: number; stop: AbortSignal; http: (n: number) => DeviceHttp; metrics: Metrics; maxInFlight?: number }): Promise<void> {
  const { perSecond, stop, metrics, maxInFlight = 200 } = opts;
  if (perSecond <= 0) return;
  const interval = 1000 / perSecond;
  const started = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  for (let n = 0; !stop.aborted; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (stop.aborted) break;
    if (inFlight.size >= maxInFlight) {
      metrics.count('searches skipped (too many in flight)');
      continue;
    }
    const qs = toSearchQueryString(searchCriteria(n));
    const request = opts
      .http(n)
      .json<unknown[]>('GET /api/sanctuaries/search', `/api/sanctuaries/search?${qs}`, { signal: stop })
      .then((results) => {
        if (results && !Array.isArray(results)) metrics.error('GET /api/sanctuaries/search', `?${qs}: the answer is not an array`);
        else if (results?.length) metrics.count('searches with results');
      })
      .catch((err: unknown) => {
        if (!(err instanceof RecordedFailure)) metrics.error('GET /api/sanctuaries/search', String(err));
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
}

/** A document written during the run that every device's live feed must deliver. */
export interface PublicWrite {
  db: 'sanctuaries' | 'reviews';
  id: string;
  /** When the write was sent and when its answer came (performance.now()). */
  sentAt: number;
  ackAt: number;
}

const REVIEW_TEXTS = [
  ['Lovely visit', 'The pigs were happy and the volunteers kind. We will come back with the kids.'],
  ['Worth the drive', 'Clean barns, well-cared-for goats, and a very informative tour.'],
  ['Great sanctuary', 'Met the rescued cows and learned a lot about their stories.'],
] as const;

/**
 * A signed-in visitor posts the review form (multipart, no photos) for `sanctuaryId`; resolves with the review
 * id, or null when `signal` ended the run first.
 */
export async function postReview(http: DeviceHttp, sanctuaryId: string, n: number, signal: AbortSignal): Promise<string | null> {
  const [title, comment] = REVIEW_TEXTS[n % REVIEW_TEXTS.length]!;
  const form = new FormData();
  form.set('rating', String(3 + (n % 3)));
  form.set('title', title);
  form.set('comment', `${comment} (load run visit ${n})`);
  const review = await http.json<{ id?: string }>('POST /api/sanctuaries/{id}/reviews', `/api/sanctuaries/${encodeURIComponent(sanctuaryId)}/reviews`, { method: 'POST', body: form, expect: [201], signal });
  if (!review) return null;
  if (!review.id) throw new Error('the review answer has no id');
  return review.id;
}

/** Real places the gazetteer knows, so the approval can put the listing on the map. */
const APPLICATION_PLACES: Array<Pick<SubmissionFields, 'city' | 'state' | 'zipCode'>> = [
  { city: 'Cleveland', state: 'OH', zipCode: '44114' },
  { city: 'Austin', state: 'TX', zipCode: '78701' },
  { city: 'Portland', state: 'OR', zipCode: '97201' },
  { city: 'Denver', state: 'CO', zipCode: '80202' },
];

function applicationFields(n: number): SubmissionFields {
  return sampleApplication({
    name: `Load Run Haven ${n}`,
    description: 'A refuge for rescued farm animals, created by the load run to exercise approvals and live feeds.',
    address: `${100 + n} Pasture Road`,
    ...APPLICATION_PLACES[n % APPLICATION_PLACES.length]!,
    email: `haven${n}@example.org`,
    website: 'https://example.org',
    additionalInfo: '',
  });
}

/**
 * A listing application end to end: the applicant's device pushes a submission command through /db/me (as
 * PouchDB does: _revs_diff, then _bulk_docs with new_edits false), reads back its queue id, and the
 * administrator approves it. Resolves with the new sanctuary's id, or null when `signal` ended the run first.
 */
export async function applyAndApprove(applicant: DeviceHttp, applicantId: string, admin: DeviceHttp, n: number, signal: AbortSignal, approving: () => void = () => {}): Promise<string | null> {
  const cmd = newSubmissionCommand(applicantId, applicationFields(n));
  const hash = cmd._id.slice(cmd._id.indexOf(':') + 1);
  const diff = await applicant.json('POST /db/me/_revs_diff', '/db/me/_revs_diff', { method: 'POST', body: { [cmd._id]: [`1-${hash}`] }, signal });
  if (!diff) return null;
  const failures = await applicant.json<unknown[]>('POST /db/me/_bulk_docs', '/db/me/_bulk_docs', {
    method: 'POST',
    body: { docs: [{ ...cmd, _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } }], new_edits: false },
    expect: [201],
    signal,
  });
  if (!failures) return null;
  if (failures.length) throw new Error(`the application was refused: ${JSON.stringify(failures).slice(0, 200)}`);
  // Filed just after the push is answered (the gateway applies commands after answering): the device reads it back
  // as its live pull would, a moment later.
  let submissionId: string | undefined;
  for (let attempt = 0; attempt < 50 && !submissionId; attempt++) {
    const stored = await applicant.json<{ submissionId?: string }>('GET /db/me/{id}', `/db/me/${encodeURIComponent(cmd._id)}`, { signal });
    if (!stored) return null;
    submissionId = stored.submissionId;
    if (!submissionId) await new Promise((r) => setTimeout(r, 200));
  }
  if (!submissionId) throw new Error('the application was not filed in the queue within 10 s');
  const hex = submissionId.slice(submissionId.indexOf(':') + 1);
  approving();
  const decided = await admin.json<{ status?: string }>('POST /api/admin/submissions/{id}/approve', `/api/admin/submissions/${hex}/approve`, { method: 'POST', signal });
  if (!decided) return null;
  if (decided.status !== 'approved') throw new Error(`the approval answered status ${decided.status}`);
  const fields = applicationFields(n);
  return (decided as { sanctuaryId?: string }).sanctuaryId ?? sanctuaryIdForSubmission({ _id: submissionId, name: fields.name, city: fields.city, state: fields.state });
}
