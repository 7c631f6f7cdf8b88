// The load run (issue 8): the whole stack on loopback, N simulated devices replicating live the way the web app
// does, search API traffic at a steady rate, and a few writes whose delivery to every device is timed and
// checked. Bounded in count and time; it stops everything it started. Used by `npm run load` (run.ts) and by
// tests/integration/load-smoke.test.ts.
//
// Why protocol-level devices rather than 200 PouchDB instances: measured on this 2-core machine, 200 Node
// PouchDB replicas (LevelDB; there is no memory adapter installed) pulling only /db/sanctuaries and
// /db/reviews from the snapshot's sequence took 12.7 s and 3.9 s of CPU in the load process to become live,
// before any of the work a real first sync does (writing every snapshot document into each local database)
// and without the two-way /db/me replications. That CPU is taken from the gateway and the store on the same
// two cores, so the figures would measure the load generator. replication.ts makes the same requests PouchDB
// makes (recorded from PouchDB 9 through the gateway) and keeps the device's documents in memory.
//
// HTTP: Node's fetch (undici) with its default dispatcher, which keeps no per-origin connection limit, so the
// long-held feeds (2-3 per device) never queue the other requests behind them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCouchClient } from '@ss/couchdb/client';
import { insertSanctuaries } from '@ss/couchdb/seed/load';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { GAZETTEER_FILES } from '@ss/domain/gazetteer';
import { defaultGazetteerDirs } from '../../sync-gateway/src/gazetteer.ts';
import { startLocalStore, type LocalStore } from '@ss/couchdb/store-choice';
import { startStack, type Stack } from '../stack.ts';
import { startStoreCounterProcess, type StoreCounter } from './store-counter.ts';
import { BROWSER_CONNECTIONS, DeviceHttp, RecordedFailure, clientAddress, closeDevicePools } from './http.ts';
import { Metrics, distribution, storeAnswersByKind, whileStarting, type Distribution } from './metrics.ts';
import { ProcessSampler, type ProcessFigures } from './proc.ts';
import { PublicReplica, UserReplica, readEarlierVisit, type EarlierVisit } from './replication.ts';
import { applyAndApprove, postReview, searchTraffic, type PublicWrite } from './traffic.ts';

export interface LoadOptions {
  /** Simulated devices replicating live. */
  clients: number;
  /** Length of the measured window. */
  seconds: number;
  /** Synthetic sanctuaries added to the default seed's. */
  sanctuaries: number;
  /** GET /api/sanctuaries/search per second, from anonymous API clients. */
  searchPerSecond: number;
  /** Share of devices signed in (two devices per account), which also replicate /db/me two-way. */
  signedInShare: number;
  /**
   * Devices that synced on an earlier visit (`--returning`): each public database's snapshot is read once before the
   * window and every device starts from it, following changes only. What a gateway serves most of the time, and the
   * only way to run 1,000 devices against 100k listings here: a first sync each would pull the whole directory 1,000
   * times over loopback.
   */
  returning: boolean;
  /** Mean time between a signed-in device's favourite toggles. */
  favoriteEveryMs: number;
  reviewEveryMs: number;
  /** 0 disables approvals (they also need the gazetteer: `npm run build`). */
  approvalEveryMs: number;
  log: (line: string) => void;
  /** Called when setup is done and the measured window begins (run.ts arms its hard deadline here). */
  onWindowStart?: () => void;
}

export const DEFAULT_LOAD_OPTIONS: LoadOptions = {
  clients: 200,
  seconds: 60,
  sanctuaries: 0,
  searchPerSecond: 20,
  signedInShare: 0.5,
  returning: false,
  favoriteEveryMs: 30_000,
  reviewEveryMs: 3_000,
  approvalEveryMs: 10_000,
  log: (line) => console.log(line),
};

export interface KindFigures extends Distribution {
  kind: string;
  errors: number;
}

