// `npm run bench`: prints the performance figures. Sections run in order; `-- --only search,gateway`
// picks some; `-- --couchdb` runs the store-backed sections on CouchDB from the shared release. Benchmarks print numbers and never fail on a target: targets are goals, figures are what we measured.
import os from 'node:os';
import { buildGazetteer, GEO_OUT_DIR, printSizes } from '../build-gazetteer.ts';
import { loadGazetteerFromDir } from '../../sync-gateway/src/gazetteer.ts';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { benchSearch } from './search.ts';
import { benchGateway } from './gateway.ts';
import { benchFanout } from './fanout.ts';
import { benchBrowser } from './browser.ts';
import { storeKindFromEnv } from '@ss/couchdb/store-choice';
// @ts-expect-error plain ESM helper shared with npm start / npm test
import { ensureBuilt } from '../ensure.mjs';

interface Context {
  gazetteer: Gazetteer;
}

interface Section {
  name: string;
  run: (ctx: Context) => Promise<unknown>;
}

const SECTIONS: Section[] = [
  { name: 'search', run: ({ gazetteer }) => benchSearch(gazetteer) },
  { name: 'gateway', run: ({ gazetteer }) => benchGateway(gazetteer) },
  // The whole stack as npm start runs it: a change woken on a thousand waiting longpolls (issue 16).
  { name: 'fanout', run: () => benchFanout() },
  // Headless Chromium through the real gateway: first sync into IndexedDB and offline cold start.
  {
    name: 'browser',
    run: async () => {
      ensureBuilt();
      for (const size of [10_000, 100_000]) {
        console.log(`Browser, ${size} sanctuaries:`);
        await benchBrowser(size, size >= 100_000 ? 1 : 3);
      }
    },
  },
];

function chosenSections(argv: readonly string[]): Section[] {
  const i = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return SECTIONS;
  const names = (argv[i]!.includes('=') ? argv[i]!.split('=')[1]! : (argv[i + 1] ?? '')).split(',').filter(Boolean);
  const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length || !names.length) {
    console.error(`Unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  return SECTIONS.filter((s) => names.includes(s.name));
}

const chosen = chosenSections(process.argv.slice(2));

const started = performance.now();
console.log(`Sanctuary Seekers benchmarks — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load ${os.loadavg()[0]!.toFixed(2)}`);
console.log(`Store: ${storeKindFromEnv() === 'couchdb' ? 'CouchDB 3.4.3 (shared release, one node)' : 'embedded PouchDB Server'}`);
const build = buildGazetteer();
console.log(`\n== Gazetteer assets${build.skipped ? ' (up to date)' : ' (built)'} ==`);
printSizes(build);
const t0 = performance.now();
const gazetteer = loadGazetteerFromDir(GEO_OUT_DIR);
console.log(`Parsed in Node in ${(performance.now() - t0).toFixed(1)} ms (JSON.parse + parseGazetteer)`);

for (const section of chosen) await section.run({ gazetteer });
console.log(`\nBenchmarks done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
