/// <reference types="pouchdb-core" />
/// <reference types="pouchdb-replication" />
// Scripted faults on the whole stack, as `npm start` runs it (store, gateway and workers under their
// supervisors): the gateway and the store are SIGKILLed in the middle of a pull replication and in the middle
// of bursts of writes, restarted by their supervisors, and then we check that nothing acknowledged was lost,
// nothing was applied twice, and that replication resumed from its checkpoint. Clients are real PouchDB
// databases (LevelDB in a temp directory) replicating through the gateway like the web app, plus plain HTTP
// calls for the API writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDBModule from 'pouchdb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient, type CouchClient } from '@ss/couchdb/client';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { publishedReviewIdsOf } from '@ss/couchdb/review-commands';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { newFavorite } from '@ss/domain/favorite';
import { statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { helpfulVoteId } from '@ss/domain/review-moderation';
import { startStack, type Stack } from '../../scripts/stack.ts';
import { waitFor as waitUntil } from '../../couchdb/tests/integration/store-fixture.ts';
import { DeviceClient, untilAcked as untilAckedBy } from './device-client.ts';

const PouchDB = PouchDBModule as unknown as PouchDB.Static;
const SYNTHETIC = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tmp: string;
let stack: Stack;
let couch: CouchClient;
const stackLog: string[] = [];
const figures = { kills: 0, acknowledged: 0, retriedAfterFailure: 0, lost: 0, duplicated: 0, resumeRead: 0, resumeTotal: 0 };

/** The fixtures' waitFor with this suite's patience. */
const waitFor = <T,>(check: () => Promise<T | undefined | false>, timeoutMs = 30_000, everyMs = 100) => waitUntil(check, timeoutMs, everyMs);

const healthy = async () => (await fetch(`${stack.url}/api/health`)).status === 200;

/** A browser of this stack (tests/integration/device-client.ts). */
class Client extends DeviceClient {
  constructor() {
    super(() => stack.url);
  }
}

const localDb = <T extends object>(name: string) => new PouchDB<T>(path.join(tmp, name));

async function killGateway() {
  const pid = stack.gatewayPid()!;
  process.kill(pid, 'SIGKILL');
  figures.kills++;
  await waitFor(async () => stack.gatewayPid() !== pid && (await healthy()));
}

async function killStore() {
  const store = stack.store!;
  const pid = store.pid()!;
  const back = new Promise((resolve) => store.once('ready', resolve));
  process.kill(pid, 'SIGKILL');
  figures.kills++;
  await back;
  await waitFor(healthy);
}

/** Every non-design document of a store database: id → winning rev, and any that carry conflicts. */
async function serverRevs(db: string): Promise<{ revs: Map<string, string>; conflicted: string[] }> {
  const res = await couch.nano.db.use(db).list({ include_docs: true, conflicts: true } as never);
  const rows = res.rows.filter((r) => !r.id.startsWith('_design/'));
  return {
    revs: new Map(rows.map((r) => [r.id, r.value.rev])),
    conflicted: rows.filter((r) => (r.doc as { _conflicts?: string[] } | undefined)?._conflicts?.length).map((r) => r.id),
  };
}

/** Every document on a device: id → winning rev. None is a design document: the gateway never sends one. */
async function localRevs(db: PouchDB.Database): Promise<Map<string, string>> {
  const res = await db.allDocs();
  expect(res.rows.filter((r) => r.id.startsWith('_design/')).map((r) => r.id), 'design documents on the device').toEqual([]);
  return new Map(res.rows.map((r) => [r.id, r.value.rev]));
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-faults-'));
  stack = await startStack({ port: 0, dataDir: path.join(tmp, 'data'), log: (l) => stackLog.push(l) });
  couch = createCouchClient(stack.couch);
  // Loaded straight into the store, as an operator's bulk import would be.
  const docs = syntheticSanctuaries(SYNTHETIC);
  for (let i = 0; i < docs.length; i += 500) await couch.nano.db.use(DB.sanctuaries).bulk({ docs: docs.slice(i, i + 500) });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(
    `faults: ${figures.kills} kills, ${figures.acknowledged} acknowledged writes (${figures.retriedAfterFailure} retried after a failure), ` +
      `${figures.lost} lost, ${figures.duplicated} duplicated, resume read ${figures.resumeRead.toLocaleString('en-US')} of ${figures.resumeTotal.toLocaleString('en-US')}`,
  );
});