export interface LoadReport {
  options: Omit<LoadOptions, 'log' | 'onWindowStart'>;
  /** Which store ran: the embedded PouchDB Server, or CouchDB from the shared release (--couchdb, SS_STORE=couchdb). */
  storeKind: 'embedded' | 'couchdb';
  setupMs: number;
  setup: { accounts: number; errors: number; messages: string[] };
  windowMs: number;
  /** After the window: feeds kept open until every change was delivered (at most DRAIN_MS). */
  drainMs: number;
  requests: number;
  throughput: number;
  /** Requests the gateway and the workers made to the store during the window (scripts/load/store-counter.ts). */
  store: {
    requests: number;
    perSecond: number;
    byKind: Array<{ kind: string; count: number }>;
    /** The store's time to its answers' headers (ms), by kind, for requests sent during the window; live feeds left out. */
    answers: Array<{ kind: string } & Distribution>;
  };
  kinds: KindFigures[];
  feeds: Array<{ kind: string; returned: number; held: Distribution; openAtEnd: number }>;
  errors: number;
  errorMessages: string[];
  propagation: Array<{ what: string } & Distribution>;
  /** Each review and approval: when it was sent (ms into the window), how long its answer took, its deliveries. */
  perWrite: Array<{ db: 'sanctuaries' | 'reviews'; atMs: number; answeredMs: number } & Distribution>;
  /** When the last device caught up with each database (ms into the window; null if one never did). */
  everyoneLiveMs: { sanctuaries: number | null; reviews: number | null; me: number | null };
  writes: { reviews: number; approvals: number; favorites: number };
  devicesLive: { sanctuaries: number; reviews: number; me: number; signedIn: number };
  processes: ProcessFigures[];
  /**
   * How late the load generator's own timers and I/O callbacks ran during the window (ms). Latencies above are timed
   * here: a generator running late adds its delay to each of them.
   */
  generatorLoopDelay: { p50: number; p99: number; max: number };
  /** The machine's 1-minute load average at the start, highest and at the end of the run, and its cores. */
  machine: { loadStart: number; loadMax: number; loadEnd: number; cores: number };
  counters: Record<string, number>;
  notes: string[];
}

const sleep = (ms: number, stop?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (stop?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    stop?.addEventListener('abort', done, { once: true });
  });

/** Runs `task` again after a failure, with PouchDB's back-off (retry: true), until `stop`. */
async function retrying(task: () => Promise<void>, stop: AbortSignal, metrics: Metrics, what: string): Promise<void> {
  let delay = 500;
  while (!stop.aborted) {
    try {
      await task();
      return;
    } catch (err) {
      // An HTTP failure is already recorded; anything else is a fault of its own.
      if (!(err instanceof RecordedFailure)) metrics.error(what, (err as Error).stack ?? String(err));
      await sleep(delay, stop);
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

/**
 * Names the long-running parts of a run, so that one still going when it should have ended can be reported
 * (with what its device is waiting for) instead of leaving the run hanging.
 */
class Tasks {
  private readonly pending = new Map<number, { name: string; describe: () => string }>();
  private next = 0;

  track<T>(name: string, task: Promise<T>, describe: () => string = () => ''): Promise<T> {
    const key = this.next++;
    this.pending.set(key, { name, describe });
    return task.finally(() => this.pending.delete(key));
  }

  /** Resolves when every tracked task has ended, or after `ms` with the names of those still going. */
  async settled(all: Promise<unknown>, ms: number): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([all.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)))]);
    clearTimeout(timer);
    return late ? [...this.pending.values()].map((t) => `${t.name}${t.describe() ? ` (${t.describe()})` : ''}`) : [];
  }
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const PASSWORD = 'load-run-password';
/** How long the feeds may run on after the window for the last changes to arrive. */
const DRAIN_MS = 15_000;
/** How long a write still in flight when the window closes may take to finish before the feeds close. */
const IN_FLIGHT_MS = 8_000;
/** Once the feeds are closed every task ends at once; one still going after this is reported as an error. */
const CLOSE_MS = 10_000;

