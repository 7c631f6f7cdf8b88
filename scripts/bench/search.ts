// Benchmark: the shared search (domain/src/search.ts) in Node over 1k, 10k and 100k synthetic sanctuaries.
import { syntheticSanctuaries } from '@ss/couchdb/seed/synthetic';
import type { Gazetteer } from '@ss/domain/gazetteer';
import { toSanctuary, type Sanctuary } from '@ss/domain/sanctuary';
import { createSearchIndex, searchSanctuaries } from '@ss/domain/search';
import type { SearchCriteria } from '@ss/domain/search-criteria';
import { ms, table, time, type Timing } from './stats.ts';

/** Representative searches: a ZIP with the default radius, a town with filters, words with a typo, filters only. */
export const BENCH_QUERIES: ReadonlyArray<{ label: string; criteria: SearchCriteria }> = [
  { label: "ZIP '44101', 50 mi", criteria: { query: '44101', radius: 50 } },
  { label: "'Columbus, OH' 200 mi + pigs, volunteers, open now", criteria: { query: 'Columbus, OH', radius: 200, animalTypes: ['pigs'], hasVolunteerOpportunities: true, openNow: true } },
  { label: "ZIP '90210', any distance (all, sorted)", criteria: { query: '90210', radius: 500 } },
  { label: "words with a typo 'testvile 042'", criteria: { query: 'testvile 042' } },
  { label: "words 'synthetic sanctuary 004217'", criteria: { query: 'synthetic sanctuary 004217' } },
  { label: 'filters only: goats, tours, accepting', criteria: { animalTypes: ['goats'], hasToursAvailable: true, acceptingAnimals: true } },
];

export const SIZES = [1_000, 10_000, 100_000] as const;
export const SYNTHETIC_SEED = 7;

export function syntheticList(n: number): Sanctuary[] {
  return syntheticSanctuaries(n, SYNTHETIC_SEED).map(toSanctuary);
}

export interface SearchBenchResult {
  size: number;
  label: string;
  timing: Timing;
  results: number;
}

export async function benchSearch(gazetteer: Gazetteer): Promise<SearchBenchResult[]> {
  console.log('\n== Search in Node (domain searchSanctuaries), synthetic sanctuaries ==');
  const out: SearchBenchResult[] = [];
  const setupRows: string[][] = [];
  const rows: string[][] = [];
  for (const n of SIZES) {
    const list = syntheticList(n);
    const now = new Date('2026-05-06T15:00:00Z'); // a Wednesday afternoon in the US
    let t0 = performance.now();
    const index = createSearchIndex(list);
    const build = performance.now() - t0;
    t0 = performance.now();
    searchSanctuaries({ query: 'testvile 042' }, index, { gazetteer, now });
    const firstText = performance.now() - t0;
    t0 = performance.now();
    searchSanctuaries({ openNow: true }, index, { gazetteer, now });
    const firstOpen = performance.now() - t0;
    // A new version with one listing changed and one added (the gateway's kept copy), made from this one once its lazy
    // parts exist, and the first word search on it.
    searchSanctuaries({ query: 'Columbus' }, index, { gazetteer, now });
    const changed = list.slice();
    changed[0] = { ...changed[0]!, description: `${changed[0]!.description} zebrafish` };
    changed.push({ ...list[1]!, id: 'bench-added' });
    t0 = performance.now();
    const next = index.next(changed, [0, changed.length - 1]);
    const derive = performance.now() - t0;
    t0 = performance.now();
    const found = searchSanctuaries({ query: 'zebrafish' }, next, { gazetteer, now }).results.length;
    const nextText = performance.now() - t0;
    if (found !== 1) throw new Error(`the new version's word search found ${found} listings, not 1`);
    setupRows.push([n.toLocaleString('en-US'), ms(build), ms(firstText), ms(firstOpen), ms(derive), ms(nextText)]);
    for (const { label, criteria } of BENCH_QUERIES) {
      const results = searchSanctuaries(criteria, index, { gazetteer, now }).results.length;
      const timing = await time(() => searchSanctuaries(criteria, index, { gazetteer, now }), { runs: n >= 100_000 ? 60 : 300, budgetMs: n >= 100_000 ? 6000 : 3000 });
      out.push({ size: n, label, timing, results });
      rows.push([label, n.toLocaleString('en-US'), String(results), ms(timing.p50), ms(timing.p95), String(timing.runs)]);
    }
  }
  console.log(
    'One-off costs per list (ms): index (coordinates), first text search (builds the text index), first open-now (parses hours); ' +
      'a new version after one change and one addition (index.next), and the first text search on it',
  );
  table(['sanctuaries', 'index', 'first text', 'first open-now', 'next version', 'its first text'], setupRows);
  console.log('\nSearch time per query (ms); targets: p95 <= 4 ms at 10k, <= 20 ms at 100k');
  table(['criteria', 'sanctuaries', 'results', 'p50', 'p95', 'runs'], rows);
  return out;
}
