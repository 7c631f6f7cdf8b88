// Whole-store backups (`npm run backup`) and their restore (`npm run restore`).
//
// File format: gzip'd NDJSON, one JSON object per line.
//   1. {"type":"header","format":"sanctuary-seekers-backup","version":1,"createdAt":…,"source":…,
//       "databases":[{"name","docs","deleted","updateSeq"}]}
//   2. per database: {"type":"security","db":…,"security":{…}}, then {"type":"doc","db":…,"doc":{…}} for every
//      document — design documents and deletion tombstones included — with its `_revisions` history and its
//      attachments inline (base64), exactly as `_bulk_get?revs=true&attachments=true` gives it.
//   3. {"type":"footer","docs":<total>}: a file without it was cut short and is refused.
//
// What is in it: every database of the store that is not a system database (`_users`, `_replicator`): the
// directory, reviews, media with photo and thumbnail bytes, users (with password hashes), sessions (only
// token hashes, so people stay signed in), submissions, commands, votes and every user's own userdb-<id>.
// The file is therefore as sensitive as the store; it is written readable by its owner only.
// What is not: `_local` documents (replication and worker checkpoints: the workers follow their feeds again
// from the start, which is idempotent, and devices compare revisions before pushing), and conflicting losing
// revisions (only each document's winning revision is kept).
//
// Restore writes with new_edits=false, so every document keeps its `_rev` and history: a device that already
// has a document sees the same revision and replicates on without conflicts, and restoring the same file twice
// changes nothing. A database that holds documents other than design documents is refused unless `force`;
// with it the backup is merged in as replication would (a document edited since the backup may end with a
// conflict, resolved by CouchDB's usual deterministic winner). Design documents already present in the target
// are kept (setup brings them to the current definitions afterwards); missing ones are restored if they are ours
// as they are today (definitions.ts), else left out: a backup made before a user's database lost its design
// document (issue 16) must not bring it back, and the embedded store refuses any other. Databases are made as setup
// makes them (databases.ts createDb: a user's in one shard). Sequence
// numbers are the store's own and are not restored: devices that replicated from the old store resume from
// their saved sequence, so after restoring into a NEW store, devices should start over (clear site data), or
// the store should have seen at least as many updates as the old one.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { CouchHttpError, type CouchClient } from './client.ts';
import { createDb } from './databases.ts';
import { isOwnDesignDoc } from './definitions.ts';

export const BACKUP_FORMAT = 'sanctuary-seekers-backup';
export const BACKUP_VERSION = 1;

export interface BackupDbInfo {
  name: string;
  /** Live documents, design documents included. */
  docs: number;
  /** Deletion tombstones. */
  deleted: number;
  updateSeq: string | number;
}

export interface BackupHeader {
  type: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: string;
  databases: BackupDbInfo[];
}

export type StoredDoc = { _id: string; _rev: string; _deleted?: boolean; _attachments?: Record<string, { data?: string; digest?: string }> } & Record<string, unknown>;

export type BackupLine =
  | BackupHeader
  | { type: 'security'; db: string; security: Record<string, unknown> }
  | { type: 'doc'; db: string; doc: StoredDoc }
  | { type: 'footer'; docs: number };

export interface BackupSummary {
  file: string;
  bytes: number;
  databases: BackupDbInfo[];
  docs: number;
  attachments: number;
  seconds: number;
}

export interface RestoreSummary {
  databases: Array<{ name: string; written: number; skippedDesignDocs: number }>;
  docs: number;
  seconds: number;
}

/** Thrown when restore would write over databases that have content of their own. */
export class RestoreRefusedError extends Error {
  constructor(readonly nonEmpty: Array<{ name: string; docs: number }>) {
    super(
      `These databases already hold documents: ${nonEmpty.map((d) => `${d.name} (${d.docs})`).join(', ')}. ` +
        'Restore into an empty store, or pass --force to merge the backup in (documents keep their revisions).',
    );
  }
}

/** System databases belong to the CouchDB server itself, not to the product. */
export const isAppDatabase = (name: string): boolean => !name.startsWith('_');

/** How many documents one `_bulk_get` asks for: photos are large, so media goes a few at a time. */
const bulkGetSize = (db: string) => (db === 'media' ? 5 : 200);
/** Restore writes in batches of at most this many documents or (roughly) bytes. */
const RESTORE_BATCH_DOCS = 200;
const RESTORE_BATCH_BYTES = 8 * 1024 * 1024;

const request = <T>(couch: CouchClient, opts: Parameters<CouchClient['nano']['request']>[0]) => couch.call(() => couch.nano.request(opts)) as Promise<T>;

type ChangesPage = { results: Array<{ id: string; deleted?: boolean; changes: Array<{ rev: string }> }>; last_seq: string | number };