/**
 * Changes acknowledged to their writer that some live device does not hold yet: a public write missing from a
 * device's replica, or a favourite whose last acknowledged revision the account's other device lacks.
 */
function undeliveredWrites(devices: readonly Device[], publicWrites: readonly PublicWrite[]): string[] {
  const missing: string[] = [];
  for (const d of devices) {
    for (const [name, live] of [['sanctuaries', d.sanctuaries.live], ['reviews', d.reviews.live], ['me', d.user ? d.user.live : true]] as const) {
      if (!live) missing.push(`device ${d.n} never caught up with /db/${name} (waiting for: ${d.http.describeInFlight()})`);
    }
  }
  for (const w of publicWrites) {
    for (const d of devices) if (d[w.db].live && !d[w.db].holds(w.id)) missing.push(`device ${d.n} lacks ${w.db}/${w.id} (waiting for: ${d.http.describeInFlight()})`);
  }
  for (const d of devices) {
    const partner = d.partner;
    if (!d.user || !partner?.user?.live) continue;
    const last = new Map(d.user.writes.map((w) => [w.id, w.rev]));
    for (const [id, rev] of last) {
      const has = partner.user.revOf(id);
      if (d.user.revOf(id) === rev && has !== rev) {
        missing.push(`device ${partner.n} has ${id} at ${has ?? 'no revision'}, its other device ${d.n} wrote ${rev} (waiting for: ${partner.http.describeInFlight()})`);
      }
    }
  }
  return missing;
}

interface Device {
  n: number;
  http: DeviceHttp;
  sanctuaries: PublicReplica;
  reviews: PublicReplica;
  user?: UserReplica;
  /** The device sharing its account, whose favourites it must receive. */
  partner?: Device;
  /** 0 or 1: which half of the favourite candidates this device toggles (the partner has the other). */
  parity: number;
}

/** How long setup may wait for the gateway's snapshots (a large directory is read first). */
const EARLIER_VISIT_WAIT_MS = 90_000;
async function readEarlierVisits(http: DeviceHttp): Promise<{ sanctuaries: EarlierVisit; reviews: EarlierVisit }> {
  const giveUpAt = performance.now() + EARLIER_VISIT_WAIT_MS;
  const [sanctuaries, reviews] = await Promise.all([readEarlierVisit(http, 'sanctuaries', giveUpAt), readEarlierVisit(http, 'reviews', giveUpAt)]);
  return { sanctuaries, reviews };
}

function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return work().finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

