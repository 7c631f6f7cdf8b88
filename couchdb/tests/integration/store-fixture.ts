// A real store in a throw-away directory, set up and seeded, for integration suites: the embedded store, or one
// CouchDB node of its own when SS_STORE=couchdb (the CouchDB leg of `npm test`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCouchClient, type CouchClient } from '../../src/client.ts';
import type { EmbeddedStore } from '../../src/embedded/supervisor.ts';
import { startLocalStore } from '../../src/store-choice.ts';
import { setupCouch } from '../../src/setup.ts';
import { loadDefaultSeedOnce } from '../../src/seed/load.ts';

export interface StoreFixture {
  /** True for the embedded store (PouchDB Server), false for real CouchDB. */
  embedded: boolean;
  store: EmbeddedStore;
  couch: CouchClient;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startStoreFixture({ seed = true } = {}): Promise<StoreFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-store-'));
  const store = await startLocalStore({ dataDir, log: () => {} });
  const couch = createCouchClient(store.config);
  await setupCouch(couch);
  if (seed) await loadDefaultSeedOnce(couch);
  return {
    embedded: store.kind === 'embedded',
    store,
    couch,
    dataDir,
    async stop() {
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it gives a truthy value; `what` names the wait in the error when it never comes. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, everyMs = 100, what?: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(what ? `Timed out after ${timeoutMs} ms waiting for ${what}` : 'Timed out waiting');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
