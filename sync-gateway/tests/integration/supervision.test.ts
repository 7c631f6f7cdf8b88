// The store supervised: killed, the gateway answers 503; restarted, 200 again. In its own file with its own
// store so no other client is mid-request when the store dies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type App, type Gateway } from './harness.ts';
import { waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';

// The store and the gateway in-process come from the one integration harness.
let g: Gateway;
let fx: StoreFixture;
let app: App;
beforeAll(async () => {
  g = await startGateway();
  ({ fx, app } = g);
}, 60_000);
afterAll(() => g.stop());

describe('store supervision', () => {
  it('answers 503 while the store is down and 200 once it is restarted', async () => {
    const pid = fx.store.pid()!;
    const back = new Promise((resolve) => fx.store.once('ready', resolve));
    process.kill(pid, 'SIGKILL');
    const down = await waitFor(async () => {
      const res = await app.request('/api/sanctuaries');
      return res.status === 503 ? res : undefined;
    }, 5_000, 10);
    expect(await down.json()).toEqual({ error: expect.stringMatching(/restarting/) });
    expect((await app.request('/api/health')).status).toBe(503);
    expect((await app.request('/db/sanctuaries/_changes?since=0')).status).toBe(503);
    await back;
    expect(fx.store.pid()).not.toBe(pid);
    await waitFor(async () => (await app.request('/api/sanctuaries')).status === 200);
    expect((await app.request('/api/health')).status).toBe(200);
  });
});
