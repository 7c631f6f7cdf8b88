// Builds web/dist/sw.js from workbox.config.cjs after `vite build`.
import { createRequire } from 'node:module';
import { generateSW } from 'workbox-build';

const require = createRequire(import.meta.url);
const config = require('../workbox.config.cjs');
const { count, size, warnings } = await generateSW(config);
for (const w of warnings) console.warn(`[workbox] ${w}`);
console.log(`[workbox] sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KB`);
