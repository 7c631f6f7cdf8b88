// Benchmark: one change woken on a thousand waiting devices (issue 16). The whole stack runs as `npm start` runs
// it (the gateway in its own process, the default seed); DEVICES longpolls wait on /db/sanctuaries, CHANGES listings
// are written again straight to the store, GAP_MS apart, and every woken device asks again at once, as PouchDB does.
// Printed: the gateway's CPU per woken device (its answer and the device's next request) and how long after the
// store's write the devices had their answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { createCouchClient } from '@ss/couchdb/client';
import { DB } from '@ss/couchdb/definitions';
import { startStack } from '../stack.ts';
import { cpuMs } from '../load/proc.ts';
import { ms, table } from './stats.ts';

const DEVICES = 1000;
const CHANGES = 20;
const GAP_MS = 700;
/** Connections per pool: the devices share pools of this size (a device holds one connection while it waits). */
const POOL_CONNECTIONS = 50;

interface Changes {
  results: Array<{ id: string }>;
  last_seq: string | number;
}

export async function benchFanout(): Promise<void> {
  console.log(`\n== ${DEVICES.toLocaleString('en-US')} waiting longpolls, ${CHANGES} changes ${GAP_MS} ms apart (gateway in its own process, default seed) ==`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-bench-fanout-'));
  const stack = await startStack({ port: 0, dataDir, log: () => {} });
  const pools = Array.from({ length: Math.ceil(DEVICES / POOL_CONNECTIONS) }, () => new Pool(stack.url, { connections: POOL_CONNECTIONS }));
  let stop = false;
  try {
    const gateway = stack.gatewayPid();
    if (gateway === undefined || cpuMs(gateway) === null) {
      console.log('The gateway\'s CPU time cannot be read here (/proc): skipped.');
      return;
    }
    const get = async <T>(pathAndQuery: string): Promise<T> => {
      const res = await pools[0]!.request({ path: pathAndQuery, method: 'GET' });
      if (res.statusCode !== 200) throw new Error(`GET ${pathAndQuery} answered ${res.statusCode}`);
      return (await res.body.json()) as T;
    };
    // The shared feed is live once a since=now is answered.
    const start = (await get<Changes>('/db/sanctuaries/_changes?since=now')).last_seq;
    const ids = (await get<Changes>('/db/sanctuaries/_changes?since=0&limit=200')).results.map((r) => r.id).filter((id) => !id.startsWith('stats:'));

    let woken = 0;
    let writtenAt = 0;
    const delays: number[] = [];
    const device = async (pool: Pool) => {
      let since = start;
      while (!stop) {
        const res = await pool.request({ path: `/db/sanctuaries/_changes?style=all_docs&feed=longpoll&heartbeat=10000&since=${encodeURIComponent(String(since))}&limit=1000`, method: 'GET' });
        const answer = (await res.body.json()) as Changes;
        since = answer.last_seq;
        if (answer.results.length) {
          woken += 1;
          delays.push(performance.now() - writtenAt);
        }
      }
    };
    // Each ends when its pool is closed at the end.
    for (let i = 0; i < DEVICES; i++) void device(pools[i % pools.length]!).catch(() => {});
    // Every device waiting (a generous pause for a thousand connections to open).
    await new Promise((r) => setTimeout(r, 3000));

    const scope = createCouchClient(stack.couch).use<{ _id: string; _rev: string }>(DB.sanctuaries);
    const cpuBefore = cpuMs(gateway)!;
    for (let k = 0; k < CHANGES; k++) {
      const doc = await scope.get(ids[k % ids.length]!);
      writtenAt = performance.now();
      await scope.insert(doc);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const cpu = cpuMs(gateway)! - cpuBefore;
    stop = true;
    delays.sort((a, b) => a - b);
    const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? NaN;
    table(
      ['devices woken', 'of', 'gateway CPU', 'per woken device', 'answered p50', 'p95', 'max'],
      [[String(woken), String(DEVICES * CHANGES), `${ms(cpu)} ms`, `${((cpu * 1000) / Math.max(1, woken)).toFixed(0)} µs`, `${ms(at(0.5))} ms`, `${ms(at(0.95))} ms`, `${ms(delays.at(-1) ?? NaN)} ms`]],
    );
  } finally {
    stop = true;
    await Promise.all(pools.map((p) => p.destroy()));
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
