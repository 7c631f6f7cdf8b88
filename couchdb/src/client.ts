// The one server-side door to CouchDB. The gateway and the workers ask this module for data; neither builds
// CouchDB URLs itself. Reads use nano; the replication proxy gets a streaming fetch with the credentials added.
import Nano, { type DocumentScope, type ServerScope } from 'nano';
import type { CouchConfig } from './config.ts';
import { DB, type DbName } from './definitions.ts';
import { isSanctuaryDoc, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { isVisibleReview, statsDocId, type ReviewDoc, type ReviewStatsDoc } from '@ss/domain/review';

/** CouchDB answered with an HTTP error (as opposed to being unreachable). */
export class CouchHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(`${statusCode} ${error}: ${reason}`);
  }
}

/** CouchDB could not be reached at all (down, restarting, network). */
export class CouchUnavailableError extends Error {}

export function isNotFound(err: unknown): boolean {
  return err instanceof CouchHttpError && err.statusCode === 404;
}

export function isConflict(err: unknown): boolean {
  return err instanceof CouchHttpError && err.statusCode === 409;
}

/** Runs a read, answering null instead of throwing when the document does not exist. */
export async function getOrNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await call(work);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * Reads, changes and writes one document, retrying when another writer changed it meanwhile. `change` returns
 * the next version, or null for "nothing to do" (then the current one is returned). Null when there is no such
 * document.
 */
export async function updateDoc<T extends { _id: string; _rev?: string }>(
  scope: { get(id: string): Promise<object>; insert(doc: never): Promise<{ rev: string }> },
  id: string,
  change: (doc: T) => T | null,
  attempts = 10,
): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const current = (await getOrNull(() => scope.get(id))) as T | null;
    if (!current) return null;
    const next = change(current);
    if (!next) return current;
    try {
      const res = await call(() => scope.insert(next as never));
      return { ...next, _rev: res.rev };
    } catch (err) {
      if (!isConflict(err) || attempt >= attempts - 1) throw err;
      // Writers racing for one document (an owner's edits, an admin's, the workers') retry after a short random
      // pause rather than all at once again: on CouchDB, whose writes take longer, six immediate retries under a
      // burst of edits to one listing could all lose.
      await new Promise((r) => setTimeout(r, Math.random() * 25 * (attempt + 1)));
    }
  }
}

function translate(err: unknown): Error {
  const e = err as { statusCode?: number; error?: string; reason?: string; description?: string; message?: string };
  if (typeof e?.statusCode === 'number') {
    return new CouchHttpError(e.statusCode, e.error ?? 'error', e.reason ?? e.description ?? e.message ?? '');
  }
  return new CouchUnavailableError(e?.message ?? 'CouchDB is unreachable');
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translate(err);
  }
}

export type CouchClient = ReturnType<typeof createCouchClient>;

