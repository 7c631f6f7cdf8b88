// Protocol-level replicas that make the same HTTP requests, in the same order, as the web app's PouchDB
// replications (web/src/data/sync.ts, snapshot-load.ts, user-db.ts). The sequences were recorded from PouchDB 9
// replicating through the gateway:
//
//   public pull (/db/sanctuaries, /db/reviews; batch_size 1000, checkpoint: 'target' so no _local requests on
//   the read-only proxy), after GET /db/{db}/_snapshot:
//     GET /db/ (PouchDB asks the server root for an id) · GET /db/{db}/ ·
//     GET _changes?style=all_docs&since=S&limit=1000 until empty, then
//     GET _changes?style=all_docs&feed=longpoll&heartbeat=10000&since=S&limit=1000 (each from the previous
//     answer's last_seq, empty or not), and for each change that is not on the device POST
//     _bulk_get?revs=true&latest=true.
//   /db/me pull (batch_size 100): the same, with GET /db/me/_local/{rep} and, after each batch, GET + PUT of
//     the checkpoint on the server.
//   /db/me push (batch_size 1): GET /db/me/ · GET _local/{rep} · per local change POST _revs_diff, POST
//     _bulk_docs (new_edits: false) when missing, then GET + PUT _local/{rep}. Documents the pull brought in
//     are offered to the push too (their _revs_diff finds nothing missing), as PouchDB does.
// Documents are kept in memory (id → revision) instead of IndexedDB: the device side is not what is measured.
import { favoriteDocId, newFavorite } from '@ss/domain/favorite';
import { randomHex } from '@ss/domain/review-command';
import { RecordedFailure, type DeviceHttp } from './http.ts';
import type { Metrics } from './metrics.ts';

type Seq = string | number;
type PublicDb = 'sanctuaries' | 'reviews';

interface ChangeRow {
  id: string;
  seq: Seq;
  changes: Array<{ rev: string }>;
}
interface ChangesAnswer {
  results: ChangeRow[];
  last_seq: Seq;
}
interface FetchedDoc {
  _id: string;
  _rev: string;
  _deleted?: boolean;
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}
interface BulkGetAnswer {
  results: Array<{ id: string; docs: Array<{ ok?: FetchedDoc; error?: { error?: string; reason?: string } }> }>;
}

