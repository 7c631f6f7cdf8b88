// The gateway on a loopback port, with a folder for the devices' local PouchDB databases: what the suites that
// replicate with real PouchDB over HTTP share. Call it in a describe block; it starts and stops with the block
// (the app is asked for then, so suites may build it in their own beforeAll).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';

export interface DeviceServer {
  /** The gateway's base URL, e.g. http://127.0.0.1:41234 */
  readonly base: string;
  /** Prefix for the devices' PouchDB databases (PouchDB.defaults({ prefix })). */
  readonly prefix: string;
}

export function serveForDevices(appOf: () => { fetch: (req: Request) => Response | Promise<Response> }, name: string): DeviceServer {
  let server: ServerType | undefined;
  const state = { base: '', prefix: '' };
  beforeAll(async () => {
    state.prefix = fs.mkdtempSync(path.join(os.tmpdir(), `ss-${name}-`)) + path.sep;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: appOf().fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    state.base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    (server as unknown as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    server?.close();
    if (state.prefix) fs.rmSync(state.prefix, { recursive: true, force: true });
  });
  return {
    get base() {
      return state.base;
    },
    get prefix() {
      return state.prefix;
    },
  };
}
