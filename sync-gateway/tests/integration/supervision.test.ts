// The store supervised: killed, the gateway answers 503; restarted, 200 again. In its own file with its own
// store so no other client is mid-request when the store dies.
import { describe, expect, it } from 'vitest';
import { gatewayForSuite } from './harness.ts';
import { waitFor } from '../../../couchdb/tests/integration/store-fixture.ts';

// The store, the gateway in-process and its accounts come from the one integration harness.
const g = gatewayForSuite();

describe('store supervision', () => {
  it('answers 503 while the store is down and 200 once it is restarted', async () => {
    const pid = g.fx.store.pid()!;
    const back = new Promise((resolve) => g.fx.store.once('ready', resolve));
    process.kill(pid, 'SIGKILL');
    const down = await waitFor(async () => {
      const res = await g.app.request('/api/sanctuaries');
      return res.status === 503 ? res : undefined;
    }, 5_000, 10);
    expect(await down.json()).toEqual({ error: expect.stringMatching(/restarting/) });
    expect((await g.app.request('/api/health')).status).toBe(503);
    expect((await g.app.request('/db/sanctuaries/_changes?since=0')).status).toBe(503);
    await back;
    expect(g.fx.store.pid()).not.toBe(pid);
    await waitFor(async () => (await g.app.request('/api/sanctuaries')).status === 200);
    expect((await g.app.request('/api/health')).status).toBe(200);
  });
});
