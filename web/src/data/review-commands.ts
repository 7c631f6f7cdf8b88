// The signed-in user's review commands, live from their own database on this device, and the outcomes this device
// still owes the user a word about (published, rejected, or refused by the gateway). Which commands await an
// outcome is kept per user in localStorage, so each outcome is announced once, even across reloads.
import { useMemo } from 'react';
import { REVIEW_COMMAND_ID_PREFIX, isReviewCommandDoc, type ReviewCommandDoc } from '@ss/domain/review-command';
import { createUserDocStore } from './user-command-store';
import { onDenied, useUserDbStore } from './user-db';

/** What this device waits to hear about one command it wrote; `deniedReason` once the gateway refused it. */
interface Awaiting {
  deniedReason?: string;
}

export interface ReviewCommandsState {
  userId: string | null;
  /** 'idle' when nobody is signed in; 'loading' until the user's database has been read. */
  status: 'idle' | 'loading' | 'ready';
  /** The user's commands by id, without attachment bodies. */
  byId: ReadonlyMap<string, ReviewCommandDoc>;
  /** Commands written on this device whose outcome has not been announced yet. */
  awaiting: Readonly<Record<string, Awaiting>>;
}

export interface ReviewOutcome {
  id: string;
  kind: 'published' | 'failed';
  /** Why it failed, when the server said. */
  reason?: string;
}

const STORAGE_PREFIX = 'ss:review-awaiting:';

function readAwaiting(userId: string): Record<string, Awaiting> {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_PREFIX + userId);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Awaiting>) : {};
  } catch {
    return {};
  }
}

function writeAwaiting(userId: string, awaiting: Record<string, Awaiting>) {
  try {
    if (Object.keys(awaiting).length) globalThis.localStorage?.setItem(STORAGE_PREFIX + userId, JSON.stringify(awaiting));
    else globalThis.localStorage?.removeItem(STORAGE_PREFIX + userId);
  } catch {
    // Private mode or a full quota: outcomes are still announced for this page's life.
  }
}

function updateAwaiting(userId: string, change: (awaiting: Record<string, Awaiting>) => Record<string, Awaiting>) {
  const next = change({ ...readAwaiting(userId) });
  writeAwaiting(userId, next);
  if (useReviewCommandsStore.getState().userId === userId) useReviewCommandsStore.setState({ awaiting: next });
}

/** Called just before a command is written, so its outcome is announced even if it arrives very quickly. */
export function expectReviewOutcome(userId: string, commandId: string) {
  updateAwaiting(userId, (a) => ({ ...a, [commandId]: {} }));
}

/** The outcome has been shown: never show it again. */
export function acknowledgeReviewOutcome(userId: string, commandId: string) {
  updateAwaiting(userId, (a) => {
    delete a[commandId];
    return a;
  });
}

/** Outcomes ready to announce, from the commands' state and the gateway's refusals. */
export function reviewOutcomes(s: Pick<ReviewCommandsState, 'status' | 'byId' | 'awaiting'>): ReviewOutcome[] {
  if (s.status !== 'ready') return [];
  const out: ReviewOutcome[] = [];
  for (const [id, wait] of Object.entries(s.awaiting)) {
    if (wait.deniedReason !== undefined) {
      out.push({ id, kind: 'failed', ...(wait.deniedReason ? { reason: wait.deniedReason } : {}) });
      continue;
    }
    const cmd = s.byId.get(id);
    if (cmd?.status === 'published') out.push({ id, kind: 'published' });
    else if (cmd?.status === 'rejected') out.push({ id, kind: 'failed', ...(cmd.reason ? { reason: cmd.reason } : {}) });
  }
  return out;
}

/** Drops attachment bodies: the lists only need to know how many photos there are. */
function light(doc: ReviewCommandDoc): ReviewCommandDoc {
  if (!doc._attachments) return doc;
  const stubs = Object.fromEntries(Object.entries(doc._attachments).map(([name, a]) => [name, { content_type: a.content_type, stub: true }]));
  return { ...doc, _attachments: stubs };
}

export const useReviewCommandsStore = createUserDocStore<ReviewCommandDoc, { awaiting: Readonly<Record<string, Awaiting>> }>(
  REVIEW_COMMAND_ID_PREFIX,
  isReviewCommandDoc,
  'reviews',
  { keep: light, extra: { none: { awaiting: {} }, forUser: (userId) => ({ awaiting: readAwaiting(userId) }) } },
);

// The gateway refused a command this device wrote: remember why, so it is announced (user-db.ts drops the copy).
onDenied(({ id, reason }) => {
  const userId = useUserDbStore.getState().userId;
  if (!userId || !id.startsWith(REVIEW_COMMAND_ID_PREFIX)) return;
  // The first refusal is the one that matters: removing the refused copy may be refused too (commands cannot be deleted).
  updateAwaiting(userId, (a) => (id in a && a[id]!.deniedReason === undefined ? { ...a, [id]: { deniedReason: reason } } : a));
});

/** The signed-in user's review commands for one sanctuary, oldest first. */
export function useMyReviewCommands(sanctuaryId: string): ReviewCommandDoc[] {
  const byId = useReviewCommandsStore((s) => s.byId);
  return useMemo(
    () => [...byId.values()].filter((c) => c.sanctuaryId === sanctuaryId).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    [byId, sanctuaryId],
  );
}
