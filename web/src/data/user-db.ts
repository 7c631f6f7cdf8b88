// The signed-in user's own database on this device (ss-user-<id>: favourites and review commands), replicated two-way, live and
// with retry through the gateway's /db/me. Written offline, documents wait here until the device is online again.
// Also counts the writes not yet pushed (the sign-out warning) and reports documents the gateway refused.
import { create } from 'zustand';
import type { FavoriteDoc } from '@ss/domain/favorite';
import type { ReviewCommandDoc } from '@ss/domain/review-command';
import type { LocalDbModule } from './local-db-loader';
import { loadLocalDb } from './local-db-loader';

export type UserDbDoc = FavoriteDoc | ReviewCommandDoc;
export type UserDb = PouchDB.Database<UserDbDoc>;
type Replication = PouchDB.Replication.Replication<UserDbDoc>;

export const userDbName = (userId: string): string => `ss-user-${userId}`;

/** Where this device remembers the last local sequence the push replication has finished with. */
const PUSHED_ID = '_local/ss-pushed';
const MAX_BACKOFF_MS = 10_000;
const RECOUNT_DELAY_MS = 50;

export type UserSyncPhase = 'closed' | 'syncing' | 'up-to-date' | 'offline' | 'error';

export interface UserDbState {
  userId: string | null;
  db: UserDb | null;
  /** Local writes (document changes) the server does not have yet. */
  pending: number;
  phase: UserSyncPhase;
}

export const useUserDbStore = create<UserDbState>(() => ({ userId: null, db: null, pending: 0, phase: 'closed' }));

/** A document the gateway refused, with its reason (a per-document `forbidden` answer from /db/me). */
export interface Denial {
  id: string;
  reason: string;
}

const denialListeners = new Set<(denial: Denial) => void>();
const unauthorizedListeners = new Set<() => void>();

/** Calls `listener` for each refused document; returns the unsubscribe function. */
export function onDenied(listener: (denial: Denial) => void): () => void {
  denialListeners.add(listener);
  return () => denialListeners.delete(listener);
}

/** Calls `listener` when /db/me answers 401: the session ended (signed out elsewhere, password changed...). */
export function onSyncUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

interface Session {
  userId: string;
  /** PouchDB, loaded on first use (see local-db-loader). */
  pouch: LocalDbModule['PouchDB'];
  db: UserDb;
  push?: Replication;
  pull?: Replication;
  localFeed?: PouchDB.Core.Changes<UserDbDoc>;
  pushPaused: boolean;
  pullPaused: boolean;
  failing: boolean;
  pushedSeq: number | string;
  pushedRev?: string;
  /** `id@rev` of documents this device received from the server (they need no push). */
  pulledRevs: Set<string>;
  counting: Promise<unknown>;
  recountTimer?: ReturnType<typeof setTimeout>;
  saving: Promise<unknown>;
  closed: boolean;
}

let session: Session | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Opening and closing run one at a time, in the order asked. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

const revKey = (id: string, rev: string) => `${id}@${rev}`;

function remote(Pouch: LocalDbModule['PouchDB']): UserDb {
  return new Pouch<UserDbDoc>(new URL('/db/me', window.location.origin).toString(), {
    // Registration creates the database; the proxy refuses to create one anyway.
    skip_setup: true,
    fetch: (url, opts) => Pouch.fetch(url, { ...opts, credentials: 'include' }),
  });
}

async function readPushed(db: UserDb): Promise<{ seq: number | string; rev?: string }> {
  try {
    const doc = (await db.get(PUSHED_ID)) as unknown as { _rev: string; seq: number | string };
    return { seq: doc.seq, rev: doc._rev };
  } catch {
    return { seq: 0 };
  }
}

function savePushed(s: Session) {
  s.saving = s.saving.then(async () => {
    if (s.closed) return;
    const doc = { _id: PUSHED_ID, seq: s.pushedSeq, ...(s.pushedRev ? { _rev: s.pushedRev } : {}) };
    try {
      const res = await s.db.put(doc as never);
      s.pushedRev = res.rev;
    } catch {
      // A stale revision: read it back; the next checkpoint saves again.
      s.pushedRev = (await readPushed(s.db)).rev;
    }
  });
}

async function countPending(s: Session): Promise<number> {
  const res = await s.db.changes({ since: s.pushedSeq, style: 'main_only' });
  return res.results.filter(
    // Design documents come from the server (users cannot write them), like the revisions pulled this session.
    (c) => !c.id.startsWith('_design/') && !c.changes.every((ch) => s.pulledRevs.has(revKey(c.id, ch.rev))),
  ).length;
}

function recount(s: Session): Promise<number> {
  const run = s.counting
    .then(() => countPending(s))
    .then(
      (n) => {
        if (session === s) useUserDbStore.setState({ pending: n });
        return n;
      },
      () => useUserDbStore.getState().pending,
    );
  s.counting = run;
  return run;
}

function scheduleRecount(s: Session) {
  clearTimeout(s.recountTimer);
  s.recountTimer = setTimeout(() => void recount(s), RECOUNT_DELAY_MS);
}

function updatePhase(s: Session) {
  if (session !== s) return;
  const phase: UserSyncPhase = !navigator.onLine ? 'offline' : s.failing ? 'error' : s.pushPaused && s.pullPaused ? 'up-to-date' : 'syncing';
  useUserDbStore.setState({ phase });
}

