// Regenerates couchdb/seed/default-sanctuaries.json from couchdb/seed/us-sanctuaries.csv.
import fs from 'node:fs';
import { buildDefaultSeed, createTownLocator, DEFAULT_SEED_JSON, readSeedCsv, SEED_CSV } from './default-seed.ts';

const docs = buildDefaultSeed(readSeedCsv(fs.readFileSync(SEED_CSV, 'utf8')), createTownLocator());
fs.writeFileSync(DEFAULT_SEED_JSON, JSON.stringify(docs, null, 2) + '\n');
console.log(`wrote ${docs.length} sanctuaries to ${DEFAULT_SEED_JSON.pathname}`);
