// Copies the US state outlines (us-atlas, TopoJSON, 1:10m) into web/public/geo/ for the offline base layer
// the map shows under its markers when tiles cannot load.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = require.resolve('us-atlas/states-10m.json');
const target = path.join(fileURLToPath(new URL('..', import.meta.url)), 'web/public/geo/states-10m.json');
fs.mkdirSync(path.dirname(target), { recursive: true });
if (!fs.existsSync(target) || fs.statSync(target).mtimeMs < fs.statSync(source).mtimeMs) {
  fs.copyFileSync(source, target);
  console.log(`[map] copied state outlines (${(fs.statSync(target).size / 1024).toFixed(0)} KB)`);
}
