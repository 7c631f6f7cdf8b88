// `npm run seed:synthetic -- N [--out file.json] [--seed S]`: writes N synthetic sanctuaries as JSON, or,
// with --couch, loads them into COUCHDB_URL. For scale tests and benchmarks only.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createCouchClient } from '../client.ts';
import { couchConfigFromEnv } from '../config.ts';
import { insertSanctuaries } from './load.ts';
import { syntheticSanctuaries } from './synthetic.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, seed: { type: 'string', default: '1' }, couch: { type: 'boolean', default: false } },
});
const count = Number(positionals[0] ?? 1000);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: npm run seed:synthetic -- <count> [--out file.json | --couch] [--seed n]');
  process.exit(2);
}
const docs = syntheticSanctuaries(count, Number(values.seed));
if (values.couch) {
  const inserted = await insertSanctuaries(createCouchClient(couchConfigFromEnv()), docs);
  console.log(`inserted ${inserted} synthetic sanctuaries`);
} else if (values.out) {
  fs.writeFileSync(values.out, JSON.stringify(docs));
  console.log(`wrote ${docs.length} synthetic sanctuaries to ${values.out}`);
} else {
  process.stdout.write(JSON.stringify(docs));
}
