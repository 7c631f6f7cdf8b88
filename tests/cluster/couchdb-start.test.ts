// Starting a real CouchDB node when its port is taken. The release's node does not exit when it cannot bind: it
// waits for ever, so a port taken between being found free and being bound (another suite's node, an outgoing
// connection) made a store start hang until its caller's timeout. It must fail at once, say why, and leave nothing
// running. Runs in the CouchDB leg of `npm test` only (vitest project "cluster").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CouchPortTakenError, freeCouchPorts, startCouchdbNode } from '@ss/couchdb/release/couchdb-node';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-couch-start-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function hold(port: number): Promise<net.Server> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const vmsOn = (port: number) => spawnSync('pgrep', ['-f', `couchdb-${port}@127`], { encoding: 'utf8' }).stdout.trim();

it('a node whose port is taken fails soon with the reason, and leaves no VM behind', async () => {
  const port = await freeCouchPorts(1);
  // A holder that accepts connections and never answers: the start must not wait on it either.
  const held = await hold(port);
  try {
    const started = Date.now();
    const failure = await startCouchdbNode({ dataDir: tmp, port }).then(
      (store) => store.stop().then(() => 'started'),
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(CouchPortTakenError);
    expect(String(failure)).toMatch(/could not bind/);
    // Well before the 60 s the start waits for a node that is merely slow.
    expect(Date.now() - started).toBeLessThan(45_000);
    await expect.poll(() => vmsOn(port), { timeout: 10_000 }).toBe('');
  } finally {
    held.close();
  }
});
