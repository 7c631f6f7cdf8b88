// Starts every worker against COUCHDB_URL and stops them cleanly on SIGTERM / SIGINT.
import { couchConfigFromEnv } from '@ss/couchdb/config';
import { createCouchClient } from '@ss/couchdb/client';
import { startReviewStatsWorker } from './review-stats.ts';
import { startReviewCommandSweeper } from './review-commands.ts';
import { startPhotoWorker } from './photos.ts';
import { startUserCommandSweeper } from './user-commands.ts';

const couch = createCouchClient(couchConfigFromEnv());
const workers = [startReviewStatsWorker(couch), startReviewCommandSweeper(couch), startUserCommandSweeper(couch), startPhotoWorker(couch)];
console.log(`[workers] ${workers.length} running`);
process.send?.({ type: 'ready' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void Promise.all(workers.map((w) => w.stop())).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
