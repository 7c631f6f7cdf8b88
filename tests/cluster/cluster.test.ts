/// <reference types="pouchdb-core" />
/// <reference types="pouchdb-replication" />
// The product on a three-node CouchDB cluster (n=3, q=2), as production may run it. The gateway and the workers
// talk to node 1; a device pulls the directory while it writes favourites and review commands; node 2 is
// SIGKILLed in the middle of both. Then the stack is moved to node 3 (node 1's gateway stopped, a new one started on
// the same address against node 3), the device writes more and pulls again. Nothing acknowledged may be lost or
// applied twice, the device must end with exactly the cluster's documents, and the workers must carry on.
// Runs in the CouchDB leg of `npm test` only (vitest project "cluster").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDBModule from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createCouchClient, type CouchClient } from '@ss/couchdb/client';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { startCouchdbCluster, type CouchdbCluster } from '@ss/couchdb/release/couchdb-node';
import { publishedReviewIdsOf } from '@ss/couchdb/review-commands';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { newFavorite } from '@ss/domain/favorite';
import { statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { startStack, type Stack } from '../../scripts/stack.ts';
import { waitFor as waitUntil } from '../../couchdb/tests/integration/store-fixture.ts';
import { DeviceClient, untilAcked as untilAckedBy } from '../integration/device-client.ts';

const PouchDB = PouchDBModule as unknown as PouchDB.Static;
const SYNTHETIC = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tmp: string;
let cluster: CouchdbCluster;
let stack: Stack;
const stackLog: string[] = [];

/** The fixtures' waitFor with this suite's patience; `what` names the wait if it times out. */
const waitFor = <T,>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 200) => waitUntil(check, timeoutMs, everyMs, what);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-cluster-'));
  cluster = await startCouchdbCluster({ dataDir: path.join(tmp, 'cluster') });
  stack = await startStack({ port: 0, dataDir: path.join(tmp, 'stack'), couch: cluster.nodes[0]!, log: (l) => stackLog.push(l) });
  const couch = createCouchClient(cluster.nodes[0]!);
  const docs = syntheticSanctuaries(SYNTHETIC);
  for (let i = 0; i < docs.length; i += 500) await couch.nano.db.use(DB.sanctuaries).bulk({ docs: docs.slice(i, i + 500) });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await cluster?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a three-node CouchDB cluster', () => {
  it('loses and duplicates nothing when a node dies mid-write and mid-replication and the gateway moves to another node', async () => {
    const started = Date.now();
    const device = new DeviceClient(() => stack.url);
    await device.register('cluster');
    const local = new PouchDB(path.join(tmp, 'device-sanctuaries'));
    const localMe = new PouchDB<object>(path.join(tmp, 'device-me'));
    const figures = { acknowledged: 0, retried: 0, killedAtPull: 0, killedAtWrite: 0, resumeRead: 0 };

    /** While a node is down or the gateway moves, any 5xx may come and go. */
    async function untilAcked(op: () => Promise<Response>, ok: (s: number) => boolean) {
      const retries = await untilAckedBy(op, ok, (s) => s >= 500, 200);
      figures.acknowledged++;
      if (retries > 0) figures.retried++;
    }
    const favourites: string[] = [];
    const commands: string[] = [];
    let listing = 0;
    // A failure says where the run was and what the gateway and workers last printed.
    onTestFailed(() => {
      console.error(`cluster: failed after ${((Date.now() - started) / 1000).toFixed(1)} s; figures ${JSON.stringify(figures)}; ${favourites.length} favourites, ${commands.length} commands acknowledged`);
      console.error(`cluster: the stack's last ${Math.min(60, stackLog.length)} log lines:\n${stackLog.slice(-60).join('\n')}`);
    });
    async function writeFavourite() {
      const sid = `synthetic-${String(++listing).padStart(6, '0')}`;
      await untilAcked(() => device.request('PUT', `/db/me/favorite:${sid}`, newFavorite(sid, device.id)), (s) => s === 201);
      favourites.push(`favorite:${sid}`);
    }
    async function pushCommand(i: number) {
      const sid = `synthetic-${String(1000 + i).padStart(6, '0')}`;
      const cmd = newReviewCommand({ ownerId: device.id, sanctuaryId: sid, rating: 1 + (i % 5), title: '', comment: `Cluster visit ${i}`, visitDate: '' });
      await localMe.put(cmd as never);
      for (let attempt = 0; ; attempt++) {
        const res = await localMe.replicate.to(device.remote<object>('me'), { doc_ids: [cmd._id] }).catch(() => undefined);
        if (res?.ok && !res.errors.length) {
          figures.acknowledged++;
          if (attempt > 0) figures.retried++;
          commands.push(cmd._id);
          return;
        }
        await sleep(300);
      }
    }

    // 1. Node 2 dies while the device pulls the directory and writes.
    let pulled = 0;
    const pull = local.replicate.from(device.remote('sanctuaries'), { batch_size: 100, batches_limit: 1 });
    pull.on('change', (info) => (pulled = info.docs_written));
    let writes = 0;
    const writing = (async () => {
      for (let i = 0; i < 30; i++) {
        await writeFavourite();
        if (i % 6 === 0) await pushCommand(i);
        writes++;
      }
    })();
    await waitFor(`30 % of the pull (at ${SYNTHETIC * 0.3}) and 8 writes`, async () => pulled >= SYNTHETIC * 0.3 && writes >= 8, 120_000, 20);
    figures.killedAtPull = pulled;
    figures.killedAtWrite = writes;
    process.kill(cluster.pid(1)!, 'SIGKILL');
    await waitFor('node 2 to stop answering', async () => !(await fetch(`${cluster.nodes[1]!.url}/_up`).then((r) => r.ok, () => false)), 10_000, 50);
    await writing;
    // A request caught at the moment the node dies may fail ("nodedown: progress not possible") until the cluster
    // notices; a device retries, resuming from its checkpoint, as the app's live replication does.
    let pullRetries = 0;
    let first = await pull.then((r) => r, () => null);
    while (!first?.ok && pullRetries < 5) {
      pullRetries++;
      await sleep(1000);
      first = await local.replicate.from(device.remote('sanctuaries'), { batch_size: 100 }).then((r) => r, () => null);
    }
    expect(first?.ok).toBe(true);

    // 2. The stack moves to node 3 on the same address; the device carries on against it.
    const port = Number(new URL(stack.url).port);
    await stack.stop();
    stack = await startStack({ port, dataDir: path.join(tmp, 'stack'), couch: cluster.nodes[2]!, seed: false, log: (l) => stackLog.push(l) });
    const couch: CouchClient = createCouchClient(cluster.nodes[2]!);
    // New listings appear on node 3 after the move; the device's next pull must bring them too.
    await couch.nano.db.use(DB.sanctuaries).bulk({ docs: syntheticSanctuaries(SYNTHETIC + 50).slice(SYNTHETIC) });
    for (let i = 30; i < 40; i++) {
      await writeFavourite();
      if (i % 5 === 0) await pushCommand(i);
    }
    const second = await local.replicate.from(device.remote('sanctuaries'), { batch_size: 100 });
    expect(second.ok).toBe(true);
    figures.resumeRead = second.docs_read;

    // Nothing acknowledged lost, nothing applied twice: favourites written once (revision 1), commands published once.
    const mine = await couch.nano.db.use(userDbName(device.id)).list({ include_docs: true, conflicts: true } as never);
    const revs = new Map(mine.rows.map((r) => [r.id, r.value.rev]));
    expect(favourites.filter((id) => !revs.has(id)), 'lost favourites').toEqual([]);
    expect(favourites.filter((id) => !revs.get(id)!.startsWith('1-')), 'favourites written twice').toEqual([]);
    expect(mine.rows.filter((r) => (r.doc as { _conflicts?: string[] })._conflicts?.length).map((r) => r.id), 'conflicts').toEqual([]);
    await waitFor('every review command to be published', async () => {
      const rows = (await couch.nano.db.use<ReviewCommandDoc>(userDbName(device.id)).fetch({ keys: commands })).rows;
      return rows.every((r) => 'doc' in r && r.doc?.status === 'published');
    }, 60_000, 500);
    const published = await publishedReviewIdsOf(couch, device.id);
    expect(published.sort()).toEqual(commands.map((id) => `review:${id.slice('review-command:'.length)}`).sort());

    // The device holds exactly the cluster's listings, at their current revisions.
    const server = await couch.nano.db.use(DB.sanctuaries).list();
    const onServer = new Map(server.rows.filter((r) => !r.id.startsWith('_design/')).map((r) => [r.id, r.value.rev]));
    const onDevice = new Map((await local.allDocs()).rows.map((r) => [r.id, r.value.rev]));
    expect(onDevice.size).toBe(onServer.size);
    expect([...onServer].filter(([id, rev]) => onDevice.get(id) !== rev).map(([id]) => id)).toEqual([]);

    // The workers, now on node 3, count every published review once.
    const reviews = (await couch.nano.db.use<ReviewDoc>(DB.reviews).fetch({ keys: published })).rows.flatMap((r) => ('doc' in r && r.doc ? [r.doc] : []));
    expect(reviews).toHaveLength(commands.length);
    let statsSeen = '';
    onTestFailed(async () => {
      // Each listing's figures as the store holds them, with any conflicting revisions, and what the view counts.
      for (const r of reviews) {
        const id = statsDocId(r.sanctuaryId);
        const doc = await couch.nano.db.use<ReviewStatsDoc>(DB.reviews).get(id, { conflicts: true }).catch((e: Error) => e.message);
        const view = await couch.nano.db.use(DB.reviews).view('reviews', 'by_sanctuary', { startkey: [r.sanctuaryId], endkey: [r.sanctuaryId, {}], reduce: true }).catch((e: Error) => e.message);
        console.error(`cluster: ${r._id} (${r._rev}${r.hidden ? ', hidden' : ''}) → ${JSON.stringify(doc)}; view ${JSON.stringify(view)}`);
      }
      console.error(`cluster: the figures last seen: ${statsSeen}`);
    });
    await waitFor('the workers to count each review once', async () => {
      const stats = await couch.nano.db.use<ReviewStatsDoc>(DB.reviews).fetch({ keys: reviews.map((r) => statsDocId(r.sanctuaryId)) });
      statsSeen = stats.rows.map((r) => `${r.key}: ${'doc' in r && r.doc ? `${r.doc.totalReviews} (${r.doc._rev})` : 'missing'}`).join(', ');
      return stats.rows.every((r) => 'doc' in r && r.doc && r.doc.totalReviews === 1);
    }, 60_000, 500);

    console.log(
      `cluster: 3 nodes (n=3, q=2); node 2 SIGKILLed at ${figures.killedAtPull} of ${SYNTHETIC} documents pulled and ${figures.killedAtWrite} of 30 writes; ` +
        `gateway and workers moved from node 1 to node 3; ${figures.acknowledged} acknowledged writes (${figures.retried} retried), 0 lost, 0 duplicated; ` +
        `device converged on ${onServer.size} listings (resume read ${figures.resumeRead}; pull retried ${pullRetries} times after the kill); ${commands.length} review commands published once and counted by the workers; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await local.close();
    await localMe.close();
  }, 300_000);
});
