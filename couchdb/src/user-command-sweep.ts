// The safety net for listing applications, admin decisions and review commands: the gateway applies them right after
// the store accepts the push (sync-gateway/src/user-commands.ts), so a gateway that stops in between leaves a command
// pending with nobody to finish it. The sweep finds such commands in the users' own databases and applies them
// with the same idempotent functions (couchdb/src/submissions.ts, review-commands.ts).
//
// Review commands are also noted in a private index, swept every few seconds (review-commands.ts); the gateway writes
// that note beside the command, not before it, so a crash between the two writes can leave a command without one: this
// sweep finds it. The others have no index, so the sweep reads the databases themselves. To keep that cheap it
// remembers, per database, the update_seq it last read: a database that has not changed since costs one small GET,
// and one that has, a read of its changes since. And while the server's `_db_updates` is followed (`following`, fed by
// `noteUpdate` and `noteGap`: workers/src/user-commands.ts), a sweep reads only the databases written since the last
// one, and every database once in FULL_SWEEP_EVERY sweeps: the store's work grows with the writes, not with the
// accounts (a GET per user database every 30 s was 8.5 requests a second for 255 accounts, issue 16).
import type { Gazetteer } from '@ss/domain/gazetteer';
import { ADMIN_DECISION_ID_PATTERN, ADMIN_DECISION_ID_PREFIX, SUBMISSION_COMMAND_ID_PREFIX } from '@ss/domain/submission';
import { LISTING_CLAIM_COMMAND_ID_PATTERN, LISTING_CLAIM_COMMAND_TYPE, LISTING_UPDATE_COMMAND_TYPE, LISTING_UPDATE_ID_PATTERN } from '@ss/domain/listing-management';
import { applyListingUpdate, awaitsManagementApply, processClaimCommand } from './listing-management.ts';
import { REVIEW_COMMAND_ID_PATTERN, REVIEW_COMMAND_ID_PREFIX, isReviewCommandDoc } from '@ss/domain/review-command';
import { isUserId } from '@ss/domain/user';
import { type CouchClient, CouchUnavailableError, isNotFound } from './client.ts';
import { USER_DB_PREFIX } from './definitions.ts';
import { applyReviewCommand } from './review-commands.ts';
import { awaitsApply, finishUnfinishedApproval, processAdminDecision, processSubmissionCommand, unfinishedApprovals } from './submissions.ts';

interface ScannedDb {
  /** The database's update_seq when it was last read ('' when it was read because the updates feed named it). */
  seq: string;
  /** Where its changes were last read up to (the next read starts there). */
  since: string;
  /** Commands awaiting their apply at that point, with when the sweep first saw each (ms since the epoch). */
  pending: Map<string, number>;
}

/** What one sweeper remembers between sweeps (in memory: a restarted worker reads every database once again). */
export interface UserCommandSweepState {
  dbs: Map<string, ScannedDb>;
  /**
   * Databases whose last reads failed because the store went away: each is left out of the next 2^(failures-1)
   * sweeps (at most MAX_SKIPPED_SWEEPS). A database whose contents kill the store when read would otherwise take
   * it down at every sweep, forever; a store that was merely restarting costs one skipped sweep.
   */
  suspects: Map<string, { failures: number; skipUntilSweep: number }>;
  sweeps: number;
  /** User databases the server's updates feed named since the last sweep took them. */
  written: Set<string>;
  /** The feed was (re)opened or broke since: what it may have missed is found by reading every database. */
  gap: boolean;
  /** The last sweep that read every database. */
  lastFullSweep: number;
  /** The queue's approvals with effects still undone, as of its update_seq, and when the sweep first saw each. */
  approvals: { seq: string; ids: string[] } | null;
  approvalsSeen: Map<string, number>;
}

const MAX_SKIPPED_SWEEPS = 128;
/** While the updates feed is followed, every database is read once in this many sweeps all the same (30 s apart: 10 min). */
export const FULL_SWEEP_EVERY = 20;

export interface UserCommandSweepOptions {
  /**
   * A command is applied once the sweep has seen it pending for this long, so one the gateway is applying right
   * now is left to it. Measured from the sweep's own first sighting, not the device's clock.
   */
  olderThanMs?: number;
  now?: Date;
  /** Places approved listings on the map; decisions wait (pending) while it is unavailable. */
  gazetteer: () => Gazetteer | null;
  /** How many databases are read at once. */
  concurrency?: number;
  log?: (line: string) => void;
  /** The server's updates feed is followed and current (noteUpdate, noteGap): only the databases it named are read. */
  following?: () => boolean;
}

