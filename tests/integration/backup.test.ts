// `npm run backup` and `npm run restore` round-trip a populated store: the backup is taken from a running
// embedded store found through DATA_DIR, restored into a brand-new data directory (restore starts that store
// itself), and every database is compared document by document — revisions, revision histories, deletions,
// attachment digests — with _security and design documents.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppDatabases, readBackupHeader } from '@ss/couchdb/backup';
import { createCouchClient, type CouchClient } from '@ss/couchdb/client';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { startLocalStore } from '@ss/couchdb/store-choice';
import { submitReviewCommand } from '@ss/couchdb/review-commands';
import { voteHelpful } from '@ss/couchdb/review-moderation';
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import { createSessions } from '@ss/couchdb/sessions';
import { ensureUserDb } from '@ss/couchdb/user-db';
import { createUsers } from '@ss/couchdb/users';
import { newFavorite } from '@ss/domain/favorite';
import { newReviewCommand, type ReviewCommandDoc } from '@ss/domain/review-command';
import { userIdOf } from '@ss/domain/user';
import { startStoreFixture, type StoreFixture } from '../../couchdb/tests/integration/store-fixture.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let fx: StoreFixture;
let tmp: string;

/** Runs one of our CLI scripts the way `npm run` does, against the embedded store of `dataDir`. */
async function cli(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.COUCHDB_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

interface DbSnapshot {
  security: unknown;
  /** id → the winning revision with its history, the body, and attachments as digest + length. */
  docs: Map<string, unknown>;
  conflicts: string[];
}

/** Everything a database holds that a backup promises to keep, in comparable form. */
async function snapshot(couch: CouchClient, db: string): Promise<DbSnapshot> {
  const security = await couch.nano.request({ db, path: '_security' });
  const changes = (await couch.nano.request({ db, path: '_changes', qs: { style: 'main_only' } })) as { results: Array<{ id: string; changes: Array<{ rev: string }> }> };
  const keys = changes.results.map((r) => ({ id: r.id, rev: r.changes[0]!.rev }));
  const docs = new Map<string, unknown>();
  const conflicts: string[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const res = (await couch.nano.request({ db, path: '_bulk_get', method: 'POST', qs: { revs: true }, body: { docs: keys.slice(i, i + 100) } })) as {
      results: Array<{ id: string; docs: Array<{ ok?: Record<string, unknown> & { _attachments?: Record<string, { digest: string; length: number; content_type: string }> } }> }>;
    };
    for (const r of res.results) {
      const doc = r.docs[0]?.ok;
      if (!doc) throw new Error(`${db}/${r.id} could not be read`);
      const attachments = Object.fromEntries(Object.entries(doc._attachments ?? {}).map(([name, a]) => [name, { digest: a.digest, length: a.length, type: a.content_type }]));
      docs.set(r.id, { ...doc, _attachments: attachments });
    }
  }
  const all = (await couch.nano.db.use(db).list({ include_docs: true, conflicts: true } as never)).rows;
  for (const row of all) if ((row.doc as { _conflicts?: string[] } | undefined)?._conflicts?.length) conflicts.push(row.id);
  return { security, docs, conflicts };
}

async function populate(couch: CouchClient) {
  await couch.nano.db.use(DB.sanctuaries).bulk({ docs: syntheticSanctuaries(500) });
  const users = createUsers(couch);
  const sessions = createSessions(couch);
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5a8' } }).jpeg().toBuffer();
  const sanctuaries = (await couch.sanctuaries.list()).map((s) => s._id);
  for (let u = 0; u < 3; u++) {
    const user = await users.register({ email: `backup${u}.${Date.now()}@example.com`, password: 'secret1', firstName: `B${u}`, lastName: 'Ackup' });
    const id = userIdOf(user);
    await ensureUserDb(couch, id);
    await sessions.create(id);
    const userDb = couch.nano.db.use(userDbName(id));
    for (let f = 0; f < 5; f++) await userDb.insert(newFavorite(sanctuaries[u * 5 + f]!, id) as never);
    // An unfavourited sanctuary: a tombstone the devices must still learn about.
    const gone = (await userDb.get(`favorite:${sanctuaries[u * 5]!}`)) as { _id: string; _rev: string };
    await userDb.destroy(gone._id, gone._rev);
    for (let r = 0; r < 2; r++) {
      const cmd: ReviewCommandDoc = {
        ...newReviewCommand({ ownerId: id, sanctuaryId: sanctuaries[r]!, rating: 3 + r, title: 'Lovely', comment: `Visit ${u}-${r}`, visitDate: '' }),
        _attachments: { 'photo-0': { content_type: 'image/jpeg', data: jpeg.toString('base64') }, 'photo-1': { content_type: 'image/jpeg', data: jpeg.toString('base64') } },
      };
      const applied = await submitReviewCommand(couch, id, cmd);
      expect(applied.status).toBe('published');
    }
  }
  const reviews = (await couch.nano.db.use(DB.reviews).list()).rows.filter((r) => r.id.startsWith('review:'));
  for (const r of reviews.slice(0, 3)) await voteHelpful(couch, r.id, 'b'.repeat(32));
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-backup-'));
  fx = await startStoreFixture();
  await populate(fx.couch);
}, 120_000);

