// Follows one store database's continuous change feed from "now" on, one upstream feed per gateway, and says of
// each change which document it touched. Used where the gateway keeps something that a change elsewhere (another
// gateway, the workers, an admin's script) must invalidate at once: live feeds held under a session
// (session-watch.ts) and the remembered sessions and accounts (account-cache.ts). The feed's heartbeat arrives
// every HEARTBEAT_MS when nothing changes, so `fresh()` can tell a feed that is quiet from one that is stalled.
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';
import { feedLines } from '@ss/couchdb/feed-lines';

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
}

export type ChangeWatch = ReturnType<typeof createChangeWatch>;

export function createChangeWatch(couch: CouchClient, db: DbName, { onChange, onGap, retryMs = 500, log = (line: string) => console.error(line) }: ChangeWatchOptions) {
  let follower: AbortController | null = null;
  let connected = false;
  let lastHeard = 0;

  async function follow(stop: AbortController) {
    let since = 'now';
    while (!stop.signal.aborted) {
      try {
        const res = await couch.forward(db, `/_changes?feed=continuous&heartbeat=${HEARTBEAT_MS}&since=${encodeURIComponent(since)}`, { method: 'GET', signal: stop.signal });
        if (!res.ok || !res.body) throw new Error(`the ${db} feed answered ${res.status}`);
        connected = true;
        lastHeard = Date.now();
        // Following from here on: what changed while the feed was being opened is looked at now.
        void onGap?.();
        for await (const change of feedLines<{ id?: string; deleted?: boolean; seq?: unknown }>(res.body, () => (lastHeard = Date.now()))) {
          if (change.seq !== undefined) since = typeof change.seq === 'string' ? change.seq : JSON.stringify(change.seq);
          if (change.id) onChange(change.id, change.deleted === true);
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        log(`[gateway] following ${db}: ${(err as Error).message}; trying again`);
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
