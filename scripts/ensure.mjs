// Shared by `npm start` and `npm test`: install dependencies when missing or stale, and build the web app
// when its sources are newer than the build. Uses only Node built-ins, since it runs before any install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') newest = Math.max(newest, newestIn(p));
    } else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, mtime(p));
  }
  return newest;
}

export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const manifests = ['package.json', 'domain', 'couchdb', 'sync-gateway', 'workers', 'web'].map((p) =>
    p.endsWith('.json') ? path.join(ROOT, p) : path.join(ROOT, p, 'package.json'),
  );
  // A changed patch to a dependency (patches/, applied by patch-package after every install) needs an install too.
  const stale =
    !fs.existsSync(marker) ||
    [lock, ...manifests].some((f) => mtime(f) > mtime(marker)) ||
    newestIn(path.join(ROOT, 'patches')) > mtime(marker);
  if (!stale) return;
  console.log('Installing dependencies…');
  const t0 = Date.now();
  // `npm install` rather than `npm ci`: npm 11 leaves some optional platform packages out of the lock file,
  // which makes `npm ci` refuse it; install still honours the locked versions.
  run('npm', ['install', '--no-audit', '--no-fund']);
  console.log(`Dependencies installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export function ensureBuilt({ force = false } = {}) {
  const built = mtime(path.join(ROOT, 'web/dist/sw.js'));
  const sources = Math.max(
    newestIn(path.join(ROOT, 'web/src')),
    newestIn(path.join(ROOT, 'web/inline')),
    newestIn(path.join(ROOT, 'web/public')),
    newestIn(path.join(ROOT, 'domain/src')),
    newestIn(path.join(ROOT, 'patches')),
    mtime(path.join(ROOT, 'web/index.html')),
    mtime(path.join(ROOT, 'web/vite.config.ts')),
    mtime(path.join(ROOT, 'workbox.config.cjs')),
    mtime(path.join(ROOT, 'scripts/tile-route.cjs')),
  );
  if (!force && built && built >= sources) return;
  console.log('Building the web app…');
  const t0 = Date.now();
  run('npm', ['run', 'build']);
  console.log(`Web app built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