/** Every document id of a database with its winning revision, deleted ones included, from the change feed. */
async function listRevisions(couch: CouchClient, db: string): Promise<{ live: Map<string, string>; deleted: Map<string, string> }> {
  const live = new Map<string, string>();
  const deleted = new Map<string, string>();
  let since: string | number = 0;
  for (;;) {
    const page: ChangesPage = await request<ChangesPage>(couch, {
      db,
      path: '_changes',
      qs: { since, limit: 5000 },
    });
    for (const r of page.results) {
      const rev = r.changes[0]?.rev;
      if (!rev || r.id.startsWith('_local/')) continue;
      // A document changed during the listing shows up again later; the later entry is the newer one.
      live.delete(r.id);
      deleted.delete(r.id);
      (r.deleted ? deleted : live).set(r.id, rev);
    }
    if (!page.results.length) return { live, deleted };
    since = page.last_seq;
  }
}

async function bulkGet(couch: CouchClient, db: string, docs: Array<{ id: string; rev: string }>): Promise<StoredDoc[]> {
  const res = await request<{ results: Array<{ id: string; docs: Array<{ ok?: StoredDoc; error?: { error: string; reason: string } }> }> }>(couch, {
    db,
    path: '_bulk_get',
    method: 'POST',
    qs: { revs: true, attachments: true },
    body: { docs },
  });
  return res.results.flatMap((r) =>
    r.docs.flatMap((d) => {
      // Compacted away or changed since the listing: the newer revision is picked up by a later backup.
      if (!d.ok) return [];
      return [d.ok];
    }),
  );
}

export async function listAppDatabases(couch: CouchClient): Promise<string[]> {
  const names = await couch.call(() => couch.nano.db.list());
  return names.filter(isAppDatabase).sort();
}

