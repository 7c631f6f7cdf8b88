// `npm run build:seed`: regenerates couchdb/seed/default-sanctuaries.json from couchdb/seed/us-sanctuaries.json
// (facts with their sources) and prints how it measures against issue 12's targets.
import fs from 'node:fs';
import { buildDefaultSeed, CLOSED_SEED_JSON, closedListings, createTownLocator, DEFAULT_SEED_JSON, readSeedEntries, SEED_SOURCE_JSON, seedCoverage } from './default-seed.ts';

const entries = readSeedEntries(fs.readFileSync(SEED_SOURCE_JSON, 'utf8'));
const docs = buildDefaultSeed(entries, createTownLocator());
fs.writeFileSync(DEFAULT_SEED_JSON, JSON.stringify(docs, null, 2) + '\n');
const closed = closedListings(entries);
fs.writeFileSync(CLOSED_SEED_JSON, JSON.stringify(closed, null, 2) + '\n');
const c = seedCoverage(docs);
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const target = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`wrote ${docs.length} sanctuaries to ${DEFAULT_SEED_JSON.pathname}`);
console.log(`listings       ${c.listings} in ${c.states} states (target ≥ 300: ${target(c.listings >= 300)})`);
console.log(`website        ${pct(c.website)} (target ≥ 80 %: ${target(c.website >= 0.8)})`);
console.log(`animal types   ${pct(c.animalTypes)} (target ≥ 60 %: ${target(c.animalTypes >= 0.6)})`);
console.log(`ZIP            ${pct(c.zipCode)} (target ≥ 40 %: ${target(c.zipCode >= 0.4)})`);
console.log(`phone or email ${pct(c.phoneOrEmail)}`);
console.log(`closed         ${closed.length} (left out, and withdrawn from stores where nobody changed them)`);
