// `npm test`: every check — type-check, lint (with import boundaries), unit and integration tests (vitest),
// and end-to-end tests (Playwright in Debian Chromium) against the stack as `npm start` runs it.
// Installs what is missing first. Prints one closing line: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuilt, ensureInstalled } from './ensure.mjs';

const REPORTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The layout spec's committed pictures were drawn with Liberation Sans (what `sans-serif` is with fonts-liberation). */
const hasLiberationFont = () => (spawnSync('fc-list', [], { encoding: 'utf8' }).stdout ?? '').includes('Liberation Sans');

function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && hasLiberationFont()) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium and fonts-liberation for the browser tests…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], { stdio: 'inherit' });
  } else if (!hasLiberationFont()) {
    console.warn('fonts-liberation is not installed: the layout pictures will differ (apt-get install fonts-liberation).');
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
}

const steps = [];
function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - t0) / 1000 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

try {
  ensureInstalled();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

for (const project of ['domain', 'couchdb', 'sync-gateway', 'workers', 'web', 'scripts']) {
  step(`type-check ${project}`, 'npx', ['tsc', '-p', project]);
}
step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
step('vitest (unit + integration)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(REPORTS, 'vitest.json')}`]);

let e2eReady = true;
try {
  ensureChromium();
  ensureBuilt();
} catch (err) {
  console.error(err.message);
  e2eReady = false;
  steps.push({ name: 'prepare end-to-end', ok: false, seconds: 0 });
}
if (e2eReady) step('end-to-end (Playwright)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORTS, 'e2e.json') });

// The CouchDB leg: the integration suites, the cluster suite and the end-to-end suite again, each store a real
// CouchDB 3.4.3 node from the shared release (couchdb/src/store-choice.ts), started and stopped by the suites.
// Found as couchdb/src/release/couchdb-node.ts finds it: COUCHDB_SH, else shared/couchdb/ in the nearest folder above.
function findCouchdbScript() {
  if (process.env.COUCHDB_SH) return fs.existsSync(process.env.COUCHDB_SH) ? process.env.COUCHDB_SH : undefined;
  for (let dir = path.dirname(path.resolve(ROOT)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'shared', 'couchdb', 'couchdb.sh');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) return undefined;
  }
}
const couchdbScript = findCouchdbScript();
if (!couchdbScript) {
  console.error('\nThe CouchDB release was not found (shared/couchdb/couchdb.sh above this checkout); set COUCHDB_SH to run the CouchDB leg.');
  steps.push({ name: 'CouchDB leg: release not found', ok: false, seconds: 0 });
} else {
  const couchEnv = { SS_STORE: 'couchdb', COUCHDB_SH: couchdbScript };
  // Unpack the release once, before suites running side by side each try to (couchdb.sh unpacks on first use).
  spawnSync('bash', [couchdbScript, 'path'], { stdio: 'inherit' });
  step('CouchDB: vitest (integration + cluster)', 'npx', ['vitest', 'run', '--project', 'integration', '--project', 'cluster', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(REPORTS, 'vitest-couchdb.json')}`], couchEnv);
  // The layout spec measures pixels, the same whatever the store: it runs in the first leg only.
  if (e2eReady) step('CouchDB: end-to-end (Playwright)', 'npx', ['playwright', 'test', '--grep-invert', 'layout of '], { ...couchEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORTS, 'e2e-couchdb.json') });
}

const legs = [
  { name: 'embedded store', vitest: readJson(path.join(REPORTS, 'vitest.json')), e2e: readJson(path.join(REPORTS, 'e2e.json')) },
  { name: 'CouchDB', vitest: readJson(path.join(REPORTS, 'vitest-couchdb.json')), e2e: readJson(path.join(REPORTS, 'e2e-couchdb.json')) },
];
let passed = 0;
let failed = 0;
// The names of failed tests go in the closing lines too: a CI log is often read only from its tail.
const failures = [];
for (const leg of legs) {
  leg.passed = (leg.vitest?.numPassedTests ?? 0) + (leg.e2e?.stats ? leg.e2e.stats.expected + (leg.e2e.stats.flaky ?? 0) : 0);
  leg.failed = (leg.vitest?.numFailedTests ?? 0) + (leg.e2e?.stats?.unexpected ?? 0);
  passed += leg.passed;
  failed += leg.failed;
  for (const file of leg.vitest?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`[${leg.name}] vitest ${path.relative(ROOT, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`[${leg.name}] vitest ${path.relative(ROOT, file.name)}: ${firstLine(file.message)}`);
    }
  }
  (function walk(suite, file) {
    for (const spec of suite?.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`[${leg.name}] e2e ${file ?? suite.file} › ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite?.suites ?? []) walk(child, child.file ?? file);
  })({ suites: leg.e2e?.suites ?? [] });
}
// A failed check that is not a test (type-check, lint, a crashed runner) still counts as a failure.
const failedChecks = steps.filter((s) => !s.ok && !/vitest|end-to-end/.test(s.name)).length;
const crashedRunners = steps.filter((s) => !s.ok && /vitest|end-to-end/.test(s.name)).length;

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  // Vitest reports a timeout with the stack of its own placeholder error, whose first line says nothing.
  return line.includes('STACK_TRACE_ERROR') ? 'timed out (the test or one of its hooks ran past its time limit)' : line;
}

console.log('\n=== summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
for (const leg of legs) console.log(`${leg.name}: ${leg.passed} passed, ${leg.failed} failed`);
for (const f of failures.slice(0, 20)) console.log(`failed: ${f.slice(0, 300)}`);
const totalFailed = failed + failedChecks + (failed === 0 ? crashedRunners : 0);
console.log(`Tests: ${passed} passed, ${totalFailed} failed`);
process.exit(steps.every((s) => s.ok) && totalFailed === 0 ? 0 : 1);