/** PouchDB's replication ids are base64 md5 digests; any stable, URL-encoded string plays the part. */
const replicationId = () => encodeURIComponent(Buffer.from(randomHex(), 'hex').toString('base64').replace(/\//g, '.'));

interface PullOptions {
  http: DeviceHttp;
  metrics: Metrics;
  db: PublicDb | 'me';
  limit: number;
  stop: AbortSignal;
  /** Whether the device already holds this revision (PouchDB asks its local database: _revs_diff). */
  has(id: string, rev: string): boolean;
  /** A document fetched with _bulk_get. */
  store(doc: FetchedDoc, at: number): void;
  /** Called once the feed is live (caught up, waiting on the longpoll). */
  onLive?(): void;
  /** The sequence everything up to which is on the device. */
  onSeq?(seq: Seq): void;
}

/** One pull replication, from `since` until `stop` aborts. */
async function pull(o: PullOptions, since: Seq): Promise<void> {
  const base = `/db/${o.db}`;
  /** The report's name for a request: method and path without the variable parts. */
  const kind = (method: string, rest: string) => `${method} ${base}${rest}`;
  const signal = o.stop;
  const isMe = o.db === 'me';
  const rep = replicationId();
  const local = `${base}/_local/${rep}`;

  // PouchDB's start: the remote's id (the gateway has no /db/ root), then its checkpoint and info.
  await o.http.call('GET /db/ (id probe)', '/db/', { expect: [200], signal });
  if (isMe) {
    await o.http.call(kind('GET', '/'), `${base}/`, { signal });
    const checkpoint = await o.http.json<{ last_seq?: Seq }>(kind('GET', '/_local'), local, { expect: [200, 404], signal });
    if (checkpoint?.last_seq !== undefined) since = checkpoint.last_seq;
  } else {
    // Checkpoints of the public databases stay on the device (web/src/data/sync.ts: checkpoint 'target').
    await o.http.call(kind('GET', '/'), `${base}/`, { signal });
  }

  let live = false;
  let checkpointRev: string | undefined;
  while (!signal.aborted) {
    const feed = live ? '&feed=longpoll&heartbeat=10000' : '';
    const changes = await o.http.json<ChangesAnswer>(
      live ? kind('longpoll', '/_changes') : kind('GET', '/_changes'),
      `${base}/_changes?style=all_docs${feed}&since=${encodeURIComponent(String(since))}&limit=${o.limit}`,
      { live, signal },
    );
    if (!changes) return;
    const missing = changes.results.flatMap((row) => row.changes.filter((c) => !o.has(row.id, c.rev)).map((c) => ({ id: row.id, rev: c.rev })));
    if (missing.length) {
      const got = await o.http.json<BulkGetAnswer>(kind('POST', '/_bulk_get'), `${base}/_bulk_get?revs=true&latest=true`, { method: 'POST', body: { docs: missing }, signal });
      if (!got) return;
      const at = performance.now();
      for (const result of got.results) {
        for (const entry of result.docs) {
          if (entry.ok) o.store(entry.ok, at);
          else o.metrics.error(kind('POST', '/_bulk_get'), `${result.id}: ${entry.error?.error ?? 'no document'} ${entry.error?.reason ?? ''}`);
        }
      }
    }
    if (changes.results.length) {
      since = changes.last_seq;
      o.onSeq?.(since);
      if (isMe) {
        // PouchDB reads the checkpoint for its revision, then writes the new sequence.
        const current = await o.http.json<{ _rev?: string }>(kind('GET', '/_local'), local, { expect: [200, 404], signal });
        checkpointRev = current?._rev ?? checkpointRev;
        const saved = await o.http.json<{ rev?: string }>(kind('PUT', '/_local'), local, {
          method: 'PUT',
          body: { _id: `_local/${decodeURIComponent(rep)}`, ...(checkpointRev ? { _rev: checkpointRev } : {}), last_seq: since, session_id: rep },
          expect: [201],
          signal,
        });
        checkpointRev = saved?.rev ?? checkpointRev;
      }
    } else if (live) {
      // PouchDB's live feed asks again from the answer's last_seq even when nothing came (a change the gateway
      // left out, such as the user database's design document); asking from the old since would return at once.
      since = changes.last_seq;
    } else {
      live = true;
      o.onLive?.();
    }
  }
}

interface ParsedSnapshot {
  seq: Seq;
  revisions: ReadonlyArray<readonly [string, string]>;
}

/** What a device kept from an earlier visit to a public database: where it was, and the revisions it holds. */
export interface EarlierVisit {
  seq: Seq;
  revisions: ReadonlyMap<string, string>;
}

/**
 * A public database's snapshot, read once, as every returning device's earlier visit (`npm run load -- --returning`):
 * shared by all of them, each device keeping only what it receives after it.
 */
export async function readEarlierVisit(http: DeviceHttp, db: PublicDb, giveUpAt: number): Promise<EarlierVisit> {
  const kind = `GET /db/${db}/_snapshot (setup)`;
  for (;;) {
    // 503 while the gateway is still reading a large directory (it says when to ask again).
    const snapshot = await http.call(kind, `/db/${db}/_snapshot`, { accept: 'application/x-ndjson', expect: [200, 503] });
    if (snapshot?.status === 200) {
      const parsed = parseSnapshot(snapshot.text);
      if (!parsed) throw new Error(`${kind}: no header line with update_seq`);
      return { seq: parsed.seq, revisions: new Map(parsed.revisions) };
    }
    if (performance.now() > giveUpAt) throw new Error(`${kind}: the gateway had no snapshot ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** The last snapshots parsed, by their text (the same string object for the same bytes: http.ts `gunzipText`). */
const parsedSnapshots = new Map<string, ParsedSnapshot | null>();

/**
 * A snapshot's sequence and its documents' ids and revisions, or null without a header line. Devices that start
 * between two changes are sent the same snapshot; http.ts hands them the same text, parsed here once.
 */
function parseSnapshot(text: string): ParsedSnapshot | null {
  if (parsedSnapshots.has(text)) return parsedSnapshots.get(text)!;
  const lines = text.split('\n').filter(Boolean);
  const header = JSON.parse(lines[0] ?? 'null') as { update_seq?: Seq } | null;
  const parsed =
    header?.update_seq === undefined
      ? null
      : {
          seq: header.update_seq,
          revisions: lines.slice(1).map((line) => {
            const doc = JSON.parse(line) as { _id: string; _rev: string };
            return [doc._id, doc._rev] as const;
          }),
        };
  parsedSnapshots.set(text, parsed);
  // Two public databases, a few snapshots each over a run.
  if (parsedSnapshots.size > 8) parsedSnapshots.delete(parsedSnapshots.keys().next().value!);
  return parsed;
}

/** A device's copy of /db/sanctuaries or /db/reviews: first the snapshot, then live pull replication. */
export class PublicReplica {
  /** id → revision on the device. */
  readonly docs = new Map<string, string>();
  /** When a document arrived through the feed (performance.now()). */
  readonly delivered = new Map<string, number>();
  live = false;
  /** When the device first caught up and began waiting on the live feed (performance.now()). */
  liveAt: number | undefined;

  /** `earlier`: a returning device, holding what an earlier visit left it (shared, never written), with no first sync. */
  constructor(
    readonly db: PublicDb,
    private readonly http: DeviceHttp,
    private readonly metrics: Metrics,
    private readonly earlier?: EarlierVisit,
  ) {
    this.seq = earlier?.seq;
  }

  /** Everything up to this remote sequence is on the device; unset until the snapshot is loaded. */
  private seq: Seq | undefined;

  /** The first sync (snapshot), then live replication; run again after a failure, it resumes where it was. */
  async run(stop: AbortSignal): Promise<void> {
    if (this.seq === undefined) await this.loadSnapshot(stop);
    if (this.seq === undefined) return;
    await pull(
      {
        http: this.http,
        metrics: this.metrics,
        db: this.db,
        limit: 1000,
        stop,
        has: (id, rev) => (this.docs.get(id) ?? this.earlier?.revisions.get(id)) === rev,
        store: (doc, at) => {
          this.docs.set(doc._id, doc._rev);
          if (!this.delivered.has(doc._id)) this.delivered.set(doc._id, at);
        },
        onLive: () => {
          this.live = true;
          this.liveAt ??= performance.now();
        },
        onSeq: (seq) => (this.seq = seq),
      },
      this.seq,
    );
  }

  private async loadSnapshot(stop: AbortSignal): Promise<void> {
    const kind = `GET /db/${this.db}/_snapshot`;
    const snapshot = await this.http.call(kind, `/db/${this.db}/_snapshot`, { accept: 'application/x-ndjson', signal: stop });
    if (!snapshot) return;
    const parsed = parseSnapshot(snapshot.text);
    if (!parsed) {
      this.metrics.error(kind, 'no header line with update_seq');
      throw new RecordedFailure('bad snapshot');
    }
    for (const [id, rev] of parsed.revisions) this.docs.set(id, rev);
    this.metrics.count(`${this.db} snapshot documents received`, parsed.revisions.length);
    this.seq = parsed.seq;
  }

  /** Whether the device holds `id` (from the snapshot or the feed). */
  holds(id: string): boolean {
    return this.docs.has(id) || this.earlier?.revisions.has(id) === true;
  }
}

interface LocalDoc {
  rev: string;
  /** Revision hashes, newest first (PouchDB's _revisions.ids). */
  revIds: string[];
  body: Record<string, unknown>;
}

/** A favourite this device wrote and the server acknowledged. */
export interface FavoriteWrite {
  id: string;
  rev: string;
  /** When the push was sent and when the server acknowledged it (performance.now()). */
  sentAt: number;
  ackAt: number;
}

/**
 * A signed-in device's own database (/db/me): live two-way replication, and favourites toggled now and then
 * like the heart button does (a new revision, or a deletion stub).
 */
export class UserReplica {
  readonly docs = new Map<string, LocalDoc>();
  /** `id@rev` → when it arrived from the server. */
  readonly received = new Map<string, number>();
  readonly writes: FavoriteWrite[] = [];
  live = false;
  /** When the pull first caught up and began waiting on the live feed (performance.now()). */
  liveAt: number | undefined;
  private readonly changeLog: string[] = [];
  private pushedUpTo = 0;
  private wake: (() => void) | undefined;

  constructor(
    private readonly http: DeviceHttp,
    private readonly metrics: Metrics,
    readonly userId: string,
  ) {}

  /** Live pull replication (run again after a failure, it resumes from the server-side checkpoint). */
  runPull(stop: AbortSignal): Promise<void> {
    return pull(
      {
        http: this.http,
        metrics: this.metrics,
        db: 'me',
        limit: 100,
        stop,
        has: (id, rev) => this.docs.get(id)?.rev === rev,
        store: (doc, at) => {
          const { _revisions: revisions, ...body } = doc;
          this.docs.set(doc._id, { rev: doc._rev, revIds: revisions?.ids ?? [doc._rev.slice(doc._rev.indexOf('-') + 1)], body });
          this.received.set(`${doc._id}@${doc._rev}`, at);
          this.localChange(doc._id);
        },
        onLive: () => {
          this.live = true;
          this.liveAt ??= performance.now();
        },
      },
      0,
    );
  }

  private localChange(id: string) {
    this.changeLog.push(id);
    this.wake?.();
  }

  /** Live push replication of this device's changes, one document per request as the app does. */
  async runPush(stop: AbortSignal): Promise<void> {
    const signal = stop;
    const rep = replicationId();
    const local = `/db/me/_local/${rep}`;
    await this.http.call('GET /db/me/', '/db/me/', { signal });
    let checkpoint = await this.http.json<{ _rev?: string }>('GET /db/me/_local', local, { expect: [200, 404], signal });
    let checkpointRev = checkpoint?._rev;
    const stopped = new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
    while (!signal.aborted) {
      if (this.pushedUpTo >= this.changeLog.length) {
        await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), stopped]);
        continue;
      }
      const id = this.changeLog[this.pushedUpTo]!;
      const doc = this.docs.get(id)!;
      const diff = await this.http.json<Record<string, { missing?: string[] }>>('POST /db/me/_revs_diff', '/db/me/_revs_diff', { method: 'POST', body: { [id]: [doc.rev] }, signal });
      if (!diff) return;
      if (diff[id]?.missing?.includes(doc.rev)) {
        const sent = { ...doc.body, _id: id, _rev: doc.rev, _revisions: { start: Number.parseInt(doc.rev, 10), ids: doc.revIds } };
        const sentAt = performance.now();
        const failures = await this.http.json<Array<{ id?: string; error?: string; reason?: string }>>('POST /db/me/_bulk_docs', '/db/me/_bulk_docs', {
          method: 'POST',
          body: { docs: [sent], new_edits: false },
          expect: [201],
          signal,
        });
        if (!failures) return;
        for (const f of failures) this.metrics.error('POST /db/me/_bulk_docs', `${f.id}: ${f.error} ${f.reason ?? ''}`);
        if (!failures.length && id.startsWith('favorite:')) this.writes.push({ id, rev: doc.rev, sentAt, ackAt: performance.now() });
      }
      this.pushedUpTo += 1;
      checkpoint = await this.http.json<{ _rev?: string }>('GET /db/me/_local', local, { expect: [200, 404], signal });
      checkpointRev = checkpoint?._rev ?? checkpointRev;
      const saved = await this.http.json<{ rev?: string }>('PUT /db/me/_local', local, {
        method: 'PUT',
        body: { _id: `_local/${decodeURIComponent(rep)}`, ...(checkpointRev ? { _rev: checkpointRev } : {}), last_seq: this.pushedUpTo, session_id: rep },
        expect: [201],
        signal,
      });
      checkpointRev = saved?.rev ?? checkpointRev;
    }
  }

  /** The heart button: adds the favourite, or removes it when it is there (a deletion stub, as PouchDB's remove). */
  toggleFavorite(sanctuaryId: string): void {
    const id = favoriteDocId(sanctuaryId);
    const current = this.docs.get(id);
    const generation = current ? Number.parseInt(current.rev, 10) + 1 : 1;
    const hash = randomHex();
    const removing = current !== undefined && current.body._deleted !== true;
    const body: Record<string, unknown> = removing ? { _id: id, _deleted: true } : { ...newFavorite(sanctuaryId, this.userId) };
    this.docs.set(id, { rev: `${generation}-${hash}`, revIds: [hash, ...(current?.revIds ?? [])], body });
    this.localChange(id);
  }

  /** The revision this device holds of `id`, if any. */
  revOf(id: string): string | undefined {
    return this.docs.get(id)?.rev;
  }
}
