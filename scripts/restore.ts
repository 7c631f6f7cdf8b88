// `npm run restore -- --in <file> [--force]`: brings a backup made by `npm run backup` back (format and rules:
// couchdb/src/backup.ts). Every document keeps its revision, so replicating devices continue without conflicts.
// Databases that already hold documents are refused unless --force, which merges the backup in.
// Uses COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD) when set, otherwise the embedded store of DATA_DIR
// (./data): the running one, or one it starts for the moment. To restore into a fresh data directory, run it
// BEFORE the first `npm start` there (which would load the default seed and so need --force). Afterwards the
// databases are set up as `npm start` does (current design documents, private _security).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RestoreRefusedError, readBackupHeader, restoreBackup } from '@ss/couchdb/backup';
import { connectToStore } from '@ss/couchdb/embedded/connect';
import { setupCouch } from '@ss/couchdb/setup';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESTORE_USAGE = 'Usage: npm run restore -- --in <file.ndjson.gz> [--force]';

async function main() {
  let file: string;
  let force: boolean;
  try {
    const { values } = parseArgs({ args: process.argv.slice(2), options: { in: { type: 'string' }, force: { type: 'boolean', default: false } }, strict: true });
    if (!values.in) throw new Error('--in is required.');
    file = path.resolve(values.in);
    force = values.force;
  } catch (err) {
    console.error(`${(err as Error).message}\n${RESTORE_USAGE}`);
    process.exit(2);
  }
  const header = await readBackupHeader(file);
  console.log(`Backup of ${header.createdAt} (${header.source || 'unknown source'}): ${header.databases.length} databases`);
  const { couch, where, close } = await connectToStore(process.env, path.join(ROOT, 'data'));
  try {
    const summary = await restoreBackup(couch, file, { force, log: (l) => console.log(l) });
    await setupCouch(couch);
    console.log(`Restored ${summary.databases.length} databases, ${summary.docs} documents into ${where} in ${summary.seconds.toFixed(1)} s`);
  } catch (err) {
    if (err instanceof RestoreRefusedError) {
      console.error(err.message);
      process.exitCode = 3;
      return;
    }
    throw err;
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: Error) => {
    console.error(`restore failed: ${err.message}`);
    process.exit(1);
  });
}