export async function runLoad(partial: Partial<LoadOptions> = {}): Promise<LoadReport> {
  const options: LoadOptions = { ...DEFAULT_LOAD_OPTIONS, ...partial };
  const { log } = options;
  const notes: string[] = [];
  const metrics = new Metrics();
  const setupMetrics = new Metrics();
  const setupStarted = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-load-'));
  const stackLines: string[] = [];
  let stack: Stack | undefined;
  let store: LocalStore | undefined;
  let counter: StoreCounter | undefined;
  try {
    // Loopback only, and the gateway trusts one proxy hop so each device's X-Forwarded-For is its address.
    // The store, then a counting pass-through in front of it that the gateway and the workers talk to, so the
    // report can give the store's requests per second beside the gateway's.
    const stackLog = (line: string) => (stackLines.push(line), log(`[stack] ${line}`));
    store = await startLocalStore({ dataDir, log: stackLog });
    log(`Store (${store.kind}) up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    counter = await startStoreCounterProcess(store.config);
    stack = await withEnv({ TRUST_PROXY: '1', HOST: '127.0.0.1' }, () => startStack({ port: 0, dataDir, couch: counter!.config, log: stackLog }));
    log(`Stack up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    const base = stack.url.replace('//localhost:', '//127.0.0.1:');
    const couch = createCouchClient(stack.couch);
    if (options.sanctuaries > 0) {
      const inserted = await insertSanctuaries(couch, syntheticSanctuaries(options.sanctuaries, 1));
      log(`Added ${inserted} synthetic sanctuaries`);
    }
    const seeded = (await couch.sanctuaries.list()).map((d) => d._id).sort();
    const candidates = seeded.slice(0, 20);
    const gazetteer = defaultGazetteerDirs(undefined).some((dir) => fs.existsSync(path.join(dir, GAZETTEER_FILES.places)));
    const approvalEveryMs = gazetteer ? options.approvalEveryMs : 0;
    if (!gazetteer && options.approvalEveryMs > 0) notes.push('Approvals skipped: no gazetteer assets (npm run build), so the gateway cannot place a new listing.');

    // Devices: the first `signedIn` are signed in, two per account (a phone and a laptop).
    const signedIn = Math.min(options.clients, Math.round(options.clients * options.signedInShare));
    const earlier = options.returning ? await readEarlierVisits(new DeviceHttp(base, clientAddress(60_200), setupMetrics)) : undefined;
    if (earlier) log(`Returning devices: they hold ${earlier.sanctuaries.revisions.size} listings and ${earlier.reviews.revisions.size} reviews from an earlier visit`);
    const devices: Device[] = Array.from({ length: options.clients }, (_, n) => {
      const http = new DeviceHttp(base, clientAddress(n + 1), metrics, { connections: BROWSER_CONNECTIONS });
      return {
        n,
        http,
        sanctuaries: new PublicReplica('sanctuaries', http, metrics, earlier?.sanctuaries),
        reviews: new PublicReplica('reviews', http, metrics, earlier?.reviews),
        parity: n % 2,
      };
    });
    const runTag = Date.now().toString(36);
    const accountOf = async (first: Device, second: Device | undefined, k: number) => {
      const email = `load.${runTag}.${k}@example.com`;
      const setupHttp = new DeviceHttp(base, first.http.address, setupMetrics);
      const res = await setupHttp.call('POST /api/auth/register', '/api/auth/register', {
        method: 'POST',
        body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Load', lastName: `Seeker ${lettersOf(k)}` },
        expect: [201],
      });
      const user = JSON.parse(res!.text) as { id: string };
      first.http.adoptSession(res!.headers);
      first.user = new UserReplica(first.http, metrics, user.id);
      if (!second) return user.id;
      const login = await new DeviceHttp(base, second.http.address, setupMetrics).call('POST /api/auth/login', '/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
      second.http.adoptSession(login!.headers);
      second.user = new UserReplica(second.http, metrics, user.id);
      first.partner = second;
      second.partner = first;
      return user.id;
    };
    const pairs = Array.from({ length: Math.ceil(signedIn / 2) }, (_, k) => k);
    // Writers: a few reviewers (who also apply for listings) and an administrator, each at its own address.
    const writers = Array.from({ length: 4 }, (_, k) => ({ http: new DeviceHttp(base, clientAddress(60_000 + k), metrics, { connections: BROWSER_CONNECTIONS }), id: '' }));
    const admin = new DeviceHttp(base, clientAddress(60_100), metrics, { connections: BROWSER_CONNECTIONS });
    const registerWriter = async (w: (typeof writers)[number], k: number) => {
      const res = await new DeviceHttp(base, w.http.address, setupMetrics).call('POST /api/auth/register', '/api/auth/register', {
        method: 'POST',
        body: { email: `writer.${runTag}.${k}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Load', lastName: 'Writer' },
        expect: [201],
      });
      w.http.adoptSession(res!.headers);
      w.id = (JSON.parse(res!.text) as { id: string }).id;
    };
    // Sign-ups and sign-ins hash passwords (scrypt): a few at a time is what two cores do best.
    const setupTasks: Array<() => Promise<unknown>> = [
      ...pairs.map((k) => () => accountOf(devices[2 * k]!, 2 * k + 1 < signedIn ? devices[2 * k + 1] : undefined, k)),
      ...writers.map((w, k) => () => registerWriter(w, k)),
    ];
    await pool(setupTasks, 4, async (task) => {
      try {
        await task();
      } catch (err) {
        if (!(err instanceof RecordedFailure)) setupMetrics.error('setup', String(err));
      }
    });
    if (approvalEveryMs > 0) {
      const email = `admin.${runTag}@example.com`;
      await createOrPromoteAdmin(couch, createUsers(couch), { email, password: PASSWORD });
      const res = await new DeviceHttp(base, admin.address, setupMetrics).call('POST /api/auth/login', '/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
      admin.adoptSession(res!.headers);
    }
    if (setupMetrics.errors) throw new Error(`setup failed: ${setupMetrics.errorMessages.join('; ')}`);
    const setupMs = performance.now() - setupStarted;
    log(`Set up in ${(setupMs / 1000).toFixed(1)} s: ${stack.url}, ${seeded.length} sanctuaries, ${pairs.length} accounts for ${signedIn} signed-in devices, ${writers.length} writers${approvalEveryMs ? ' and an administrator' : ''}`);

    // ---- The measured window ----
    const samplers = [
      new ProcessSampler('gateway', () => stack!.gatewayPid()),
      new ProcessSampler('store', () => store?.pid()),
      new ProcessSampler('load generator', () => process.pid),
      new ProcessSampler('store counter', () => counter?.pid?.()),
    ];
    for (const s of samplers) s.start();
    const LOOP_SAMPLE_MS = 10;
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
    loopDelay.enable();
    // Other work on the machine slows everything here; the report says how busy it was.
    const loadAverages = [os.loadavg()[0]!];
    const loadTimer = setInterval(() => loadAverages.push(os.loadavg()[0]!), 5000);
    options.onWindowStart?.();
    const storeAtStart = await counter.snapshot();
    const windowMs = options.seconds * 1000;
    const rampMs = Math.min(20_000, windowMs * 0.3);
    // Traffic (searches, writes, favourite toggles) stops at the end of the window; the devices' feeds run on
    // until every change written has reached every device (or DRAIN_MS passes), then they are closed too.
    const traffic = new AbortController();
    const feeds = new AbortController();
    // Every device's requests listen to these signals.
    setMaxListeners(0, traffic.signal);
    setMaxListeners(0, feeds.signal);
    const started = performance.now();
    const startedAtEpoch = Date.now();
    const windowTimer = setTimeout(() => traffic.abort(), windowMs);
    log(`Load: ${options.clients} devices (${signedIn} signed in) for ${options.seconds} s, ${options.searchPerSecond} searches/s`);

    const tracked = new Tasks();
    const runDevice = async (d: Device) => {
      await sleep((d.n / options.clients) * rampMs, feeds.signal);
      if (feeds.signal.aborted) return;
      // The app asks who is signed in at start (401 for visitors).
      await retrying(async () => void (await d.http.call('GET /api/auth/user', '/api/auth/user', { expect: [d.user ? 200 : 401], signal: feeds.signal })), feeds.signal, metrics, 'device');
      const waiting = () => d.http.describeInFlight();
      const tasks = [
        tracked.track(`device ${d.n}: sanctuaries replica`, retrying(() => d.sanctuaries.run(feeds.signal), feeds.signal, metrics, 'sanctuaries replica'), waiting),
        tracked.track(`device ${d.n}: reviews replica`, retrying(() => d.reviews.run(feeds.signal), feeds.signal, metrics, 'reviews replica'), waiting),
      ];
      const user = d.user;
      if (user) {
        tasks.push(tracked.track(`device ${d.n}: user replica (pull)`, retrying(() => user.runPull(feeds.signal), feeds.signal, metrics, 'user replica (pull)'), waiting));
        tasks.push(tracked.track(`device ${d.n}: user replica (push)`, retrying(() => user.runPush(feeds.signal), feeds.signal, metrics, 'user replica (push)'), waiting));
        tasks.push(
          tracked.track(`device ${d.n}: favourites`, (async () => {
            const mine = candidates.filter((_, i) => i % 2 === d.parity);
            // The first heart once the device is in sync, then one now and then, until the window ends.
            while (!user.live && !traffic.signal.aborted) await sleep(100, traffic.signal);
            for (let i = 0; !traffic.signal.aborted && mine.length; i++) {
              user.toggleFavorite(mine[(d.n + i) % mine.length]!);
              await sleep(options.favoriteEveryMs * (0.5 + Math.random()), traffic.signal);
            }
          })()),
        );
      }
      await Promise.all(tasks);
    };

    const publicWrites: PublicWrite[] = [];
    let approvalSentAt = 0;
    const everyUntil = async (everyMs: number, work: (n: number) => Promise<void>) => {
      if (everyMs <= 0) return;
      await sleep(rampMs / 2, traffic.signal);
      for (let n = 0; !traffic.signal.aborted; n++) {
        const t = performance.now();
        try {
          await work(n);
        } catch (err) {
          if (!(err instanceof RecordedFailure)) metrics.error('writer', (err as Error).message);
        }
        await sleep(everyMs - (performance.now() - t), traffic.signal);
      }
    };
    const writerTasks = [
      tracked.track('reviews writer', everyUntil(options.reviewEveryMs, async (n) => {
        const sentAt = performance.now();
        // One review per user and listing: review n is of listing n, by the writer whose turn that listing is.
        const writer = writers[Math.floor(n / seeded.length) % writers.length]!;
        const id = await postReview(writer.http, seeded[n % seeded.length]!, n, feeds.signal);
        if (id) publicWrites.push({ db: 'reviews', id, sentAt, ackAt: performance.now() });
      }), () => writers.map((w) => w.http.describeInFlight()).join('; ')),
      tracked.track('approvals writer', everyUntil(approvalEveryMs, async (n) => {
        const w = writers[n % writers.length]!;
        // Timed from the administrator's approval: the application before it is the applicant's part.
        const id = await applyAndApprove(w.http, w.id, admin, n, feeds.signal, () => (approvalSentAt = performance.now()));
        if (id) publicWrites.push({ db: 'sanctuaries', id, sentAt: approvalSentAt, ackAt: performance.now() });
      }), () => [...writers.map((w) => w.http.describeInFlight()), admin.describeInFlight()].join('; ')),
    ];
    let undelivered: string[] = [];
    const drained = (async () => {
      await sleep(windowMs, feeds.signal);
      const drainStarted = performance.now();
      // A write still in flight when the window closes (a slow approval on a busy machine) finishes and is counted
      // before the feeds are closed: otherwise closing them would cut it off, and the run would report it unsent.
      await Promise.race([Promise.all(writerTasks), sleep(IN_FLIGHT_MS, feeds.signal)]);
      log(`Window over; writes in flight settled in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s`);
      while ((undelivered = undeliveredWrites(devices, publicWrites)).length && performance.now() - drainStarted < DRAIN_MS) await sleep(200);
      log(`Drained in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s (${undelivered.length} writes not yet on every device); closing the feeds`);
      feeds.abort();
    })();
    // The store's own latency, bypassing the gateway: tells the gateway's share from the store's.
    const storeProbe = tracked.track('store probe', (async () => {
      const auth = `Basic ${Buffer.from(`${stack!.couch.username ?? ''}:${stack!.couch.password ?? ''}`).toString('base64')}`;
      const url = `${stack!.couch.url.replace(/\/$/, '')}/sanctuaries`;
      while (!feeds.signal.aborted) {
        const t = performance.now();
        try {
          const res = await fetch(url, { headers: { authorization: auth }, signal: feeds.signal });
          await res.text();
          if (res.ok) metrics.record('store: GET /sanctuaries (direct, once a second)', performance.now() - t);
          else metrics.error('store probe', `answered ${res.status}`);
        } catch (err) {
          if (!feeds.signal.aborted) metrics.error('store probe', String(err));
        }
        await sleep(1000 - (performance.now() - t), feeds.signal);
      }
    })());
    let searchN = 0;
    const running = Promise.all([
      ...devices.map(runDevice),
      ...writerTasks,
      storeProbe,
      tracked.track('search traffic', searchTraffic({ perSecond: options.searchPerSecond, stop: traffic.signal, metrics, http: () => new DeviceHttp(base, clientAddress(100_000 + (searchN++ % 50_000)), metrics) })),
    ]);
    await sleep(windowMs);
    const windowRequests = metrics.completedRequests();
    const storeAtEnd = await counter.snapshot();
    await drained;
    for (const task of await tracked.settled(running, CLOSE_MS)) metrics.error('run', `${task}: still going ${CLOSE_MS / 1000} s after the feeds were closed`);
    clearTimeout(windowTimer);
    const elapsed = performance.now() - started;
    const processes = samplers.map((s) => s.stop());
    loopDelay.disable();
    // The histogram holds the time between samples; the delay is what exceeds the sampling interval.
    const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
    const generatorLoopDelay = { p50: late(loopDelay.percentile(50)), p99: late(loopDelay.percentile(99)), max: late(loopDelay.max) };
    clearInterval(loadTimer);
    loadAverages.push(os.loadavg()[0]!);
    for (const s of samplers) if (s.restarted) metrics.error('stack', `the ${s.name} process was restarted during the run`);
    for (const line of stackLines) if (/exited|restarting/.test(line)) metrics.error('stack', line);

    // ---- Did every device get every change? ----
    // From the moment the write was sent: a device often has the change before the writer has its answer.
    // Changes written while devices were still coming online (the ramp, then each one's first sync) are reported
    // apart from those written once every device was live: the start-up storm is a different load from 1,000 live
    // devices, and issue 16's bound is for the latter (both rows are printed).
    const perWrite: LoadReport['perWrite'] = [];
    const allLiveAt = (of: (d: Device) => { liveAt: number | undefined } | undefined) => {
      const times = devices.map(of).filter((r) => r !== undefined).map((r) => r.liveAt ?? Infinity);
      return times.length ? Math.max(...times) : Infinity;
    };
    const everyoneLive = { sanctuaries: allLiveAt((d) => d.sanctuaries), reviews: allLiveAt((d) => d.reviews), me: allLiveAt((d) => d.user) };
    const rowFor = (what: string, sentAt: number, db: keyof typeof everyoneLive) => (sentAt >= everyoneLive[db] ? what : whileStarting(what));
    for (const w of publicWrites) {
      const what = rowFor(w.db === 'reviews' ? 'review posted → on every device (/db/reviews)' : 'listing approved → on every device (/db/sanctuaries)', w.sentAt, w.db);
      const delays: number[] = [];
      for (const d of devices) {
        const at = d[w.db].delivered.get(w.id);
        if (at === undefined) continue;
        metrics.recordPropagation(what, at - w.sentAt);
        delays.push(at - w.sentAt);
        if (at < w.ackAt) metrics.count(`${what}: deliveries before the write was answered`);
      }
      perWrite.push({ db: w.db, atMs: w.sentAt - started, answeredMs: w.ackAt - w.sentAt, ...distribution(delays) });
    }
    let favoriteWrites = 0;
    for (const d of devices) {
      favoriteWrites += d.user?.writes.length ?? 0;
      const partner = d.partner?.user;
      if (!d.user || !partner) continue;
      const what = "favourite pushed → on the account's other device (/db/me)";
      for (const w of d.user.writes) {
        const at = partner.received.get(`${w.id}@${w.rev}`);
        if (at === undefined) continue;
        metrics.recordPropagation(rowFor(what, w.sentAt, 'me'), at - w.sentAt);
        if (at < w.ackAt) metrics.count(`${what}: deliveries before the write was answered`);
      }
    }
    for (const miss of undelivered) metrics.error('delivery', `${miss} (${(DRAIN_MS / 1000).toFixed(0)} s after the window)`);
    const live = (pick: (d: Device) => boolean) => devices.filter(pick).length;
    const devicesLive = { sanctuaries: live((d) => d.sanctuaries.live), reviews: live((d) => d.reviews.live), me: live((d) => d.user?.live === true), signedIn };

    const kinds: KindFigures[] = [...new Set([...metrics.latency.keys(), ...metrics.errorsByKind.keys()])]
      .filter((k) => !k.startsWith('longpoll'))
      .sort()
      .map((kind) => ({ kind, errors: metrics.errorsByKind.get(kind) ?? 0, ...distribution(metrics.latency.get(kind) ?? []) }));
    const feedFigures = [...new Set([...metrics.held.keys(), ...metrics.openAtEnd.keys()])].sort().map((kind) => ({
      kind,
      returned: metrics.held.get(kind)?.length ?? 0,
      held: distribution(metrics.held.get(kind) ?? []),
      openAtEnd: metrics.openAtEnd.get(kind) ?? 0,
    }));
    const requests = metrics.completedRequests();
    const { log: _log, onWindowStart: _onWindowStart, ...shown } = options;
    return {
      options: { ...shown, approvalEveryMs },
      storeKind: store!.kind,
      setupMs,
      setup: { accounts: pairs.length + writers.length, errors: setupMetrics.errors, messages: setupMetrics.errorMessages },
      windowMs,
      drainMs: elapsed - windowMs,
      requests,
      throughput: windowRequests / (windowMs / 1000),
      store: {
        requests: storeAtEnd.total - storeAtStart.total,
        perSecond: (storeAtEnd.total - storeAtStart.total) / (windowMs / 1000),
        byKind: [...storeAtEnd.byKind]
          .map(([kind, n]) => ({ kind, count: n - (storeAtStart.byKind.get(kind) ?? 0) }))
          .filter((k) => k.count > 0)
          .sort((a, b) => b.count - a.count),
        answers: storeAnswersByKind(storeAtEnd.answers, startedAtEpoch, startedAtEpoch + windowMs),
      },
      kinds,
      feeds: feedFigures,
      errors: metrics.errors,
      errorMessages: metrics.errorMessages,
      propagation: [...metrics.propagation.entries()].map(([what, samples]) => ({ what, ...distribution(samples) })),
      perWrite,
      everyoneLiveMs: Object.fromEntries(Object.entries(everyoneLive).map(([db, at]) => [db, Number.isFinite(at) ? at - started : null])) as LoadReport['everyoneLiveMs'],
      writes: { reviews: publicWrites.filter((w) => w.db === 'reviews').length, approvals: publicWrites.filter((w) => w.db === 'sanctuaries').length, favorites: favoriteWrites },
      devicesLive,
      processes,
      generatorLoopDelay,
      machine: { loadStart: loadAverages[0]!, loadMax: Math.max(...loadAverages), loadEnd: loadAverages[loadAverages.length - 1]!, cores: os.availableParallelism() },
      counters: Object.fromEntries(metrics.counters),
      notes,
    };
  } finally {
    const stopping = performance.now();
    await closeDevicePools();
    await stack?.stop();
    await counter?.stop();
    await store?.stop();
    log(`Stopped the stack and the store in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A number as letters (0 → a, 26 → ba): names hold letters only (domain/src/names.ts). */
function lettersOf(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}
