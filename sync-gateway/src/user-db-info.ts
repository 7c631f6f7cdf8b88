// A user's database info, read from the store once per user and window instead of once per request (issue 16):
// PouchDB asks `GET /db/me/` when each replication starts (a device's pull and push start together) and, while it
// pulls, after every batch (only to show progress in its active tasks); every push that adds documents checks the
// user's room against the document count. The info answered to a device is at most `infoTtlMs` old: PouchDB learns
// from it that the database is there, and replicates from its checkpoint and the changes feed, never from the
// info's counts. The room check trusts a count at most `usageTtlMs` old plus the documents this gateway has
// written since: the limit is a bound on what one account may pile up (tens of thousands of documents), not an
// exact figure, and what several gateways could add beyond it within a minute is bounded by the per-user document
// budget (write-limits.ts).
import type { CouchClient } from '@ss/couchdb/client';
import { userDbName } from '@ss/couchdb/definitions';

interface Entry {
  at: number;
  body: string;
  /** Documents (deleted ones too) and bytes on disk, as the body says. */
  docs: number;
  bytes: number;
  /** Documents this gateway wrote since the body was read. */
  written: number;
}

export interface UserDbInfoCache {
  /** The store's answer to `GET /userdb-…` (a 404 or an error is never kept). */
  info(userId: string): Promise<{ status: number; body: string }>;
  /** Documents (deleted ones too, which take room) and bytes on disk, as of at most usageTtlMs ago plus what was written here. */
  usage(userId: string): Promise<{ docs: number; bytes: number }>;
  /** Notes documents just written to the user's database through this gateway. */
  wrote(userId: string, docs: number): void;
}

function sizeOf(body: string): { docs: number; bytes: number } {
  const info = JSON.parse(body) as { doc_count?: number; doc_del_count?: number; disk_size?: number; sizes?: { file?: number } };
  return { docs: (info.doc_count ?? 0) + (info.doc_del_count ?? 0), bytes: info.sizes?.file ?? info.disk_size ?? 0 };
}

export function userDbInfoCache(couch: CouchClient, { infoTtlMs = 5_000, usageTtlMs = 60_000, maxUsers = 10_000, now = Date.now } = {}): UserDbInfoCache {
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<{ status: number; body: string }>>();

  function read(userId: string): Promise<{ status: number; body: string }> {
    let pending = reading.get(userId);
    if (!pending) {
      pending = couch
        .forward(userDbName(userId), '', { method: 'GET', headers: { accept: 'application/json' } })
        .then(async (res) => {
          const answer = { status: res.status, body: await res.text() };
          if (res.status === 200) {
            entries.delete(userId);
            entries.set(userId, { at: now(), body: answer.body, ...sizeOf(answer.body), written: 0 });
            if (entries.size > maxUsers) entries.delete(entries.keys().next().value!);
          } else entries.delete(userId);
          return answer;
        })
        .finally(() => reading.delete(userId));
      reading.set(userId, pending);
    }
    return pending;
  }

  const fresh = (userId: string, ttlMs: number) => {
    const entry = entries.get(userId);
    return entry && now() - entry.at < ttlMs ? entry : undefined;
  };

  return {
    async info(userId) {
      const entry = fresh(userId, infoTtlMs);
      return entry ? { status: 200, body: entry.body } : read(userId);
    },
    async usage(userId) {
      let entry = fresh(userId, usageTtlMs);
      if (!entry) {
        const answer = await read(userId);
        if (answer.status !== 200) throw Object.assign(new Error(`Reading the user's database: the store answered ${answer.status}`), { statusCode: answer.status });
        entry = entries.get(userId) ?? { at: now(), body: answer.body, ...sizeOf(answer.body), written: 0 };
      }
      return { docs: entry.docs + entry.written, bytes: entry.bytes };
    },
    wrote(userId, docs) {
      const entry = entries.get(userId);
      if (entry) entry.written += docs;
    },
  };
}
