// `tsx couchdb/src/setup-cli.ts`: applies the CouchDB setup and the default seed to COUCHDB_URL, then exits.
// docker compose runs it once before the gateway and workers start.
import { createCouchClient } from './client.ts';
import { couchConfigFromEnv } from './config.ts';
import { setupCouch } from './setup.ts';
import { loadDefaultSeedOnce } from './seed/load.ts';

const couch = createCouchClient(couchConfigFromEnv());
const deadline = Date.now() + 120_000;
while (!(await couch.ping())) {
  if (Date.now() > deadline) {
    console.error('CouchDB did not answer within 120 s');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 1000));
}
const { changes } = await setupCouch(couch);
console.log(changes.length ? `setup: ${changes.join('; ')}` : 'setup: nothing to change');
if (process.env.SEED !== 'false') {
  const { loaded, upgraded } = await loadDefaultSeedOnce(couch);
  console.log(`seed: ${loaded} sanctuaries loaded${upgraded ? `; upgraded: ${upgraded.added} added, ${upgraded.updated} enriched` : ''}`);
}
