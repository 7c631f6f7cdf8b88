// The admin queue on an administrator's device: `submissions` pulled live from /db/submissions (admins only) into
// a local database, so the queue can be reviewed offline. Decisions are admin-decision commands in the admin's own
// database (sent when online); their outcome ('done', or 'refused' with the reason) comes back the same way.
import PouchDB from 'pouchdb-browser';
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { isQueueItemDoc, type QueueItemDoc } from '@ss/domain/listing-feedback';
import { isListingClaimDoc, type ListingClaimDoc } from '@ss/domain/listing-management';
import {
  ADMIN_DECISION_ID_PREFIX, isAdminDecisionDoc, isSubmissionDoc, newAdminDecision, type AdminDecisionDoc, type Decision, type SubmissionDoc,
} from '@ss/domain/submission';
import { createUserDocStore, putUserDoc } from './user-command-store';
import { onDenied, useUserDbStore } from './user-db';
// Registers the indexeddb adapter.
import './local-db';

const LOCAL_NAME = 'ss-admin-submissions';
const MAX_BACKOFF_MS = 10_000;

export interface AdminQueueState {
  status: 'idle' | 'loading' | 'ready';
  /** The pull from the server: 'offline' and 'error' leave the local copy usable. */
  sync: 'idle' | 'syncing' | 'up-to-date' | 'offline' | 'error';
  byId: ReadonlyMap<string, SubmissionDoc>;
  /** Reports of incorrect information, replicated with the submissions. */
  items: ReadonlyMap<string, QueueItemDoc>;
  /** Claims of listings (issue 12), replicated with the submissions. */
  claims: ReadonlyMap<string, ListingClaimDoc>;
}

export const useAdminQueueStore = create<AdminQueueState>(() => ({ status: 'idle', sync: 'idle', byId: new Map(), items: new Map(), claims: new Map() }));

interface Queue {
  ownerId: string;
  db: PouchDB.Database<SubmissionDoc>;
  pull: PouchDB.Replication.Replication<SubmissionDoc>;
  feed: PouchDB.Core.Changes<SubmissionDoc>;
}
let queue: Queue | null = null;

function remote() {
  return new PouchDB<SubmissionDoc>(new URL('/db/submissions', window.location.origin).toString(), {
    skip_setup: true,
    fetch: (url, opts) => PouchDB.fetch(url, { ...opts, credentials: 'include' }),
  });
}

function startQueue(ownerId: string) {
  if (queue?.ownerId === ownerId) return;
  stopQueue(true);
  const db = new PouchDB<SubmissionDoc>(LOCAL_NAME, { adapter: 'indexeddb' });
  const working = new Map<string, SubmissionDoc>();
  const items = new Map<string, QueueItemDoc>();
  const claims = new Map<string, ListingClaimDoc>();
  useAdminQueueStore.setState({ status: 'loading', sync: navigator.onLine ? 'syncing' : 'offline', byId: new Map(), items: new Map(), claims: new Map() });
  const publish = () => {
    if (queue?.db === db) useAdminQueueStore.setState({ status: 'ready', byId: new Map(working), items: new Map(items), claims: new Map(claims) });
  };
  const feed = db
    .changes({ since: 0, live: true, include_docs: true })
    .on('change', (change) => {
      const doc: unknown = change.doc;
      working.delete(change.id);
      items.delete(change.id);
      claims.delete(change.id);
      if (!change.deleted && isSubmissionDoc(doc)) working.set(change.id, doc);
      else if (!change.deleted && isQueueItemDoc(doc)) items.set(change.id, doc);
      else if (!change.deleted && isListingClaimDoc(doc)) claims.set(change.id, doc);
      publish();
    })
    .on('error', (err) => console.error('[admin-queue] change feed stopped', err));
  void db.info().then(publish, () => publish());
  const pull = db.replicate.from(remote(), {
    live: true,
    retry: true,
    batch_size: 500,
    back_off_function: (delay: number) => (delay === 0 ? 1000 : Math.min(delay * 2, MAX_BACKOFF_MS)),
  });
  const setSync = (sync: AdminQueueState['sync']) => {
    if (queue?.db === db) useAdminQueueStore.setState({ sync });
  };
  pull
    .on('paused', (err) => setSync(err ? (navigator.onLine ? 'error' : 'offline') : 'up-to-date'))
    .on('active', () => setSync('syncing'))
    .on('error', () => setSync('error'));
  queue = { ownerId, db, pull, feed };
}

/** Stops the pull; `destroy` removes the queue from the device (another account, or signed out). */
function stopQueue(destroy: boolean) {
  const q = queue;
  if (!q) return;
  queue = null;
  q.pull.cancel();
  q.feed.cancel();
  useAdminQueueStore.setState({ status: 'idle', sync: 'idle', byId: new Map(), items: new Map(), claims: new Map() });
  void (destroy ? q.db.destroy() : q.db.close()).catch((err: unknown) => console.warn('[admin-queue] could not close', err));
}

// Submissions are private to admins: the copy leaves the device with its admin.
useUserDbStore.subscribe((s) => {
  if (queue && s.userId !== queue.ownerId) stopQueue(true);
});

/** The queue, newest first, live; replicates only while an admin's page uses it. */
export function useAdminQueue(adminId: string | null): AdminQueueState & { submissions: SubmissionDoc[]; queueItems: QueueItemDoc[]; claimItems: ListingClaimDoc[] } {
  useEffect(() => {
    if (!adminId) return;
    startQueue(adminId);
    return () => stopQueue(false);
  }, [adminId]);
  const state = useAdminQueueStore();
  const submissions = useMemo(() => [...state.byId.values()].sort((a, b) => b.submittedAt.localeCompare(a.submittedAt)), [state.byId]);
  const queueItems = useMemo(() => [...state.items.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [state.items]);
  const claimItems = useMemo(() => [...state.claims.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [state.claims]);
  return { ...state, submissions, queueItems, claimItems };
}

export const useDecisionsStore = createUserDocStore<AdminDecisionDoc>(ADMIN_DECISION_ID_PREFIX, isAdminDecisionDoc, 'admin-decisions');

/** Decisions written on this device whose outcome has not been announced yet, and refusals from the gateway. */
export interface AwaitedDecision {
  decision: Decision;
  deniedReason?: string;
}
export const useAwaitedDecisionsStore = create<{ awaited: Readonly<Record<string, AwaitedDecision>> }>(() => ({ awaited: {} }));

onDenied(({ id, reason }) => {
  if (!id.startsWith(ADMIN_DECISION_ID_PREFIX)) return;
  useAwaitedDecisionsStore.setState((s) => (s.awaited[id] ? { awaited: { ...s.awaited, [id]: { ...s.awaited[id], deniedReason: reason } } } : s));
});

/** Writes the decision on this device; it is applied when the device is online. Resolves with its id. */
export async function writeDecision(adminId: string, submissionId: string, decision: Decision, reviewNotes: string): Promise<string> {
  const doc = newAdminDecision(adminId, submissionId, decision, reviewNotes);
  useAwaitedDecisionsStore.setState((s) => ({ awaited: { ...s.awaited, [doc._id]: { decision } } }));
  try {
    await putUserDoc(adminId, doc);
  } catch (err) {
    acknowledgeDecision(doc._id);
    throw err;
  }
  return doc._id;
}

export function acknowledgeDecision(id: string) {
  useAwaitedDecisionsStore.setState((s) => {
    const { [id]: _done, ...rest } = s.awaited;
    return { awaited: rest };
  });
}
