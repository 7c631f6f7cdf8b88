// The replication checkpoints of users' devices (`GET`/`PUT /db/me/_local/<name>`), kept by the gateway and written
// to the store behind (issue 16). PouchDB reads a checkpoint before each write of it and writes one after every
// batch, on both sides of a two-way sync: four checkpoint writes per favourite toggled on an account with two
// devices, which were the store's largest kind of request. Here they are answered from memory, and each user's
// changed checkpoints reach the store together at most once per `flushAfterMs` (30 s, as often as CouchDB's own
// replicator checkpoints), and when the gateway stops.
//
// Why this is safe: a checkpoint is a hint, never data. PouchDB compares the checkpoint on both sides and starts
// from the newest sequence they agree on; an older or missing one (a gateway that died before writing, a device
// whose next request reaches another gateway, a name this gateway did not know was in the index) only makes it
// re-read changes it already has. Nothing is skipped, nothing is lost.
//
// What the store holds stays bounded as before: at most `maxPerUser` names per user, listed oldest first in the
// user's `_local/ss-checkpoints` (couchdb/src/user-db.ts), the oldest deleted past it. Revisions are CouchDB's
// `0-<n>` and, as in CouchDB, not checked: a replication's checkpoint only moves forward, and PouchDB re-reads
// after any write that fails.
import { userDbName } from '@ss/couchdb/definitions';
import { readCheckpointIndex, registerCheckpoints } from '@ss/couchdb/user-db';
import type { CouchClient } from '@ss/couchdb/client';

export interface CheckpointKeeperOptions {
  /** The longest a changed checkpoint waits in memory before it is written to the store. */
  flushAfterMs?: number;
  /** Checkpoints kept per user (in memory and in the store); the oldest go first. */
  maxPerUser: number;
  /** Users whose checkpoints are kept in memory; the least recently used are written out and forgotten. */
  maxUsers?: number;
  /** How long the index of names read from the store is trusted before a miss reads it again. */
  indexTtlMs?: number;
  log?: (line: string) => void;
}

type LocalDoc = Record<string, unknown>;

interface Entry {
  /** The body as the device wrote it, without `_id` and `_rev`. */
  doc: LocalDoc;
  /** The `n` of the `0-<n>` revision answered. */
  gen: number;
  /** The store's revision of it, when known (the embedded store checks it on write). */
  storeRev?: string;
  dirty: boolean;
}

interface UserCheckpoints {
  /** The names in the user's index, oldest first: as last read from the store, plus those added here since. */
  names: string[];
  /** Names added here and not yet written to the store's index. */
  unregistered: Set<string>;
  docs: Map<string, Entry>;
  loadedAt: number;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}

export type CheckpointRead = { status: 200; doc: LocalDoc } | { status: 404 };

export interface CheckpointKeeper {
  read(userId: string, name: string): Promise<CheckpointRead>;
  /** `doc` is a checked checkpoint body (replication-policy.ts checkLocalDoc). */
  write(userId: string, name: string, doc: LocalDoc): Promise<{ ok: true; id: string; rev: string }>;
  /** Writes every changed checkpoint to the store now (tests, and a gateway that stops). */
  flush(): Promise<void>;
  /** Stops the timers and writes what is left. */
  close(): Promise<void>;
}

const localRevGen = (rev: unknown): number => {
  const m = typeof rev === 'string' ? /^0-(\d{1,12})$/.exec(rev) : null;
  return m ? Number(m[1]) : 0;
};