export function createCouchClient(config: CouchConfig) {
  const authHeader = 'Basic ' + Buffer.from(`${config.username}:${config.password}`).toString('base64');
  const url = new URL(config.url);
  url.username = encodeURIComponent(config.username);
  url.password = encodeURIComponent(config.password);
  const nano: ServerScope = Nano({ url: url.toString().replace(/\/$/, '') });
  const use = <T extends object>(name: DbName): DocumentScope<T> => nano.db.use<T>(name);

  return {
    nano,
    use,
    call,

    /** True when CouchDB answers at all. */
    async ping(): Promise<boolean> {
      try {
        await nano.info();
        return true;
      } catch {
        return false;
      }
    },

    /**
     * A streaming request to CouchDB for the replication proxy. `path` is relative to the database and must
     * already be allow-listed by the caller. Asks for an uncompressed body: the embedded store's gzip stalls
     * continuous feeds, and the gateway compresses on its own side where it helps.
     */
    async forward(db: DbName | string, path: string, init: { method: string; headers?: Record<string, string>; body?: RequestInit['body']; signal?: AbortSignal }): Promise<Response> {
      const target = `${config.url}/${encodeURIComponent(db)}${path}`;
      try {
        return await fetch(target, {
          method: init.method,
          headers: { ...init.headers, authorization: authHeader, 'accept-encoding': 'identity' },
          body: init.body ?? null,
          signal: init.signal,
          // Node's fetch needs this to stream a request body.
          ...(init.body ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw new CouchUnavailableError((err as Error).message);
      }
    },

    /**
     * Every document of a database except design documents, page by page, with the update_seq read BEFORE
     * the first page: a replication continuing from that sequence replays anything written during the dump.
     */
    async *dump(db: DbName, pageSize = 2000): AsyncGenerator<{ updateSeq: string | number } | { docs: object[] }> {
      const scope = use<object>(db);
      const info = await call(() => nano.db.get(db));
      yield { updateSeq: info.update_seq as string | number };
      let startkey: string | undefined;
      for (;;) {
        const page = await call(() =>
          scope.list({ include_docs: true, limit: pageSize + 1, ...(startkey !== undefined ? { startkey } : {}) }),
        );
        const rows = page.rows.slice(0, pageSize);
        const docs = rows.filter((r) => !r.id.startsWith('_design/') && r.doc).map((r) => r.doc as object);
        if (docs.length) yield { docs };
        if (page.rows.length <= pageSize) return;
        startkey = page.rows[pageSize]!.id;
      }
    },

    sanctuaries: {
      async list(): Promise<SanctuaryDoc[]> {
        const res = await call(() => use<SanctuaryDoc>(DB.sanctuaries).list({ include_docs: true }));
        return res.rows.flatMap((r) => (isSanctuaryDoc(r.doc) ? [r.doc] : []));
      },
      async get(id: string): Promise<SanctuaryDoc | null> {
        if (id.startsWith('_')) return null;
        try {
          const doc = await call(() => use<SanctuaryDoc>(DB.sanctuaries).get(id));
          return isSanctuaryDoc(doc) ? doc : null;
        } catch (err) {
          if (isNotFound(err)) return null;
          throw err;
        }
      },
      /** The sanctuaries with these ids that exist, in the order asked for. */
      async getMany(ids: readonly string[]): Promise<SanctuaryDoc[]> {
        const keys = ids.filter((id) => id && !id.startsWith('_'));
        if (!keys.length) return [];
        const res = await call(() => use<SanctuaryDoc>(DB.sanctuaries).fetch({ keys }));
        return res.rows.flatMap((r) => ('doc' in r && isSanctuaryDoc(r.doc) ? [r.doc] : []));
      },
    },

    reviews: {
      /** Visible reviews of one sanctuary, newest first. */
      async forSanctuary(sanctuaryId: string): Promise<ReviewDoc[]> {
        const res = await call(() =>
          use<ReviewDoc>(DB.reviews).view('reviews', 'by_sanctuary', {
            startkey: [sanctuaryId, {}],
            endkey: [sanctuaryId],
            descending: true,
            reduce: false,
            include_docs: true,
          }),
        );
        return res.rows.flatMap((r) => (isVisibleReview(r.doc) ? [r.doc] : []));
      },
      /** The newest visible reviews across all sanctuaries. */
      async recent(limit: number): Promise<ReviewDoc[]> {
        const res = await call(() =>
          use<ReviewDoc>(DB.reviews).view('reviews', 'by_created', { descending: true, limit, include_docs: true }),
        );
        return res.rows.flatMap((r) => (isVisibleReview(r.doc) ? [r.doc] : []));
      },
      /** How many reviews are visible, and the newest `limit` of them (the community page's first screen). */
      async summary(limit: number): Promise<{ total: number; recent: ReviewDoc[] }> {
        const [count, recent] = await Promise.all([
          call(() => use(DB.reviews).view('reviews', 'by_sanctuary', { reduce: true })),
          this.recent(limit),
        ]);
        const value = count.rows[0]?.value as { count?: number } | undefined;
        return { total: value?.count ?? 0, recent };
      },
      async stats(sanctuaryId: string): Promise<ReviewStatsDoc | null> {
        try {
          return await call(() => use<ReviewStatsDoc>(DB.reviews).get(statsDocId(sanctuaryId)));
        } catch (err) {
          if (isNotFound(err)) return null;
          throw err;
        }
      },
    },
  };
}