/** Writes every application database to `file` (gzip NDJSON, see the header comment). */
export async function writeBackup(couch: CouchClient, file: string, { source = '', log = () => {} }: { source?: string; log?: (line: string) => void } = {}): Promise<BackupSummary> {
  const started = Date.now();
  const names = await listAppDatabases(couch);
  const plans: Array<BackupDbInfo & { revs: Array<{ id: string; rev: string }> }> = [];
  for (const name of names) {
    const info = await couch.call(() => couch.nano.db.get(name));
    const { live, deleted } = await listRevisions(couch, name);
    const revs = [...live, ...deleted].map(([id, rev]) => ({ id, rev }));
    plans.push({ name, docs: live.size, deleted: deleted.size, updateSeq: info.update_seq as string | number, revs });
  }
  const header: BackupHeader = {
    type: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    databases: plans.map(({ revs: _revs, ...info }) => info),
  };

  let docs = 0;
  let attachments = 0;
  async function* lines(): AsyncGenerator<string> {
    yield JSON.stringify(header) + '\n';
    for (const plan of plans) {
      const security = await request<Record<string, unknown>>(couch, { db: plan.name, path: '_security' });
      yield JSON.stringify({ type: 'security', db: plan.name, security } satisfies BackupLine) + '\n';
      const size = bulkGetSize(plan.name);
      for (let i = 0; i < plan.revs.length; i += size) {
        for (const doc of await bulkGet(couch, plan.name, plan.revs.slice(i, i + size))) {
          docs++;
          attachments += Object.keys(doc._attachments ?? {}).length;
          yield JSON.stringify({ type: 'doc', db: plan.name, doc } satisfies BackupLine) + '\n';
        }
      }
      log(`backed up ${plan.name}: ${plan.docs} documents, ${plan.deleted} deleted`);
    }
    yield JSON.stringify({ type: 'footer', docs } satisfies BackupLine) + '\n';
  }

  // Written beside the target and renamed at the end, so a failed run never leaves a half file under its name.
  const partial = `${file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file, bytes: fs.statSync(file).size, databases: header.databases, docs, attachments, seconds: (Date.now() - started) / 1000 };
}

/** Parses one line of a backup file, checking the shape well enough to refuse something that is not one. */
export function parseBackupLine(text: string): BackupLine {
  const value = JSON.parse(text) as Partial<BackupLine> & { db?: unknown; doc?: { _id?: unknown; _rev?: unknown } };
  switch (value?.type) {
    case 'header': {
      const h = value as Partial<BackupHeader>;
      if (h.format !== BACKUP_FORMAT) throw new Error('Not a Sanctuary Seekers backup.');
      if (h.version !== BACKUP_VERSION) throw new Error(`Backup format version ${String(h.version)} is not supported (this version reads ${BACKUP_VERSION}).`);
      if (!Array.isArray(h.databases)) throw new Error('The backup header lists no databases.');
      return value as BackupHeader;
    }
    case 'security':
      if (typeof value.db !== 'string' || !isAppDatabase(value.db)) throw new Error('A security line names no database.');
      return value as BackupLine;
    case 'doc':
      if (typeof value.db !== 'string' || !isAppDatabase(value.db) || typeof value.doc?._id !== 'string' || typeof value.doc._rev !== 'string') {
        throw new Error('A document line lacks its database, _id or _rev.');
      }
      return value as BackupLine;
    case 'footer':
      return value as BackupLine;
    default:
      throw new Error('Unknown line in the backup file.');
  }
}

async function* readLines(file: string): AsyncGenerator<BackupLine> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let first = true;
  for await (const text of rl) {
    if (!text) continue;
    const line = parseBackupLine(text);
    if (first && line.type !== 'header') throw new Error('Not a Sanctuary Seekers backup (no header line).');
    first = false;
    yield line;
  }
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readLines(file)) return line as BackupHeader;
  throw new Error('The backup file is empty.');
}

async function nonDesignDocCount(couch: CouchClient, db: string): Promise<number | null> {
  try {
    const info = await couch.call(() => couch.nano.db.get(db));
    const design = await request<{ rows: unknown[] }>(couch, { db, path: '_all_docs', qs: { startkey: '"_design/"', endkey: '"_design0"' } });
    return info.doc_count - design.rows.length;
  } catch (err) {
    if (err instanceof CouchHttpError && err.statusCode === 404) return null;
    throw err;
  }
}

/**
 * Brings a backup back: creates missing databases, restores `_security`, and writes every document with its
 * revision (new_edits=false). Refuses databases that already hold documents unless `force`.
 */
export async function restoreBackup(couch: CouchClient, file: string, { force = false, log = () => {} }: { force?: boolean; log?: (line: string) => void } = {}): Promise<RestoreSummary> {
  const started = Date.now();
  const header = await readBackupHeader(file);
  const nonEmpty: Array<{ name: string; docs: number }> = [];
  for (const db of header.databases) {
    const docs = await nonDesignDocCount(couch, db.name);
    if (docs) nonEmpty.push({ name: db.name, docs });
  }
  if (nonEmpty.length && !force) throw new RestoreRefusedError(nonEmpty);

  const results = new Map<string, { name: string; written: number; skippedDesignDocs: number }>();
  const existingDesign = new Map<string, Set<string>>();
  let batch: { db: string; docs: StoredDoc[]; bytes: number } | null = null;
  let total = 0;
  let footer: number | null = null;

  const flush = async () => {
    if (!batch?.docs.length) return;
    const { db, docs } = batch;
    batch = null;
    const res = await request<Array<{ id: string; error?: string; reason?: string }>>(couch, { db, path: '_bulk_docs', method: 'POST', body: { docs, new_edits: false } });
    const failed = res.filter((r) => r.error);
    if (failed.length) throw new Error(`Restoring ${db} failed for ${failed.length} documents, e.g. ${failed[0]!.id}: ${failed[0]!.error} ${failed[0]!.reason ?? ''}`);
    results.get(db)!.written += docs.length;
    total += docs.length;
  };

  for await (const line of readLines(file)) {
    if (line.type === 'header') continue;
    if (line.type === 'footer') {
      footer = line.docs;
      continue;
    }
    if (line.type === 'security') {
      await flush();
      await createDb(couch, line.db, []);
      await request(couch, { db: line.db, path: '_security', method: 'PUT', body: line.security });
      const design = await request<{ rows: Array<{ id: string }> }>(couch, { db: line.db, path: '_all_docs', qs: { startkey: '"_design/"', endkey: '"_design0"' } });
      existingDesign.set(line.db, new Set(design.rows.map((r) => r.id)));
      results.set(line.db, { name: line.db, written: 0, skippedDesignDocs: 0 });
      continue;
    }
    const result = results.get(line.db);
    if (!result) throw new Error(`The backup has documents of ${line.db} before its security line.`);
    const id = String(line.doc._id);
    if (existingDesign.get(line.db)!.has(id) || (id.startsWith('_design/') && !isOwnDesignDoc(line.db, line.doc))) {
      result.skippedDesignDocs++;
      continue;
    }
    const bytes = JSON.stringify(line.doc).length;
    if (batch && (batch.db !== line.db || batch.docs.length >= RESTORE_BATCH_DOCS || batch.bytes + bytes > RESTORE_BATCH_BYTES)) await flush();
    batch ??= { db: line.db, docs: [], bytes: 0 };
    batch.docs.push(line.doc);
    batch.bytes += bytes;
  }
  await flush();
  const skipped = [...results.values()].reduce((n, r) => n + r.skippedDesignDocs, 0);
  if (footer === null) throw new Error(`The backup file ends early (no footer); ${total} documents were restored from it.`);
  if (footer !== total + skipped) throw new Error(`The backup lists ${footer} documents but ${total + skipped} were read.`);
  for (const r of results.values()) log(`restored ${r.name}: ${r.written} documents${r.skippedDesignDocs ? ` (left out ${r.skippedDesignDocs} design documents: already there, or not ours)` : ''}`);
  return { databases: [...results.values()], docs: total, seconds: (Date.now() - started) / 1000 };
}
