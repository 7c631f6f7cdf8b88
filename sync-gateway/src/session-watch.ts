// Live feeds held open under a session (/db/me and /db/submissions _changes, continuous or longpoll) end within
// moments of that session ending anywhere: signed out, signed out by a password change on another device, or
// expired (issue 19). A session ends by its document leaving the `sessions` database, whichever gateway removed
// it, so each gateway follows that database's change feed while it holds such feeds (one upstream feed per
// gateway, not one per device), and also closes its own at once when it ends a session itself. The running
// gateway follows it all the time (`keepFollowing`): its session cache (account-cache.ts) forgets a session the
// moment its document changes, and trusts what it remembers longer only while this feed is current.
import type { CouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import type { SessionDoc } from '@ss/couchdb/sessions';
import { createChangeWatch } from '@ss/couchdb/change-watch';

export type SessionWatch = ReturnType<typeof createSessionWatch>;

export interface SessionWatchOptions {
  /** Pause before following the sessions feed again after it broke (the store restarting). */
  retryMs?: number;
  /** Told of every session document that changes (refreshed or ended) while the feed is followed. */
  onChanged?: (sessionId: string) => void;
  /** Told when the feed was (re)opened or broke: a change in between may have been missed. */
  onGap?: () => void;
  log?: (line: string) => void;
}

export function createSessionWatch(couch: CouchClient, { retryMs = 500, onChanged, onGap, log }: SessionWatchOptions = {}) {
  /** Open feeds by session document id. */
  const feeds = new Map<string, Set<AbortController>>();
  /** Followed even with no feed open (the session cache relies on it): set by `keepFollowing`. */
  let always = false;
  const watch = createChangeWatch(couch, DB.sessions, {
    retryMs,
    log,
    onChange(id, deleted) {
      onChanged?.(id);
      if (deleted) close(id);
    },
    // A feed that was being opened, or broke, may have missed a deletion: check every open session again.
    async onGap() {
      onGap?.();
      await recheck();
    },
  });

  function close(sessionId: string) {
    const open = feeds.get(sessionId);
    if (!open) return;
    feeds.delete(sessionId);
    for (const feed of open) feed.abort(new Error('The session ended.'));
    if (!feeds.size) stopFollowing();
  }

  function stopFollowing() {
    if (!always) watch.stop();
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
      watch.start();
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

    /** Follows the sessions feed from now on whether or not any feed is open (the running gateway). */
    keepFollowing() {
      always = true;
      watch.start();
    },

    /** The feed is followed and current: a session ended anywhere is known here within moments. */
    fresh: () => watch.fresh(),

    stop() {
      always = false;
      for (const id of [...feeds.keys()]) close(id);
      watch.stop();
    },
  };
}

/** A `_changes` request that stays open (continuous, or longpoll waiting for a change). */
export function isLiveFeed(path: string, params: URLSearchParams): boolean {
  const feed = params.get('feed');
  return path.split('/').filter(Boolean)[0] === '_changes' && (feed === 'continuous' || feed === 'longpoll');
}
