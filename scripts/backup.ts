// `npm run backup [-- --out <file>]`: writes every database of the store to one gzip'd NDJSON file (format and
// contents: couchdb/src/backup.ts). Default file: ./backups/sanctuary-seekers-<timestamp>.ndjson.gz.
// Uses COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD) when set, otherwise the embedded store of DATA_DIR
// (./data): the one `npm start` is running — a backup of a running store is consistent per document — or, when
// nothing runs, one it starts for the moment and stops again.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBackup } from '@ss/couchdb/backup';
import { connectToStore } from '@ss/couchdb/embedded/connect';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BACKUP_USAGE = 'Usage: npm run backup [-- --out <file.ndjson.gz>]';

export function defaultBackupFile(now = new Date()): string {
  return path.join(ROOT, 'backups', `sanctuary-seekers-${now.toISOString().replace(/[:.]/g, '-')}.ndjson.gz`);
}

async function main() {
  let out: string;
  try {
    const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } }, strict: true });
    out = path.resolve(values.out ?? defaultBackupFile());
  } catch (err) {
    console.error(`${(err as Error).message}\n${BACKUP_USAGE}`);
    process.exit(2);
  }
  const { couch, where, close } = await connectToStore(process.env, path.join(ROOT, 'data'));
  try {
    const summary = await writeBackup(couch, out, { source: where, log: (l) => console.log(l) });
    const docs = summary.databases.reduce((n, d) => n + d.docs + d.deleted, 0);
    console.log(
      `Backed up ${summary.databases.length} databases, ${docs} documents (${summary.attachments} attachments) from ${where} ` +
        `to ${out}: ${(summary.bytes / 1024).toFixed(0)} KB in ${summary.seconds.toFixed(1)} s`,
    );
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: Error) => {
    console.error(`backup failed: ${err.message}`);
    process.exit(1);
  });
}
