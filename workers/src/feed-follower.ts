// Follows one database's change feed from a checkpoint kept in a _local document of that database, so a
// restarted worker resumes where it stopped. Handlers must be idempotent: a crash between handling a batch
// and saving the checkpoint replays that batch.
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';

export interface Change<T> {
  id: string;
  seq: string | number;
  deleted?: boolean;
  doc?: T;
}

export interface FollowerOptions<T> {
  couch: CouchClient;
  db: DbName;
  /** Names the checkpoint document: `_local/worker-<name>`. */
  name: string;
  handle: (changes: Change<T>[]) => Promise<void>;
  batchSize?: number;
  idleDelayMs?: number;
  log?: (line: string) => void;
}

export interface Follower {
  stop(): Promise<void>;
  /** Resolves once the follower has caught up with the feed at least once since the call. */
  idle(): Promise<void>;
}

interface Checkpoint {
  _id: string;
  _rev?: string;
  since: string | number;
}

export function followFeed<T>(options: FollowerOptions<T>): Follower {
  const { couch, db, name, handle, batchSize = 200, idleDelayMs = 1000 } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const checkpointId = `_local/worker-${name}`;
  const scope = couch.use<Checkpoint>(db);
  let running = true;
  let wake: (() => void) | undefined;
  let idleWaiters: Array<() => void> = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function readCheckpoint(): Promise<Checkpoint> {
    try {
      return await couch.call(() => scope.get(checkpointId));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return { _id: checkpointId, since: 0 };
      throw err;
    }
  }

  const loop = (async () => {
    let checkpoint: Checkpoint | undefined;
    while (running) {
      try {
        if (!checkpoint) {
          checkpoint = await readCheckpoint();
          // Says where a (re)started follower picks up, which is how an operator sees it resumed.
          log(`[workers] ${name}: following ${db} from ${String(checkpoint.since) === '0' ? 'the start' : `checkpoint ${checkpoint.since}`}`);
        }
        const res = (await couch.call(() =>
          couch.nano.request({ db, path: '_changes', qs: { since: checkpoint!.since, limit: batchSize, include_docs: true } }),
        )) as { results: Change<T>[]; last_seq: string | number };
        const changes = res.results.filter((r) => !r.id.startsWith('_design/'));
        if (changes.length) await handle(changes);
        if (res.results.length) {
          const saved = await couch.call(() => scope.insert({ ...checkpoint!, since: res.last_seq }));
          checkpoint = { ...checkpoint, _rev: saved.rev, since: res.last_seq };
        }
        if (res.results.length < batchSize) {
          const waiters = idleWaiters;
          idleWaiters = [];
          waiters.forEach((w) => w());
          await sleep(idleDelayMs);
        }
      } catch (err) {
        checkpoint = undefined; // re-read: another instance may have advanced it, or the store restarted
        if (running) {
          log(`[workers] ${name}: ${(err as Error).message}; retrying`);
          await sleep(Math.max(idleDelayMs, 1000));
        }
      }
    }
  })();

  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake?.();
      });
    },
  };
}
