// The build's Brotli and gzip copies of the web app's text files (scripts/precompress.mjs), which the gateway sends as
// they are: each one decodes to its file; small files, images and the pre-rendered pages get none; a stale copy goes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script
import { precompress, removeCopies } from './precompress.mjs';

let dir: string;
const write = (name: string, content: string | Uint8Array) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
};
const exists = (name: string) => fs.existsSync(path.join(dir, name));
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-precompress-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes a Brotli and a gzip copy of each text file that decode to the file, smaller than it', () => {
    const js = 'export const listings = [' + Array.from({ length: 300 }, (_, i) => `{ id: "sanctuary-${i}", name: "Farm ${i}" }`).join(',') + '];\n';
    write('assets/index-abc.js', js);
    write('geo/states.json', JSON.stringify({ type: 'Topology', arcs: Array.from({ length: 200 }, (_, i) => [i, i * 2]) }));
    const result = precompress(dir) as { count: number; raw: number; br: number; gz: number };
    expect(brotliDecompressSync(read('assets/index-abc.js.br')).toString()).toBe(js);
    expect(gunzipSync(read('assets/index-abc.js.gz')).toString()).toBe(js);
    expect(read('assets/index-abc.js.br').length).toBeLessThan(js.length);
    expect(exists('geo/states.json.br') && exists('geo/states.json.gz')).toBe(true);
    expect(result.count).toBe(2);
    expect(result.br).toBeLessThan(result.gz);
  });

  it('leaves out small files, images, the pre-rendered pages, the service worker, and copies that would not be smaller', () => {
    write('assets/tiny.js', 'export default 1;\n');
    write('icons/icon-192.png', new Uint8Array(4096).fill(7));
    write('prerendered/faq.html', '<main>' + 'Frequently asked. '.repeat(200) + '</main>');
    write('sw.js', 'self.addEventListener("fetch", () => {});\n'.repeat(100));
    // Random bytes do not compress: each copy would be larger than the file.
    write('assets/random.js', new Uint8Array(randomBytes(4096)));
    precompress(dir);
    for (const name of ['assets/tiny.js', 'icons/icon-192.png', 'prerendered/faq.html', 'sw.js', 'assets/random.js']) {
      expect(exists(`${name}.br`) || exists(`${name}.gz`), name).toBe(false);
    }
  });

  it('replaces a copy left by an earlier build, and --remove takes them all away', () => {
    write('assets/app.js', 'const a = 1;\n'.repeat(200));
    write('assets/app.js.br', 'stale');
    write('assets/small.js', 'x');
    write('assets/small.js.gz', 'stale from when it was big');
    precompress(dir);
    expect(brotliDecompressSync(read('assets/app.js.br')).toString()).toBe('const a = 1;\n'.repeat(200));
    expect(exists('assets/small.js.gz')).toBe(false);
    expect(removeCopies(dir)).toBe(2);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app.js', 'small.js']);
  });
});
