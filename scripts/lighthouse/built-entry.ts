// The JavaScript the built index.html asks for before anything runs: its module entry scripts and the chunks it
// preloads, each gzipped as the gateway serves them. A second view of the budget next to what Lighthouse saw
// transferred on `/` (which adds the route's lazy chunks).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface EntryScript {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

/** Script and modulepreload URLs of an index.html, in document order, without duplicates. */
export function entryScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const url = tag.toLowerCase().startsWith('<script') ? attr('src') : attr('rel') === 'modulepreload' ? attr('href') : undefined;
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** Reads web/dist/index.html and measures the same-origin scripts it loads up front. */
export function measureBuiltEntry(distDir: string): EntryScript[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return entryScriptUrls(html)
    .filter((url) => url.startsWith('/'))
    .map((url) => {
      // A plain Uint8Array: the Buffer type differs between the @types/node copies some test files pull in.
      const body = new Uint8Array(fs.readFileSync(path.join(distDir, url)));
      // Level 6 is zlib's default, which the gateway's compression uses too.
      return { file: url, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length };
    });
}
