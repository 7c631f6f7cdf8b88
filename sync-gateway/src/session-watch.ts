// Live feeds held open under a session (/db/me and /db/submissions _changes, continuous or longpoll) end within
// moments of that session ending anywhere: signed out, signed out by a password change on another device, or
// expired (issue 19). A session ends by its document leaving the `sessions` database, whichever gateway removed
// it, so each gateway follows that database's change feed while it holds such feeds (one upstream feed per
// gateway, not one per device), and also closes its own at once when it ends a session itself.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { feedLines } from '@ss/couchdb/feed-lines';
import type { SessionDoc } from '@ss/couchdb/sessions';

export type SessionWatch = ReturnType<typeof createSessionWatch>;

export interface SessionWatchOptions {
  /** Pause before following the sessions feed again after it broke (the store restarting). */
  retryMs?: number;
  /** Told of every session that ends while the feed is followed (the gateway's session cache forgets it). */
  onEnded?: (sessionId: string) => void;
  log?: (line: string) => void;
}

export function createSessionWatch(couch: CouchClient, { retryMs = 500, onEnded, log = (line: string) => console.error(line) }: SessionWatchOptions = {}) {
  /** Open feeds by session document id. */
  const feeds = new Map<string, Set<AbortController>>();
  let follower: AbortController | null = null;

  function close(sessionId: string) {
    const open = feeds.get(sessionId);
    if (!open) return;
    feeds.delete(sessionId);
    for (const feed of open) feed.abort(new Error('The session ended.'));
    if (!feeds.size) stopFollowing();
  }

  function stopFollowing() {
    follower?.abort();
    follower = null;
  }

  /** Follows `sessions` from now on, closing the feeds of every session that is deleted, until told to stop. */
  async function follow(stop: AbortController) {
    let since = 'now';
    while (!stop.signal.aborted) {
      try {
        const res = await couch.forward(DB.sessions, `/_changes?feed=continuous&heartbeat=10000&since=${encodeURIComponent(since)}`, { method: 'GET', signal: stop.signal });
        if (!res.ok || !res.body) throw new Error(`the sessions feed answered ${res.status}`);
        // Following from here on: a session that ended before (while the feed was being opened) is found now.
        void recheck();
        for await (const change of feedLines<{ id?: string; deleted?: boolean; seq?: unknown }>(res.body)) {
          if (change.seq !== undefined) since = typeof change.seq === 'string' ? change.seq : JSON.stringify(change.seq);
          if (change.deleted && change.id) {
            onEnded?.(change.id);
            close(change.id);
          }
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        log(`[gateway] following sessions: ${(err as Error).message}; trying again`);
      }
      // A feed that ended or broke may have missed a deletion: check every open session again, then go on.
      await recheck();
      await new Promise((r) => setTimeout(r, retryMs).unref());
    }
  }

  /** Closes the feeds of sessions that no longer exist (after a gap in following). */
  async function recheck() {
    for (const id of [...feeds.keys()]) {
      try {
        await couch.call(() => couch.nano.db.use(DB.sessions).head(id));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) close(id);
      }
    }
  }

  return {
    /**
     * A signal for a live feed held under `session`: it aborts when the request ends, when the session ends, or
     * when it expires. `release` forgets the feed once it is over.
     */
    open(session: SessionDoc, requestSignal: AbortSignal): { signal: AbortSignal; release: () => void } {
      const feed = new AbortController();
      let set = feeds.get(session._id);
      if (!set) feeds.set(session._id, (set = new Set()));
      set.add(feed);
      if (!follower) {
        follower = new AbortController();
        void follow(follower);
      }
      const untilExpiry = Date.parse(session.expiresAt) - Date.now();
      const expiry = setTimeout(() => feed.abort(new Error('The session expired.')), Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1)));
      expiry.unref();
      const release = () => {
        clearTimeout(expiry);
        const open = feeds.get(session._id);
        open?.delete(feed);
        if (open && !open.size) feeds.delete(session._id);
        if (!feeds.size) stopFollowing();
      };
      return { signal: AbortSignal.any([requestSignal, feed.signal]), release };
    },

    /** Ends this gateway's feeds of a session it has just ended itself (the feed above tells the others). */
    revoked(sessionId: string) {
      close(sessionId);
    },

    /** How many feeds are open (tests, metrics). */
    openFeeds(): number {
      let n = 0;
      for (const set of feeds.values()) n += set.size;
      return n;
    },

    stop() {
      for (const id of [...feeds.keys()]) close(id);
      stopFollowing();
    },
  };
}

/** A `_changes` request that stays open (continuous, or longpoll waiting for a change). */
export function isLiveFeed(path: string, params: URLSearchParams): boolean {
  const feed = params.get('feed');
  return path.split('/').filter(Boolean)[0] === '_changes' && (feed === 'continuous' || feed === 'longpoll');
}
