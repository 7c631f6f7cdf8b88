// Writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app (web/dist), at the
// end of `npm run build`. The gateway sends a copy as it is when the browser takes that encoding (serveStatic's
// `precompressed`), instead of gzipping the same file again for every visitor: the work is done once, at the
// slowest and smallest levels (Brotli 11, gzip 9), and the gateway's CPU is left for the data. Measured here (2026-12-05):
// the 54 files of a first visit to /map took 137–152 ms of the gateway's CPU sent as built copies, 205–237 ms gzipped
// as they were sent; `/`'s entry with its modulepreloads is 136.7 kB in Brotli, 152.5 kB in gzip at level 6.
// prerendered/ is left out: the gateway reads those pages into its answers, it does not send them as files; and sw.js
// (see SKIPPED_FILES).
// `--remove` deletes the copies again (npm run cap:sync: a native app's WebView reads the files themselves).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats the app ships; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
/** Below this, compressing saves a few bytes and costs a header. */
const MIN_BYTES = 1024;
const SKIPPED_DIRS = new Set(['prerendered']);
/**
 * The service worker is sent as it is on disk: the browser's update check compares it byte for byte, and a copy
 * left behind by a change made to the file in place (a hot fix; the update test does it) would hide the new version.
 */
const SKIPPED_FILES = new Set(['sw.js']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(p);
    } else if (COMPRESSIBLE.test(entry.name) && !SKIPPED_FILES.has(entry.name)) yield p;
  }
}

/**
 * Writes `file.br` and `file.gz` for each compressible file of `dir` of at least MIN_BYTES, each only when smaller
 * than the file (a stale copy from an earlier build is removed). Answers what it did, for the build's log.
 */
export function precompress(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const file of files(dir)) {
    const bytes = fs.readFileSync(file);
    const copies = [
      ['.br', () => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })],
      ['.gz', () => gzipSync(bytes, { level: 9 })],
    ];
    const worth = bytes.length >= MIN_BYTES;
    for (const [ext, compress] of copies) {
      const copy = worth ? compress() : null;
      if (copy && copy.length < bytes.length) {
        fs.writeFileSync(file + ext, copy);
        if (ext === '.br') br += copy.length;
        else gz += copy.length;
      } else {
        fs.rmSync(file + ext, { force: true });
      }
    }
    if (worth) {
      count++;
      raw += bytes.length;
    }
  }
  return { count, raw, br, gz };
}

/** Deletes the copies precompress wrote; answers how many. */
export function removeCopies(dir) {
  let removed = 0;
  for (const file of files(dir)) {
    for (const ext of ['.br', '.gz']) {
      if (fs.existsSync(file + ext)) {
        fs.rmSync(file + ext);
        removed++;
      }
    }
  }
  return removed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('../web/dist', import.meta.url)));
  if (args.includes('--remove')) {
    console.log(`[precompress] removed ${removeCopies(dir)} compressed copies from ${dir}`);
    process.exit(0);
  }
  const { count, raw, br, gz } = precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`[precompress] ${count} files, ${kb(raw)}: Brotli ${kb(br)}, gzip ${kb(gz)}`);
}
