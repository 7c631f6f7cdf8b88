// Follows one store database's continuous change feed from "now" on, one upstream feed per gateway, and says of
// each change which document it touched. Used where the gateway keeps something that a change elsewhere (another
// gateway, the workers, an admin's script) must invalidate at once: live feeds held under a session
// (sync-gateway/src/session-watch.ts) and the remembered sessions and accounts (account-cache.ts there). The
// feed's heartbeat arrives every HEARTBEAT_MS when nothing changes, so `fresh()` can tell a feed that is quiet from
// one that is stalled.
// `createDbUpdatesWatch` follows the server's `_db_updates` the same way: which database was written, any of them
// (the users' own databases: the gateway's user-feeds.ts, and the workers' user-command sweep, which reads only the
// databases written since its last sweep: user-command-sweep.ts).
import type { CouchClient } from './client.ts';
import type { DbName } from './definitions.ts';
import { feedLines } from './feed-lines.ts';

export const HEARTBEAT_MS = 1000;
/** Nothing heard for this long (heartbeats included): the feed is not trusted to be current. */
export const FRESH_MS = 2500;

export interface ChangeWatchOptions {
  /** Every change, as it arrives. */
  onChange: (id: string, deleted: boolean) => void;
  /** After the feed was (re)opened, and after it broke: a change in the gap may have been missed. */
  onGap?: () => void | Promise<void>;
  /** Pause before following again after the feed broke (the store restarting). */
  retryMs?: number;
  log?: (line: string) => void;
  /** Who follows, for the log: `gateway` unless said. */
  who?: string;
}

export type ChangeWatch = ReturnType<typeof createChangeWatch>;

export function createChangeWatch(couch: CouchClient, db: DbName, { onChange, ...options }: ChangeWatchOptions) {
  return followFeed<{ id?: string; deleted?: boolean; seq?: unknown }>(
    couch,
    db,
    (since) => `/_changes?feed=continuous&heartbeat=${HEARTBEAT_MS}&since=${encodeURIComponent(since)}`,
    (change) => {
      if (change.id) onChange(change.id, change.deleted === true);
    },
    options,
    `the ${db} feed`,
  );
}

export interface DbUpdatesWatchOptions extends Omit<ChangeWatchOptions, 'onChange'> {
  /**
   * Every database written, as the store says so. The embedded store adds the database's sequence after the write
   * (`db_update_seq`); CouchDB does not (undefined).
   */
  onUpdate: (dbName: string, dbUpdateSeq?: unknown) => void;
}

/**
 * The server's `_db_updates` (CouchDB: needs the `_global_changes` database, created by setup; the embedded store
 * offers it too): one line per database written. Always followed from "now": after a gap, `onGap` says what may
 * have been missed.
 */
export function createDbUpdatesWatch(couch: CouchClient, { onUpdate, ...options }: DbUpdatesWatchOptions) {
  return followFeed<{ db_name?: unknown; type?: unknown; seq?: unknown; db_update_seq?: unknown }>(
    couch,
    '_db_updates',
    () => `?feed=continuous&heartbeat=${HEARTBEAT_MS}&since=now`,
    (update) => {
      if (typeof update.db_name === 'string' && update.type !== 'deleted') onUpdate(update.db_name, update.db_update_seq);
    },
    options,
    'the server\'s database updates',
  );
}

function followFeed<Line extends { seq?: unknown }>(
  couch: CouchClient,
  target: string,
  pathFrom: (since: string) => string,
  onLine: (line: Line) => void,
  { onGap, retryMs = 500, log = (line: string) => console.error(line), who = 'gateway' }: Omit<ChangeWatchOptions, 'onChange'>,
  what: string,
) {
  let follower: AbortController | null = null;
  let connected = false;
  let lastHeard = 0;

  async function follow(stop: AbortController) {
    let since = 'now';
    while (!stop.signal.aborted) {
      try {
        const res = await couch.forward(target, pathFrom(since), { method: 'GET', signal: stop.signal });
        if (!res.ok || !res.body) throw new Error(`${what} answered ${res.status}`);
        connected = true;
        lastHeard = Date.now();
        // Following from here on: what changed while the feed was being opened is looked at now.
        void onGap?.();
        for await (const line of feedLines<Line>(res.body, () => (lastHeard = Date.now()))) {
          if (line.seq !== undefined) since = typeof line.seq === 'string' ? line.seq : JSON.stringify(line.seq);
          onLine(line);
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        log(`[${who}] following ${what}: ${(err as Error).message}; trying again`);
      } finally {
        connected = false;
      }
      await onGap?.();
      await new Promise((r) => setTimeout(r, retryMs).unref());
    }
  }

  return {
    start() {
      if (follower) return;
      follower = new AbortController();
      void follow(follower);
    },
    stop() {
      follower?.abort();
      follower = null;
      connected = false;
    },
    following: () => follower !== null,
    /** Open, and heard from (a change or a heartbeat) within FRESH_MS. */
    fresh: () => connected && Date.now() - lastHeard < FRESH_MS,
  };
}
