// `npm run load [-- --clients 200 --seconds 60 --sanctuaries 0 --search-rate 20 --returning]`: the load run of issue 8 on
// loopback (see engine.ts). Prints the report and exits 1 when there were errors. Hard deadlines end it (exit 2)
// even if something hangs, killing the processes it started: 120 s for setup, then seconds + 30 s.
import { parseArgs } from 'node:util';
import { DEFAULT_LOAD_OPTIONS, runLoad } from './engine.ts';
import { childPids } from './proc.ts';
import { formatReport } from './report.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: String(DEFAULT_LOAD_OPTIONS.clients) },
    seconds: { type: 'string', default: String(DEFAULT_LOAD_OPTIONS.seconds) },
    sanctuaries: { type: 'string', default: String(DEFAULT_LOAD_OPTIONS.sanctuaries) },
    'search-rate': { type: 'string', default: String(DEFAULT_LOAD_OPTIONS.searchPerSecond) },
    'signed-in': { type: 'string', default: String(DEFAULT_LOAD_OPTIONS.signedInShare) },
    // Devices that synced on an earlier visit: they start from the snapshot, read once (engine.ts LoadOptions.returning).
    returning: { type: 'boolean', default: false },
    // Real CouchDB from the shared release instead of the embedded store (couchdb/src/store-choice.ts reads it).
    couchdb: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const USAGE = 'Usage: npm run load -- [--clients N] [--seconds S] [--sanctuaries N (synthetic, added)] [--search-rate per-second] [--signed-in share 0..1] [--returning] [--couchdb]';
const number = (name: keyof typeof values, min: number, max: number): number => {
  const v = Number(values[name]);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number from ${min} to ${max}\n${USAGE}`);
    process.exit(2);
  }
  return v;
};

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const clients = Math.round(number('clients', 1, 2000));
const seconds = number('seconds', 1, 600);
const sanctuaries = Math.round(number('sanctuaries', 0, 100_000));
const searchPerSecond = number('search-rate', 0, 1000);
const signedInShare = number('signed-in', 0, 1);

/**
 * Starting the stack and signing up the accounts (password hashing) comes first, with its own bound; synthetic
 * listings add their writing to the store and the gateway's first read of them (100k: ~52 s and ~12 s measured here
 * on the embedded store, ~97 s to write on CouchDB).
 */
const SETUP_DEADLINE_MS = 120_000 + sanctuaries * 2;
/** The measured window, then at most 30 s to stop and report. */
const HARD_DEADLINE_MS = (seconds + 30) * 1000;

let deadline: ReturnType<typeof setTimeout> | undefined;
function arm(ms: number, what: string) {
  clearTimeout(deadline);
  deadline = setTimeout(() => {
    console.error(`\nLoad run: ${what} took more than ${ms / 1000} s; stopping it by force.`);
    // The gateway, workers and store are this process's children; nothing else is touched.
    for (const pid of childPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    process.exit(2);
  }, ms);
}
arm(SETUP_DEADLINE_MS, 'setup');

try {
  const report = await runLoad({ clients, seconds, sanctuaries, searchPerSecond, signedInShare, returning: values.returning, onWindowStart: () => arm(HARD_DEADLINE_MS, 'the run') });
  console.log(formatReport(report));
  clearTimeout(deadline);
  process.exit(report.errors > 0 ? 1 : 0);
} catch (err) {
  console.error(`Load run failed: ${(err as Error).stack ?? String(err)}`);
  clearTimeout(deadline);
  process.exit(1);
}
