// After `vite build` and the SSR build of src/prerender.tsx: renders each page whose content does not depend on the
// data and writes its HTML to dist/prerendered/<page>.html, which the gateway puts inside #root before any
// JavaScript runs (sync-gateway/src/routes/web.ts). /map is among them with its map left for the browser to draw
// (Leaflet needs a window); the signed-in pages (/saved, /profile, /admin) are not: they show nothing until the
// device's data is read.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRERENDERED_PAGES = ['/', '/map', '/reviews', '/faq', '/about', '/contact', '/privacy', '/terms', '/addmysanctuary', '/login', '/register'];

const here = path.dirname(fileURLToPath(import.meta.url));
const { renderPage } = await import(path.join(here, 'dist-ssr/prerender.js'));
const out = path.join(here, 'dist/prerendered');
fs.mkdirSync(out, { recursive: true });
for (const page of PRERENDERED_PAGES) {
  const html = await renderPage(page);
  // A page that fell back to client rendering (a component that cannot render outside a browser) is a build error:
  // its HTML would be an empty shell with React's error template in it.
  if (html.includes('Switched to client rendering')) throw new Error(`pre-rendering ${page} failed: ${html.slice(html.indexOf('data-msg'), html.indexOf('data-msg') + 400)}`);
  // Named as the gateway reads them (sync-gateway/src/routes/web.ts, prerendered()): change both together.
  fs.writeFileSync(path.join(out, `${page === '/' ? 'index' : page.slice(1)}.html`), html);
}
console.log(`[prerender] ${PRERENDERED_PAGES.length} pages → ${path.relative(process.cwd(), out)}`);