afterAll(async () => {
  await fx?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trip a populated store exactly, documents keep their revisions', async () => {
    const started = Date.now();
    const file = path.join(tmp, 'store.ndjson.gz');
    const backup = await cli('backup', ['--out', file], fx.dataDir);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('the running store of');
    const backupSeconds = (Date.now() - started) / 1000;
    const header = await readBackupHeader(file);
    const source = await listAppDatabases(fx.couch);
    expect(header.databases.map((d) => d.name)).toEqual(source);

    // Into a data directory nothing has run on: restore starts its store, fills it, sets it up, stops it.
    const target = path.join(tmp, 'restored');
    const restoreStarted = Date.now();
    const restore = await cli('restore', ['--in', file], target);
    expect(restore.code, restore.out).toBe(0);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;

    const store = await startLocalStore({ dataDir: target, log: () => {} });
    try {
      const restored = createCouchClient(store.config);
      expect(await listAppDatabases(restored)).toEqual(source);
      let docs = 0;
      let attachments = 0;
      for (const db of source) {
        const [a, b] = await Promise.all([snapshot(fx.couch, db), snapshot(restored, db)]);
        expect(b.security, db).toEqual(a.security);
        expect([...b.docs.keys()].sort(), db).toEqual([...a.docs.keys()].sort());
        for (const [id, doc] of a.docs) expect(b.docs.get(id), `${db}/${id}`).toEqual(doc);
        expect(b.conflicts, db).toEqual([]);
        docs += a.docs.size;
        for (const doc of a.docs.values()) attachments += Object.keys((doc as { _attachments: object })._attachments).length;
      }
      // The populated store had what the product keeps: users, sessions, own databases, reviews, photos.
      expect(source).toEqual(expect.arrayContaining([DB.users, DB.sessions, DB.reviews, DB.media, DB.votes, DB.sanctuaries]));
      expect(source.filter((d) => d.startsWith('userdb-'))).toHaveLength(3);
      expect(attachments).toBe(3 * 2 * 2 * 2); // 3 users × 2 reviews × 2 photos, each a display size and a thumbnail

      // Restoring again is refused without --force; with it, nothing changes (same revisions, no conflicts).
      await store.stop();
      const again = await cli('restore', ['--in', file], target);
      expect(again.code, again.out).toBe(3);
      expect(again.out).toMatch(/already hold documents.*--force/s);
      const forced = await cli('restore', ['--in', file, '--force'], target);
      expect(forced.code, forced.out).toBe(0);
      const store2 = await startLocalStore({ dataDir: target, log: () => {} });
      try {
        const again2 = createCouchClient(store2.config);
        for (const db of [DB.sanctuaries, DB.media, source.find((d) => d.startsWith('userdb-'))!]) {
          const [a, b] = await Promise.all([snapshot(fx.couch, db), snapshot(again2, db)]);
          expect(b.docs, db).toEqual(a.docs);
          expect(b.conflicts, db).toEqual([]);
        }
      } finally {
        await store2.stop();
      }
      const bytes = fs.statSync(file).size;
      console.log(
        `backup: ${source.length} dbs, ${docs.toLocaleString('en-US')} docs, ${attachments} attachments, ${(bytes / 1024).toFixed(0)} KB gzip; ` +
          `backup ${backupSeconds.toFixed(1)} s, restore ${restoreSeconds.toFixed(1)} s (each including node start-up), 0 differences`,
      );
    } finally {
      await store.stop();
    }
  }, 150_000);

  it("leaves out a user database's former design document, and a design document that is not ours (issue 16)", async () => {
    const file = path.join(tmp, 'store.ndjson.gz');
    const lines = zlib.gunzipSync(new Uint8Array(fs.readFileSync(file))).toString().trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const userDb = (lines.find((l) => l.type === 'security' && String(l.db).startsWith('userdb-')) as { db: string }).db;
    const at = lines.findIndex((l) => l.type === 'security' && l.db === userDb) + 1;
    // What a user's database held until issue 16, and what a client might once have slipped into one (issue 19).
    const former = { _id: '_design/userdb', _rev: '1-' + 'a'.repeat(32), language: 'javascript', validate_doc_update: 'function (newDoc) { if (newDoc._deleted) return; if (newDoc.ownerId !== "x") { throw({ forbidden: "x" }); } }' };
    const foreign = { _id: '_design/evil', _rev: '1-' + 'b'.repeat(32), views: { v: { map: 'function (d) { emit(1); }' } } };
    const withOld = [...lines.slice(0, at), { type: 'doc', db: userDb, doc: former }, { type: 'doc', db: userDb, doc: foreign }, ...lines.slice(at)];
    const footer = withOld.at(-1) as { type?: unknown; docs: number };
    expect(footer.type).toBe('footer');
    footer.docs += 2;
    const edited = path.join(tmp, 'with-old-design.ndjson.gz');
    fs.writeFileSync(edited, new Uint8Array(zlib.gzipSync(withOld.map((l) => JSON.stringify(l)).join('\n') + '\n')));

    const target = path.join(tmp, 'restored-old-design');
    const restore = await cli('restore', ['--in', edited], target);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`restored ${userDb}:`);
    expect(restore.out).toMatch(/left out 2 design documents/);
    const store = await startLocalStore({ dataDir: target, log: () => {} });
    try {
      const restored = createCouchClient(store.config);
      const design = await restored.nano.db.use(userDb).list({ startkey: '_design/', endkey: '_design0' });
      expect(design.rows).toEqual([]);
      // Made in one shard on CouchDB, as registration makes it (USER_DB_SHARDS); the embedded store has none to report.
      const info = (await restored.nano.request({ db: userDb })) as { cluster?: { q: number } };
      expect(info.cluster?.q).toBe(fx.embedded ? undefined : 1);
      // The rest of that database came back.
      const [a, b] = await Promise.all([snapshot(fx.couch, userDb), snapshot(restored, userDb)]);
      expect([...b.docs.keys()].sort()).toEqual([...a.docs.keys()].sort());
    } finally {
      await store.stop();
    }
  }, 90_000);

  it('refuses a file that is not a backup, and one cut short', async () => {
    const notBackup = path.join(tmp, 'not-backup.ndjson.gz');
    fs.writeFileSync(notBackup, new Uint8Array(zlib.gzipSync('{"hello":"world"}\n')));
    const res = await cli('restore', ['--in', notBackup], path.join(tmp, 'empty-1'));
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/Unknown line|Not a Sanctuary Seekers backup/);

    const file = path.join(tmp, 'store.ndjson.gz');
    const lines = zlib.gunzipSync(new Uint8Array(fs.readFileSync(file))).toString().trimEnd().split('\n');
    const cut = path.join(tmp, 'cut.ndjson.gz');
    fs.writeFileSync(cut, new Uint8Array(zlib.gzipSync(lines.slice(0, -1).join('\n') + '\n')));
    const cutRes = await cli('restore', ['--in', cut], path.join(tmp, 'empty-2'));
    expect(cutRes.code).toBe(1);
    expect(cutRes.out).toMatch(/ends early/);
  }, 60_000);
});
