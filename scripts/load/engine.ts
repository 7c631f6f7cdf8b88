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
import { createCouchClient } from '@ss/couchdb/client';
import { insertSanctuaries } from '@ss/couchdb/seed/load';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import { GAZETTEER_FILES } from '@ss/domain/gazetteer';
import { defaultGazetteerDirs } from '../../sync-gateway/src/gazetteer.ts';
import { startStack, type Stack } from '../stack.ts';
import { DeviceHttp, RecordedFailure, clientAddress } from './http.ts';
import { Metrics, distribution, type Distribution } from './metrics.ts';
import { ProcessSampler, type ProcessFigures } from './proc.ts';
import { PublicReplica, UserReplica } from './replication.ts';
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
  favoriteEveryMs: 15_000,
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
  setupMs: number;
  setup: { accounts: number; errors: number; messages: string[] };
  windowMs: number;
  requests: number;
  throughput: number;
  kinds: KindFigures[];
  feeds: Array<{ kind: string; returned: number; held: Distribution; openAtEnd: number }>;
  errors: number;
  errorMessages: string[];
  propagation: Array<{ what: string } & Distribution>;
  writes: { reviews: number; approvals: number; favorites: number };
  devicesLive: { sanctuaries: number; reviews: number; me: number; signedIn: number };
  processes: ProcessFigures[];
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
  try {
    // Loopback only, and the gateway trusts one proxy hop so each device's X-Forwarded-For is its address.
    stack = await withEnv({ TRUST_PROXY: '1', HOST: '127.0.0.1' }, () =>
      startStack({ port: 0, dataDir, log: (line) => (stackLines.push(line), log(`[stack] ${line}`)) }),
    );
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
    const devices: Device[] = Array.from({ length: options.clients }, (_, n) => {
      const http = new DeviceHttp(base, clientAddress(n + 1), metrics);
      return { n, http, sanctuaries: new PublicReplica('sanctuaries', http, metrics), reviews: new PublicReplica('reviews', http, metrics), parity: n % 2 };
    });
    const runTag = Date.now().toString(36);
    const accountOf = async (first: Device, second: Device | undefined, k: number) => {
      const email = `load.${runTag}.${k}@example.com`;
      const setupHttp = new DeviceHttp(base, first.http.address, setupMetrics);
      const res = await setupHttp.call('POST /api/auth/register', '/api/auth/register', {
        method: 'POST',
        body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Load', lastName: `Seeker ${k}` },
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
    const writers = Array.from({ length: 4 }, (_, k) => ({ http: new DeviceHttp(base, clientAddress(60_000 + k), metrics), id: '' }));
    const admin = new DeviceHttp(base, clientAddress(60_100), metrics);
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
      new ProcessSampler('store', () => stack!.store?.pid()),
      new ProcessSampler('load generator', () => process.pid),
    ];
    for (const s of samplers) s.start();
    options.onWindowStart?.();
    const windowMs = options.seconds * 1000;
    const rampMs = Math.min(10_000, windowMs * 0.2);
    const settleMs = Math.min(5_000, windowMs * 0.3);
    const stop = new AbortController();
    // Every device's requests listen to this one signal.
    setMaxListeners(0, stop.signal);
    const started = performance.now();
    const writesEnd = started + windowMs - settleMs;
    const deadline = setTimeout(() => stop.abort(), windowMs);
    log(`Load: ${options.clients} devices (${signedIn} signed in) for ${options.seconds} s, ${options.searchPerSecond} searches/s`);

    const runDevice = async (d: Device) => {
      await sleep((d.n / options.clients) * rampMs, stop.signal);
      if (stop.signal.aborted) return;
      // The app asks who is signed in at start (401 for visitors).
      await retrying(async () => void (await d.http.call('GET /api/auth/user', '/api/auth/user', { expect: [d.user ? 200 : 401], signal: stop.signal })), stop.signal, metrics, 'device');
      const tasks = [
        retrying(() => d.sanctuaries.run(stop.signal), stop.signal, metrics, 'sanctuaries replica'),
        retrying(() => d.reviews.run(stop.signal), stop.signal, metrics, 'reviews replica'),
      ];
      const user = d.user;
      if (user) {
        tasks.push(retrying(() => user.runPull(stop.signal), stop.signal, metrics, 'user replica (pull)'));
        tasks.push(retrying(() => user.runPush(stop.signal), stop.signal, metrics, 'user replica (push)'));
        tasks.push(
          (async () => {
            const mine = candidates.filter((_, i) => i % 2 === d.parity);
            for (let i = 0; ; i++) {
              await sleep(options.favoriteEveryMs * (0.5 + Math.random()), stop.signal);
              if (stop.signal.aborted || performance.now() > writesEnd) return;
              if (user.live && mine.length) user.toggleFavorite(mine[(d.n + i) % mine.length]!);
            }
          })(),
        );
      }
      await Promise.all(tasks);
    };

    const publicWrites: PublicWrite[] = [];
    let approvalSentAt = 0;
    const everyUntil = async (everyMs: number, work: (n: number) => Promise<void>) => {
      if (everyMs <= 0) return;
      await sleep(rampMs / 2, stop.signal);
      for (let n = 0; performance.now() + 0 < writesEnd && !stop.signal.aborted; n++) {
        const t = performance.now();
        try {
          await work(n);
        } catch (err) {
          if (!(err instanceof RecordedFailure)) metrics.error('writer', (err as Error).message);
        }
        await sleep(everyMs - (performance.now() - t), stop.signal);
      }
    };
    const writerTasks = [
      everyUntil(options.reviewEveryMs, async (n) => {
        const sentAt = performance.now();
        const id = await postReview(writers[n % writers.length]!.http, candidates[(n * 3) % candidates.length]!, n);
        publicWrites.push({ db: 'reviews', id, sentAt, ackAt: performance.now() });
      }),
      everyUntil(approvalEveryMs, async (n) => {
        const w = writers[n % writers.length]!;
        // Timed from the administrator's approval: the application before it is the applicant's part.
        const id = await applyAndApprove(w.http, w.id, admin, n, () => (approvalSentAt = performance.now()));
        publicWrites.push({ db: 'sanctuaries', id, sentAt: approvalSentAt, ackAt: performance.now() });
      }),
    ];
    let searchN = 0;
    await Promise.all([
      ...devices.map(runDevice),
      ...writerTasks,
      searchTraffic({ perSecond: options.searchPerSecond, stop: stop.signal, metrics, http: () => new DeviceHttp(base, clientAddress(100_000 + (searchN++ % 50_000)), metrics) }),
    ]);
    clearTimeout(deadline);
    const elapsed = performance.now() - started;
    const processes = samplers.map((s) => s.stop());
    for (const s of samplers) if (s.restarted) metrics.error('stack', `the ${s.name} process was restarted during the run`);
    for (const line of stackLines) if (/exited|restarting/.test(line)) metrics.error('stack', line);

    // ---- Did every device get every change? ----
    const checkedUntil = started + windowMs - settleMs / 2;
    // From the moment the write was sent: a device often has the change before the writer has its answer.
    const delivered = (what: string, at: number, w: { sentAt: number; ackAt: number }) => {
      metrics.recordPropagation(what, at - w.sentAt);
      if (at < w.ackAt) metrics.count(`${what}: deliveries before the write was answered`);
    };
    for (const w of publicWrites) {
      for (const d of devices) {
        const replica = d[w.db];
        if (!replica.live) continue;
        const at = replica.delivered.get(w.id);
        if (at !== undefined) delivered(w.db === 'reviews' ? 'review posted → on every device (/db/reviews)' : 'listing approved → on every device (/db/sanctuaries)', at, w);
        else if (!replica.holds(w.id) && w.ackAt < checkedUntil) metrics.error(`delivery ${w.db}`, `device ${d.n} never received ${w.id}`);
      }
    }
    let favoriteWrites = 0;
    for (const d of devices) {
      if (!d.user) continue;
      favoriteWrites += d.user.writes.length;
      const partner = d.partner?.user;
      if (!partner?.live) continue;
      const lastAcked = new Map<string, { rev: string; ackAt: number }>();
      for (const w of d.user.writes) {
        lastAcked.set(w.id, w);
        const at = partner.received.get(`${w.id}@${w.rev}`);
        if (at !== undefined) delivered("favourite pushed → on the account's other device (/db/me)", at, w);
      }
      for (const [id, w] of lastAcked) {
        if (w.ackAt < checkedUntil && d.user.revOf(id) === w.rev && partner.revOf(id) !== w.rev) {
          metrics.error('delivery /db/me', `device ${d.partner!.n} has ${id} at ${partner.revOf(id) ?? 'no revision'}, its other device wrote ${w.rev}`);
        }
      }
    }
    const live = (pick: (d: Device) => boolean) => devices.filter(pick).length;
    const devicesLive = { sanctuaries: live((d) => d.sanctuaries.live), reviews: live((d) => d.reviews.live), me: live((d) => d.user?.live === true), signedIn };
    for (const [name, n, of] of [['sanctuaries', devicesLive.sanctuaries, options.clients], ['reviews', devicesLive.reviews, options.clients], ['me', devicesLive.me, signedIn]] as const) {
      if (n < of) metrics.error('devices', `${of - n} of ${of} devices never caught up with /db/${name} during the run`);
    }

    const kinds: KindFigures[] = [...new Set([...metrics.latency.keys(), ...metrics.errorsByKind.keys()])]
      .filter((k) => !k.startsWith('longpoll'))
      .sort()
      .map((kind) => ({ kind, errors: metrics.errorsByKind.get(kind) ?? 0, ...distribution(metrics.latency.get(kind) ?? []) }));
    const feeds = [...new Set([...metrics.held.keys(), ...metrics.openAtEnd.keys()])].sort().map((kind) => ({
      kind,
      returned: metrics.held.get(kind)?.length ?? 0,
      held: distribution(metrics.held.get(kind) ?? []),
      openAtEnd: metrics.openAtEnd.get(kind) ?? 0,
    }));
    const requests = metrics.completedRequests();
    const { log: _log, onWindowStart: _onWindowStart, ...shown } = options;
    return {
      options: { ...shown, approvalEveryMs },
      setupMs,
      setup: { accounts: pairs.length + writers.length, errors: setupMetrics.errors, messages: setupMetrics.errorMessages },
      windowMs: elapsed,
      requests,
      throughput: requests / (elapsed / 1000),
      kinds,
      feeds,
      errors: metrics.errors,
      errorMessages: metrics.errorMessages,
      propagation: [...metrics.propagation.entries()].map(([what, samples]) => ({ what, ...distribution(samples) })),
      writes: { reviews: publicWrites.filter((w) => w.db === 'reviews').length, approvals: publicWrites.filter((w) => w.db === 'sanctuaries').length, favorites: favoriteWrites },
      devicesLive,
      processes,
      counters: Object.fromEntries(metrics.counters),
      notes,
    };
  } finally {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