describe('faults', () => {
  it('a pull replication cut by a gateway SIGKILL resumes from its checkpoint on the same URL and ends exact', async () => {
    const anonymous = new Client();
    const local = localDb('device-sanctuaries');
    const server = await serverRevs(DB.sanctuaries);
    const total = server.revs.size;
    figures.resumeTotal = total;
    const urlBefore = stack.url;
    const gatewayPid = stack.gatewayPid();

    // The gateway dies just as the device asks for a batch of documents, 40% of the way through. Not while
    // PouchDB's progress probe (GET /db/sanctuaries/) is out: PouchDB 9 does not catch that promise's rejection
    // (replicate.js, `src.info().then(...)` for activeTasks), which would surface as an unhandled rejection.
    let written = 0;
    let killed: Promise<void> | undefined;
    const remote = anonymous.remote('sanctuaries', (url, infoInFlight) => {
      if (!killed && written >= total * 0.4 && infoInFlight === 0 && url.includes('/_bulk_get')) killed = killGateway();
    });
    const first = local.replicate.from(remote, { batch_size: 100, batches_limit: 1 });
    first.on('change', (info) => (written = info.docs_written));
    const outcome = await first.then(
      (res) => (res.ok ? 'completed' : 'failed'),
      () => 'failed',
    );
    expect(killed, 'the gateway was killed mid-replication').toBeDefined();
    await killed;
    expect(outcome).toBe('failed');
    const kept = (await local.info()).doc_count;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(total);

    // The supervisor restarted the gateway on the port it printed at start.
    expect(stack.gatewayPid()).not.toBe(gatewayPid);
    expect(stack.url).toBe(urlBefore);
    expect((await fetch(`${urlBefore}/api/health`)).status).toBe(200);

    const second = await local.replicate.from(remote, { batch_size: 100 });
    expect(second.ok).toBe(true);
    figures.resumeRead = second.docs_read;
    // Resumed: at most what was not yet checkpointed is read again, never the whole database.
    expect(second.docs_read).toBeLessThan(total);
    expect(second.docs_read).toBeGreaterThanOrEqual(total - kept);

    const mine = await localRevs(local);
    const missing = [...server.revs.keys()].filter((id) => !mine.has(id));
    const extra = [...mine.keys()].filter((id) => !server.revs.has(id));
    const wrongRev = [...mine].filter(([id, rev]) => server.revs.get(id) !== rev);
    expect({ missing, extra, wrongRev }).toEqual({ missing: [], extra: [], wrongRev: [] });
    const designDocs = (await local.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' })).rows.length;
    expect(designDocs).toBe(0);
    expect((await local.info()).doc_count).toBe(total);
    console.log(`faults: design documents that reached the device through /db/sanctuaries: ${designDocs}`);
    await local.close();
  });

  // Shared by the two write bursts below.
  const author = new Client();
  /** The author reviews each listing once (one review per user and listing): command n reviews synthetic n + 200. */
  let commandCount = 0;
  const reviewedListings: string[] = [];
  const voters: Client[] = [];
  let photo: Buffer;
  const device = () => localDb<object>(`device-me-${author.id}`);
  let publishedReviews: string[] = [];
  const favouritesWritten: string[] = [];
  const commandsWritten: string[] = [];
  const votesWritten: Array<{ reviewId: string; userId: string }> = [];

  /** Only "unavailable" failures are acceptable while a process is down. */
  async function untilAcked(op: () => Promise<Response>, statusOk: (s: number) => boolean): Promise<void> {
    const retries = await untilAckedBy(op, statusOk, (s) => s === 502 || s === 503 || s === 504);
    figures.acknowledged++;
    if (retries > 0) figures.retriedAfterFailure++;
  }

  function nextListing(): string {
    const id = `synthetic-${String(201 + commandCount++).padStart(6, '0')}`;
    reviewedListings.push(id);
    return id;
  }

  /** The device writes a review command with a photo locally and pushes it, retrying the push until it succeeds. */
  async function pushCommand(local: PouchDB.Database<object>, remote: PouchDB.Database<object>, index: number): Promise<string> {
    const cmd: ReviewCommandDoc = {
      ...newReviewCommand({ ownerId: author.id, sanctuaryId: nextListing(), rating: 1 + (index % 5), title: '', comment: `Fault-test visit ${index}`, visitDate: '' }),
      _attachments: { 'photo-0': { content_type: 'image/jpeg', data: photo.toString('base64') } },
    };
    await local.put(cmd as never);
    for (let attempt = 0; ; attempt++) {
      const res = await local.replicate.to(remote, { doc_ids: [cmd._id] }).catch(() => undefined);
      if (res?.ok && !res.errors.length) {
        figures.acknowledged++;
        if (attempt > 0) figures.retriedAfterFailure++;
        return cmd._id;
      }
      await sleep(200);
    }
  }

  async function writeBurst(tag: string, voter: Client, kill: () => Promise<void>) {
    const local = device();
    const remote = author.remote<object>('me');
    let acked = 0;
    const favIds = syntheticSanctuaries(40, 7).map((_, i) => `synthetic-${String(i + 1 + (tag === 'store' ? 0 : 40)).padStart(6, '0')}`);
    const favourites = (async () => {
      for (const sid of favIds) {
        await untilAcked(() => author.request('PUT', `/db/me/favorite:${sid}`, newFavorite(sid, author.id)), (s) => s === 201);
        favouritesWritten.push(`favorite:${sid}`);
        acked++;
      }
    })();
    const votes = (async () => {
      for (const reviewId of publishedReviews) {
        await untilAcked(() => voter.request('POST', `/api/reviews/${encodeURIComponent(reviewId)}/helpful`), (s) => s === 200);
        votesWritten.push({ reviewId, userId: voter.id });
        acked++;
      }
    })();
    const commands = (async () => {
      for (let i = 0; i < 6; i++) {
        commandsWritten.push(await pushCommand(local, remote, i));
        acked++;
      }
    })();
    // Kill once the burst is well under way, while every writer is still writing.
    await waitFor(async () => acked >= 12, 30_000, 5);
    await kill();
    await Promise.all([favourites, votes, commands]);
    await local.close();
  }

  async function checkWrites() {
    // Commands interrupted between being stored and being applied are finished by the sweep worker.
    await waitFor(async () => {
      const rows = (await couch.nano.db.use<ReviewCommandDoc>(userDbName(author.id)).list({ include_docs: true })).rows;
      const pending = (await couch.nano.db.use(DB.commands).list()).rows.filter((r) => r.id.startsWith('pending:'));
      return !pending.length && rows.filter((r) => r.doc?.type === 'review-command').every((r) => r.doc?.status === 'published');
    }, 45_000, 500);
    const userDb = await serverRevs(userDbName(author.id));
    const favs = [...userDb.revs].filter(([id]) => id.startsWith('favorite:'));
    const lostFavs = favouritesWritten.filter((id) => !userDb.revs.has(id));
    // Written once each: a second revision would mean a retry was applied on top of the first.
    const rewrittenFavs = favs.filter(([, rev]) => !rev.startsWith('1-')).map(([id]) => id);

    const local = device();
    const onDevice = await localRevs(local);
    await local.close();
    const notPushed = [...onDevice.keys()].filter((id) => !userDb.revs.has(id));

    const votesDb = await serverRevs(DB.votes);
    const lostVotes = votesWritten.filter((v) => !votesDb.revs.has(helpfulVoteId(v.reviewId, v.userId)));
    // A public review names no account: the author's are the ones their private review slots name.
    const authored = new Set(await publishedReviewIdsOf(couch, author.id));
    const reviews = (await couch.nano.db.use<ReviewDoc>(DB.reviews).list({ include_docs: true })).rows.flatMap((r) =>
      r.doc?.type === 'review' && authored.has(r.doc._id) ? [r.doc] : [],
    );
    const wrongHelpful = reviews.filter((r) => (r.helpfulCount ?? 0) !== votesWritten.filter((v) => v.reviewId === r._id).length).map((r) => r._id);
    const expectedReviews = commandsWritten.map((id) => `review:${id.slice('review-command:'.length)}`).sort();
    const media = (await couch.nano.db.use(DB.media).list()).rows.filter((r) => r.id.startsWith('photo:'));

    figures.lost = lostFavs.length + notPushed.length + lostVotes.length + expectedReviews.filter((id) => !reviews.some((r) => r._id === id)).length;
    figures.duplicated =
      rewrittenFavs.length + Math.max(0, favs.length - favouritesWritten.length) + Math.max(0, reviews.length - expectedReviews.length) +
      Math.max(0, media.length - commandsWritten.length) + Math.max(0, votesDb.revs.size - votesWritten.length) + wrongHelpful.length + userDb.conflicted.length;
    expect({ lostFavs, notPushed, lostVotes, rewrittenFavs, wrongHelpful, conflicted: userDb.conflicted }).toEqual({
      lostFavs: [], notPushed: [], lostVotes: [], rewrittenFavs: [], wrongHelpful: [], conflicted: [],
    });
    expect(favs.length).toBe(favouritesWritten.length);
    expect(reviews.map((r) => r._id).sort()).toEqual(expectedReviews);
    expect(media.length).toBe(commandsWritten.length);
    expect(votesDb.revs.size).toBe(votesWritten.length);

    // The stats worker counted every review exactly once (and settles there).
    await waitFor(async () => {
      const res = await couch.nano.db.use<ReviewStatsDoc>(DB.reviews).fetch({ keys: reviewedListings.map(statsDocId) });
      const counted = res.rows.reduce((sum, r) => sum + ('doc' in r && r.doc ? r.doc.totalReviews : 0), 0);
      return counted === expectedReviews.length;
    }, 30_000, 250);
  }

  it('writes acknowledged around a store SIGKILL are all there, once', async () => {
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    await author.register('author');
    voters.push(await new Client().register('voterone'), await new Client().register('votertwo'));
    // Reviews to vote on, published before any fault.
    const local = device();
    const remote = author.remote<object>('me');
    for (let i = 0; i < 10; i++) commandsWritten.push(await pushCommand(local, remote, 100 + i));
    await local.close();
    publishedReviews = commandsWritten.map((id) => `review:${id.slice('review-command:'.length)}`);
    await waitFor(async () => (await couch.nano.db.use(DB.reviews).fetch({ keys: publishedReviews })).rows.every((r) => 'doc' in r && r.doc));

    await writeBurst('store', voters[0]!, killStore);
    await checkWrites();
  }, 150_000);

  it('writes acknowledged around a gateway SIGKILL are all there, once', async () => {
    await writeBurst('gateway', voters[1]!, killGateway);
    await checkWrites();
  }, 150_000);
});