export interface SweepTotals {
  /** Commands applied by this sweep (filed, decided, or refused with a reason). */
  applied: number;
  /** Commands seen pending but left for later: too recent, failed (logged), or waiting for the gazetteer. */
  waiting: number;
}

export const newUserCommandSweepState = (): UserCommandSweepState => ({
  dbs: new Map(),
  suspects: new Map(),
  sweeps: 0,
  written: new Set(),
  gap: true,
  lastFullSweep: 0,
  approvals: null,
  approvalsSeen: new Map(),
});

/** The server's updates feed named a database as written (created or changed). */
export function noteUpdate(state: UserCommandSweepState, db: string): void {
  if (db.startsWith(USER_DB_PREFIX)) state.written.add(db);
}

/** The updates feed was (re)opened or broke: the next sweep reads every database. */
export function noteGap(state: UserCommandSweepState): void {
  state.gap = true;
}

interface DueCommand {
  userId: string;
  commandId: string;
}

const COMMAND_PREFIXES = [SUBMISSION_COMMAND_ID_PREFIX, ADMIN_DECISION_ID_PREFIX, `${LISTING_CLAIM_COMMAND_TYPE}:`, `${LISTING_UPDATE_COMMAND_TYPE}:`, REVIEW_COMMAND_ID_PREFIX];

const awaitsAnyApply = (doc: unknown) => awaitsApply(doc) || awaitsManagementApply(doc) || (isReviewCommandDoc(doc) && doc.status === 'pending');
/** Changes read per request while catching up with one database. */
const CHANGES_PAGE = 500;

/**
 * Brings the remembered state of one database up to date from its changes since the last read (one request for a
 * database that moved, however many kinds of command it holds; the first read starts from 0), so a favourite toggled
 * costs the next sweep one small read, not a listing of every command (`written`: named by the updates feed, it is
 * known to have moved, and the read of its update_seq is left out). A database deleted meanwhile is forgotten.
 */
async function scanDb(couch: CouchClient, state: UserCommandSweepState, db: string, nowMs: number, written: boolean): Promise<void> {
  try {
    const known = state.dbs.get(db);
    // A database the updates feed named as written has moved: its changes are read at once. Its update_seq is then
    // unknown (''), so the next full sweep reads its changes once more rather than trust an older one.
    let seq = '';
    if (!written || !known) {
      const info = await couch.call(() => couch.nano.db.get(db));
      seq = String(info.update_seq);
      if (known?.seq === seq) return;
    }
    const pending = new Map(known?.pending);
    let since = known?.since ?? '0';
    for (;;) {
      const page = await couch.call(() => couch.nano.db.changes(db, { since, include_docs: true, limit: CHANGES_PAGE }));
      for (const row of page.results as Array<(typeof page.results)[number] & { doc?: unknown }>) {
        if (!COMMAND_PREFIXES.some((prefix) => row.id.startsWith(prefix))) continue;
        if (!row.deleted && awaitsAnyApply(row.doc)) pending.set(row.id, pending.get(row.id) ?? nowMs);
        else pending.delete(row.id);
      }
      since = String(page.last_seq);
      if (page.results.length < CHANGES_PAGE) break;
    }
    state.dbs.set(db, { seq, since, pending });
  } catch (err) {
    if (!isNotFound(err)) throw err;
    state.dbs.delete(db);
  }
}

/**
 * One sweep over every user database: finds submission commands not yet filed and admin decisions not yet
 * applied, and applies those seen pending for at least `olderThanMs` (applications first, so a decision never
 * overtakes the filing it refers to). Applying is idempotent, so racing a gateway or another sweeper is safe.
 */