export function createCheckpointKeeper(couch: CouchClient, options: CheckpointKeeperOptions): CheckpointKeeper {
  const { flushAfterMs = 30_000, maxPerUser, maxUsers = 5_000, indexTtlMs = 5 * 60_000, log = (line: string) => console.warn(line) } = options;
  const users = new Map<string, UserCheckpoints>();
  const loading = new Map<string, Promise<UserCheckpoints>>();
  let closed = false;

  /** The user's checkpoints, their index read from the store the first time (and again once it is old). */
  async function load(userId: string): Promise<UserCheckpoints> {
    const known = users.get(userId);
    if (known) {
      users.delete(userId);
      users.set(userId, known);
      return known;
    }
    const pending = loading.get(userId);
    if (pending) return pending;
    const task = readCheckpointIndex(couch, userId)
      .then((names) => {
        const u: UserCheckpoints = { names, unregistered: new Set(), docs: new Map(), loadedAt: Date.now() };
        users.set(userId, u);
        while (users.size > maxUsers) {
          const [oldestId, oldest] = users.entries().next().value!;
          users.delete(oldestId);
          if ([...oldest.docs.values()].some((e) => e.dirty)) void flushUser(oldestId, oldest);
          else clearTimeout(oldest.timer);
        }
        return u;
      })
      .finally(() => loading.delete(userId));
    loading.set(userId, task);
    return task;
  }

  /** Re-reads the index of a user with nothing waiting to be written, once it is older than indexTtlMs. */
  function refreshIfOld(userId: string, u: UserCheckpoints) {
    if (Date.now() - u.loadedAt < indexTtlMs || u.unregistered.size || [...u.docs.values()].some((e) => e.dirty)) return u;
    users.delete(userId);
    return undefined;
  }

  const present = (name: string, entry: Entry): LocalDoc => ({ ...entry.doc, _id: `_local/${name}`, _rev: `0-${entry.gen}` });

  async function read(userId: string, name: string): Promise<CheckpointRead> {
    let u = await load(userId);
    const hit = u.docs.get(name);
    if (hit) return { status: 200, doc: present(name, hit) };
    if (!u.names.includes(name)) {
      const fresher = refreshIfOld(userId, u);
      if (fresher) return { status: 404 };
      u = await load(userId);
      if (!u.names.includes(name)) return { status: 404 };
    }
    const res = await couch.forward(userDbName(userId), `/_local/${encodeURIComponent(name)}`, { method: 'GET', headers: { accept: 'application/json' } });
    if (res.status === 404) {
      await res.body?.cancel();
      return { status: 404 };
    }
    if (!res.ok) throw new Error(`Reading a checkpoint: the store answered ${res.status}`);
    const { _id: _ignored, _rev: rev, ...doc } = (await res.json()) as LocalDoc;
    // Written here meanwhile: that is newer.
    const now = u.docs.get(name);
    if (now) return { status: 200, doc: present(name, now) };
    if (!u.names.includes(name)) return { status: 404 };
    const entry: Entry = { doc, gen: localRevGen(rev), storeRev: typeof rev === 'string' ? rev : undefined, dirty: false };
    u.docs.set(name, entry);
    return { status: 200, doc: present(name, entry) };
  }

  async function write(userId: string, name: string, body: LocalDoc): Promise<{ ok: true; id: string; rev: string }> {
    const u = await load(userId);
    const { _id: _ignored, _rev: rev, ...doc } = body;
    if (!u.names.includes(name)) {
      u.names.push(name);
      u.unregistered.add(name);
      // Past the limit the oldest go, here at once and from the store at the next flush.
      for (const old of u.names.splice(0, Math.max(0, u.names.length - maxPerUser))) {
        u.docs.delete(old);
        u.unregistered.delete(old);
      }
    }
    let entry = u.docs.get(name);
    const gen = Math.max(entry?.gen ?? 0, localRevGen(rev)) + 1;
    if (entry) Object.assign(entry, { doc, gen, dirty: true });
    else u.docs.set(name, (entry = { doc, gen, dirty: true }));
    if (!u.timer && !closed) u.timer = setTimeout(() => void flushUser(userId, u), flushAfterMs).unref();
    return { ok: true, id: `_local/${name}`, rev: `0-${gen}` };
  }

  /** Writes one user's changed checkpoints: new names into the index first, then the documents, in one request. */
  function flushUser(userId: string, u: UserCheckpoints): Promise<void> {
    clearTimeout(u.timer);
    u.timer = undefined;
    const run = (u.flushing ?? Promise.resolve()).then(() => writeOut(userId, u)).catch((err: Error) => {
      log(`[gateway] checkpoints of ${userId}: ${err.message}; tried again later`);
      if (!u.timer && !closed) u.timer = setTimeout(() => void flushUser(userId, u), flushAfterMs).unref();
    });
    u.flushing = run.finally(() => {
      if (u.flushing === run) u.flushing = undefined;
    });
    return run;
  }

  async function writeOut(userId: string, u: UserCheckpoints): Promise<void> {
    if (u.unregistered.size) {
      const adding = [...u.unregistered];
      u.unregistered.clear();
      try {
        const { names } = await registerCheckpoints(couch, userId, adding, maxPerUser);
        // The store's index, then the names added here while it was written; what it evicted is forgotten here too.
        const addedSince = u.names.filter((n) => u.unregistered.has(n));
        u.names = [...names.filter((n) => !u.unregistered.has(n)), ...addedSince].slice(-maxPerUser);
        for (const n of u.docs.keys()) if (!u.names.includes(n)) u.docs.delete(n);
        u.loadedAt = Date.now();
      } catch (err) {
        for (const n of adding) if (u.names.includes(n)) u.unregistered.add(n);
        throw err;
      }
    }
    const db = userDbName(userId);
    const changed = [...u.docs].filter(([, entry]) => entry.dirty);
    if (!changed.length) return;
    for (const [, entry] of changed) entry.dirty = false;
    // All of them in one request (both stores take `_local` documents in `_bulk_docs`, each answered on its own).
    let results: Array<{ id?: unknown; rev?: unknown; error?: unknown }>;
    try {
      const res = await couch.forward(db, '/_bulk_docs', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ docs: changed.map(([name, entry]) => ({ ...entry.doc, _id: `_local/${name}`, ...(entry.storeRev ? { _rev: entry.storeRev } : {}) })) }),
      });
      // The user's database is gone (the account was deleted): nothing to keep.
      if (res.status === 404) {
        await res.body?.cancel();
        for (const [name] of changed) u.docs.delete(name);
        return;
      }
      if (!res.ok) throw new Error(`writing checkpoints: the store answered ${res.status}`);
      results = (await res.json()) as typeof results;
    } catch (err) {
      for (const [, entry] of changed) entry.dirty = true;
      throw err;
    }
    const byId = new Map(results.map((r) => [r.id, r]));
    for (const [name, entry] of changed) {
      const result = byId.get(`_local/${name}`);
      if (result && !result.error && typeof result.rev === 'string') {
        entry.storeRev = result.rev;
        continue;
      }
      // Refused (the store's revision moved: another gateway wrote it): this one alone, under the store's revision.
      const written = await putLocal(db, name, entry).catch((err: Error) => {
        entry.dirty = true;
        throw err;
      });
      if (written === 'gone') u.docs.delete(name);
    }
  }

  /** One checkpoint into the store, under the store's revision (read again when it has moved). */
  async function putLocal(db: string, name: string, entry: Entry): Promise<'ok' | 'gone'> {
    const path = `/_local/${encodeURIComponent(name)}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const body = JSON.stringify({ ...entry.doc, _id: `_local/${name}`, ...(entry.storeRev ? { _rev: entry.storeRev } : {}) });
      const res = await couch.forward(db, path, { method: 'PUT', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
      const answer = (await res.json().catch(() => ({}))) as { rev?: unknown; error?: unknown };
      if (res.ok) {
        if (typeof answer.rev === 'string') entry.storeRev = answer.rev;
        return 'ok';
      }
      // The user's database is gone (the account was deleted): nothing to keep.
      if (res.status === 404) return 'gone';
      if (res.status !== 409) throw new Error(`writing a checkpoint: the store answered ${res.status}`);
      const current = await couch.forward(db, path, { method: 'GET', headers: { accept: 'application/json' } });
      const stored = (await current.json().catch(() => ({}))) as { _rev?: unknown };
      entry.storeRev = typeof stored._rev === 'string' ? stored._rev : undefined;
    }
    throw new Error('writing a checkpoint: it kept conflicting');
  }

  async function flush(): Promise<void> {
    const waiting = [...users.entries()].filter(([, u]) => u.unregistered.size || u.flushing || [...u.docs.values()].some((e) => e.dirty));
    for (let i = 0; i < waiting.length; i += 8) await Promise.all(waiting.slice(i, i + 8).map(([id, u]) => flushUser(id, u)));
  }

  return {
    read,
    write,
    flush,
    async close() {
      closed = true;
      await flush();
      for (const u of users.values()) clearTimeout(u.timer);
    },
  };
}
