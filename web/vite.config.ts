// Vite build of the web app. Output goes to web/dist, which the gateway serves and workbox precaches.
import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The tiny scripts that must run while the page is still parsing (web/inline/: start reading the device's
 * directory, record a search typed before the app runs, start the app) go into index.html itself: fetched as files
 * they cost a service-worker round trip each on an offline cold start, blocking the parser. The gateway allows exactly these
 * by their SHA-256 in its Content-Security-Policy (sync-gateway/src/security-headers.ts inlineScriptHashes).
 */
function inlineEarlyScripts(): Plugin {
  return {
    name: 'ss-inline-early-scripts',
    transformIndexHtml(html) {
      return html.replace(/<script data-inline src="\/([\w-]+\.js)"><\/script>/g, (_, file: string) => {
        // Whole-line comments stay in the source file, not in every page.
        const source = fs.readFileSync(new URL(`./inline/${file}`, import.meta.url), 'utf8');
        const code = source.split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n').trim();
        if (/<\/script/i.test(code)) throw new Error(`${file} cannot be inlined: it contains </script`);
        return `<script>${code}</script>`;
      });
    },
  };
}

/**
 * The app's stylesheet (one file, ~10 KB compressed) goes into index.html as a <style> element: a first visit's page
 * paints without waiting for a second request (Lighthouse counted ~160 ms of render blocking on a slow phone), and
 * the service worker's copy of index.html carries it offline. Lazily loaded parts (the map's CSS) stay files.
 * The stylesheet's <link> stays beside it, disabled: the browser neither fetches nor applies a disabled stylesheet,
 * but Vite's preload helper finds it there. The helper loads the stylesheets of a chunk's dependencies unless a link
 * to them is already in the document, and every lazy chunk that imports the entry chunk lists the entry's
 * stylesheet: without the link it loaded a second copy after the first paint, whose arrival restyled the whole page
 * (36–56 ms of the main thread here, four times that on Lighthouse's slow phone).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'ss-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w-]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') throw new Error(`inlining ${file}: not in the bundle`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains </style`);
          return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/** The module the entry imports one task after its own (web/src/main.tsx): the app itself. */
const APP_START_MODULE = '/src/start.tsx';

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[] };

/** The entry chunk, the chunk of the app's start (APP_START_MODULE), which the entry imports by itself, and every chunk by name. */
function appStartChunks(bundle: Record<string, { type: string }> | undefined) {
  const chunks = Object.values(bundle ?? {}).filter((c): c is Chunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(APP_START_MODULE));
  if (!entry || !start || !entry.dynamicImports.includes(start.fileName)) throw new Error(`the entry does not import ${APP_START_MODULE} by itself`);
  return { entry, start, byName: new Map(chunks.map((c) => [c.fileName, c])) };
}

/**
 * Modulepreload links for the app's start (APP_START_MODULE) and the chunks it imports, which the entry asks for only
 * once it has run: fetched beside the entry instead of one round trip after it.
 */
function appStartPreloads(bundle: Record<string, { type: string }> | undefined, already: string[]): string[] {
  const { entry, start, byName } = appStartChunks(bundle);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || file === entry.fileName) return;
    files.add(file);
    for (const dep of byName.get(file)?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
  return [...files].filter((file) => !already.some((tag) => tag.includes(`/${file}"`))).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * The chunks the app's start imports, dependencies first, as ES evaluation would run them: the entry imports them one
 * task at a time before the start itself (web/src/main.tsx), so evaluating the app is a row of short tasks instead of
 * one long one (~130 ms here, four times that on a slow phone, during which the page answers no input). The entry
 * chunk, already running, is left out.
 */
function appStartStages(bundle: Record<string, { type: string }> | undefined): string[] {
  const { entry, start, byName } = appStartChunks(bundle);
  const order: string[] = [];
  const seen = new Set<string>([entry.fileName]);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of byName.get(file)?.imports ?? []) visit(dep);
    order.push(file);
  };
  for (const dep of start.imports) visit(dep);
  return order.map((file) => `/${file}`);
}

/**
 * The app's entry module and the chunks it imports (Vite's module script and modulepreload links), and those of the
 * app's start, go into `<template id="ss-app">`, where the browser neither fetches nor runs them;
 * web/inline/start-app.js puts them into the document: after the first paint when the page came with its content, at
 * once when it did not. The template comes before the first script, so the early scripts can read the entry's address
 * (the build's name).
 */
function startAppAfterPaint(): Plugin {
  return {
    name: 'ss-start-app-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: string[] = [];
        const rest = html.replace(/\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g, (tag) => {
          tags.push(tag.trim());
          return '';
        });
        if (tags.filter((t) => t.startsWith('<script')).length !== 1) throw new Error(`expected one module script in index.html, found: ${tags.join(' ')}`);
        tags.push(...appStartPreloads(ctx.bundle, tags));
        if (!rest.includes("getElementById('ss-app')")) throw new Error('index.html does not load web/inline/start-app.js');
        // Before the first script (and the comment that introduces it).
        const at = rest.search(/(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<script/);
        const stages = appStartStages(ctx.bundle).join(' ');
        return `${rest.slice(0, at)}<template id="ss-app" data-stages="${stages}">${tags.join('')}</template>\n    ${rest.slice(at)}`;
      },
    },
  };
}

/** V8's explicit compile hint (Chrome 136 and later): compile every function of the file eagerly. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Every chunk of the page starts with V8's compile hint, so Chromium compiles its functions on the thread that
 * streams the file in, instead of lazily on the main thread the first time each is called. A first visit's traces
 * here spent 160–240 ms of the main thread in V8's lazy compiling and 90–115 ms parsing functions (4 visits to `/`);
 * with the hint, under 10 and about 30. The app fetches a chunk only when a page needs it then (the start's chunks,
 * a route when it opens, a dialog or form when it is opened), so little compiled code goes unused: the JavaScript heap
 * after a first visit to `/` grew by 0.6 MB (4.5 to 5.1 MB). Browsers without the hint read a comment.
 * Added after minifying (which drops comments); a source map gains one empty line at its top. The first-sync worker's
 * chunks (a build of their own) are left as they are: they do not run on the page's main thread.
 */
function compileHints(): Plugin {
  return {
    name: 'ss-compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After Vite's own additions to a chunk's top (its preload helper's list of dependencies).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEarlyScripts(), inlineEntryCss(), startAppAfterPaint(), compileHints()],
  // PouchDB's browser build still reads the Node-style `global`.
  define: { global: 'globalThis' },
  // The first-sync worker (web/src/data/first-sync.worker.ts) is a module worker that loads PouchDB as a chunk of
  // its own, while its snapshot downloads.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // SS_SOURCEMAP=1 npm run build: source maps beside the bundles, to read a CPU profile of the built app;
    // SS_NOMINIFY=1: bundles not minified, so a profile names React's and Leaflet's functions as they are.
    sourcemap: process.env.SS_SOURCEMAP === '1',
    minify: process.env.SS_NOMINIFY === '1' ? false : undefined,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/db': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
});