async function refuse(s: Session, err: { id?: string; reason?: string; message?: string }) {
  const id = err.id ?? '';
  const reason = err.reason ?? err.message ?? 'The server refused this change.';
  denialListeners.forEach((l) => l({ id, reason }));
  // The server will never hold it, so the device should not pretend it does: drop the refused version here.
  if (!id || s.closed) return;
  try {
    const doc = await s.db.get(id);
    await s.db.remove(doc);
  } catch {
    // Already gone or changed again: nothing to undo.
  }
}

function startReplication(s: Session) {
  s.push?.cancel();
  s.pull?.cancel();
  s.pushPaused = false;
  s.pullPaused = false;
  s.failing = false;
  const options = {
    live: true,
    retry: true,
    back_off_function: (delay: number) => (delay === 0 ? 1000 : Math.min(delay * 2, MAX_BACKOFF_MS)),
  };
  const target = remote(s.pouch);
  // One document per push request: a review command with five full-size photos is ~33 MB of JSON, and the
  // gateway accepts at most 40 MB per request.
  const push = s.db.replicate.to(target, { ...options, batch_size: 1 });
  const pull = s.db.replicate.from(target, options);
  s.push = push;
  s.pull = pull;

  // PouchDB reports each finished batch's local sequence as a checkpoint: everything up to it is on the server.
  (push as unknown as { on(event: 'checkpoint', l: (info: { checkpoint?: number | string }) => void): void }).on('checkpoint', (info) => {
    if (info.checkpoint === undefined || s.closed) return;
    s.pushedSeq = info.checkpoint;
    savePushed(s);
    scheduleRecount(s);
  });
  push.on('denied', (err) => void refuse(s, err as { id?: string; reason?: string }));
  pull.on('change', (info) => {
    for (const doc of info.docs) s.pulledRevs.add(revKey(doc._id, doc._rev));
  });

  const watch = (rep: Replication, which: 'pushPaused' | 'pullPaused') => {
    rep
      .on('paused', (err) => {
        s[which] = !err;
        s.failing = Boolean(err) && navigator.onLine;
        updatePhase(s);
      })
      .on('active', () => {
        s[which] = false;
        s.failing = false;
        updatePhase(s);
      })
      .on('error', (err) => {
        // Only fatal errors end a retrying replication: 401 (no session) or 403 on the whole database.
        s.failing = true;
        updatePhase(s);
        if ((err as { status?: number }).status === 401 && session === s) unauthorizedListeners.forEach((l) => l());
      });
  };
  watch(push, 'pushPaused');
  watch(pull, 'pullPaused');
}

/** Opens `userId`'s database on this device and starts syncing it; closes any other user's first. */
export function openUserDb(userId: string): Promise<void> {
  return serial(async () => {
    if (session?.userId === userId) return;
    // Another account signed in on this device: the previous one's data stays only if it has unsynced writes.
    if (session) await closeSession(session, 'unless-pending');
    const { PouchDB: pouch, LOCAL_ADAPTER } = await loadLocalDb();
    const db = new pouch<UserDbDoc>(userDbName(userId), LOCAL_ADAPTER);
    const pushed = await readPushed(db);
    const s: Session = {
      userId,
      pouch,
      db,
      pushPaused: false,
      pullPaused: false,
      failing: false,
      pushedSeq: pushed.seq,
      ...(pushed.rev ? { pushedRev: pushed.rev } : {}),
      pulledRevs: new Set(),
      counting: Promise.resolve(),
      saving: Promise.resolve(),
      closed: false,
    };
    session = s;
    s.localFeed = db.changes({ since: 'now', live: true }).on('change', () => scheduleRecount(s));
    useUserDbStore.setState({ userId, db, pending: 0, phase: navigator.onLine ? 'syncing' : 'offline' });
    startReplication(s);
    await recount(s);
  });
}

/**
 * Stops syncing and closes the user's database. `destroy`: true removes it from the device (sign-out);
 * 'unless-pending' removes it only when every write reached the server, so a session that ended elsewhere never
 * costs unsynced favourites (they go up at the next sign-in); false keeps it.
 */
export function closeUserDb({ destroy }: { destroy: boolean | 'unless-pending' }): Promise<void> {
  return serial(async () => {
    if (session) await closeSession(session, destroy);
  });
}

async function closeSession(s: Session, destroy: boolean | 'unless-pending') {
  const drop = destroy === 'unless-pending' ? (await countPending(s).catch(() => 1)) === 0 : destroy;
  s.closed = true;
  clearTimeout(s.recountTimer);
  s.push?.cancel();
  s.pull?.cancel();
  s.localFeed?.cancel();
  if (session === s) {
    session = null;
    useUserDbStore.setState({ userId: null, db: null, pending: 0, phase: 'closed' });
  }
  await s.saving.catch(() => undefined);
  try {
    if (drop) await s.db.destroy();
    else await s.db.close();
  } catch (err) {
    console.warn('[user-db] could not close the local database', err);
  }
}

/** Writes on this device the server does not have yet (0 when nobody is signed in). */
export function countPendingWrites(): Promise<number> {
  return session ? recount(session) : Promise.resolve(0);
}

/** Restarts replication at once (the browser is back online), instead of waiting out the back-off. */
export function restartUserSync() {
  if (session && !session.closed) startReplication(session);
}

/** The device went offline: show it. */
export function markUserSyncOffline() {
  if (session) updatePhase(session);
}