export async function sweepUserCommands(couch: CouchClient, state: UserCommandSweepState, options: UserCommandSweepOptions): Promise<SweepTotals> {
  const { olderThanMs = 5000, now = new Date(), gazetteer, concurrency = 4, log = (line: string) => console.log(line) } = options;
  const nowMs = now.getTime();
  const names = (await couch.call(() => couch.nano.db.list())).filter((n) => n.startsWith(USER_DB_PREFIX) && isUserId(n.slice(USER_DB_PREFIX.length)));
  const present = new Set(names);
  for (const db of state.dbs.keys()) if (!present.has(db)) state.dbs.delete(db);
  state.sweeps += 1;
  // Taken before anything is read: a database written from here on is named again for the next sweep.
  const written = state.written;
  state.written = new Set();
  const full = !options.following?.() || state.gap || state.sweeps - state.lastFullSweep >= FULL_SWEEP_EVERY;
  if (full) {
    state.gap = false;
    state.lastFullSweep = state.sweeps;
  }
  // Besides the written ones: those never read, and those whose reads failed (each when its turn comes).
  const wanted = names.filter((db) => full || written.has(db) || !state.dbs.has(db) || state.suspects.has(db));
  const due = wanted.filter((db) => (state.suspects.get(db)?.skipUntilSweep ?? 0) < state.sweeps);

  let scanFailures = 0;
  for (let i = 0; i < due.length; i += concurrency) {
    await Promise.all(
      due.slice(i, i + concurrency).map((db) =>
        scanDb(couch, state, db, nowMs, !full && written.has(db)).then(
          () => state.suspects.delete(db),
          (err: Error) => {
            scanFailures += 1;
            // Read again at the next sweep, written since or not.
            state.written.add(db);
            if (scanFailures <= 3) log(`[workers] user-commands: reading ${db}: ${err.message}`);
            if (!(err instanceof CouchUnavailableError)) return;
            const failures = (state.suspects.get(db)?.failures ?? 0) + 1;
            const skip = Math.min(2 ** (failures - 1), MAX_SKIPPED_SWEEPS);
            state.suspects.set(db, { failures, skipUntilSweep: state.sweeps + skip });
            log(`[workers] user-commands: the store went away while ${db} was read (${failures} time${failures === 1 ? '' : 's'}); it is left out of the next ${skip} sweep${skip === 1 ? '' : 's'}`);
          },
        ),
      ),
    );
  }

  const applications: DueCommand[] = [];
  const decisions: DueCommand[] = [];
  let waiting = 0;
  for (const [db, scanned] of state.dbs) {
    const userId = db.slice(USER_DB_PREFIX.length);
    for (const [commandId, firstSeen] of scanned.pending) {
      if (nowMs - firstSeen < olderThanMs) waiting += 1;
      // Applications, claims, owners' updates and reviews first; admins' decisions (which may need the gazetteer) after.
      else (ADMIN_DECISION_ID_PATTERN.test(commandId) ? decisions : applications).push({ userId, commandId });
    }
  }

  let applied = 0;
  const attempt = async ({ userId, commandId }: DueCommand, apply: () => Promise<unknown>) => {
    try {
      await apply();
      applied += 1;
      // Applying wrote the command's outcome into its database: the next sweep reads it again (and drops the command
      // from what is pending) without waiting for the updates feed to name it.
      if (isUserId(userId)) state.written.add(`${USER_DB_PREFIX}${userId}`);
    } catch (err) {
      waiting += 1;
      log(`[workers] user-commands: ${commandId} of ${userId}: ${(err as Error).message}`);
    }
  };
  for (const due of applications) {
    await attempt(due, () =>
      LISTING_CLAIM_COMMAND_ID_PATTERN.test(due.commandId)
        ? processClaimCommand(couch, due.userId, due.commandId, now)
        : LISTING_UPDATE_ID_PATTERN.test(due.commandId)
          ? applyListingUpdate(couch, due.userId, due.commandId, now)
          : REVIEW_COMMAND_ID_PATTERN.test(due.commandId)
            ? applyReviewCommand(couch, due.userId, due.commandId, now)
            : processSubmissionCommand(couch, due.userId, due.commandId, now),
    );
  }
  if (decisions.length && !gazetteer()) {
    // Without the place index an approval would be refused for a reason that is ours, not the admin's: wait.
    log(`[workers] user-commands: ${decisions.length} admin decision(s) wait for the gazetteer (run npm run build)`);
    waiting += decisions.length;
  } else {
    for (const due of decisions) await attempt(due, () => processAdminDecision(couch, due.userId, due.commandId, { gazetteer, now }));
  }

  // Approvals decided through the API whose effects a stopped gateway left undone (listing, owner, applicant told).
  state.approvals = await unfinishedApprovals(couch, state.approvals);
  const unfinished = new Set(state.approvals.ids);
  for (const id of state.approvalsSeen.keys()) if (!unfinished.has(id)) state.approvalsSeen.delete(id);
  for (const id of unfinished) {
    const firstSeen = state.approvalsSeen.get(id) ?? nowMs;
    state.approvalsSeen.set(id, firstSeen);
    if (nowMs - firstSeen < olderThanMs || !gazetteer()) {
      waiting += 1;
      continue;
    }
    await attempt({ userId: 'the admin queue', commandId: id }, () => finishUnfinishedApproval(couch, id, { gazetteer, now }));
  }
  // Finished ones leave the list at the next read (the queue changed).
  return { applied, waiting };
}
