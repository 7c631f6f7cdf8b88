// Starts the gateway: reads COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD), PORT, WEB_DIST, PUBLIC_ORIGIN,
// TRUST_PROXY, VITE_TILE_URL (for the Content-Security-Policy) and GATEWAY_HEAP_GROWING_PERCENT from the environment.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { couchConfigFromEnv } from '@ss/couchdb/config';
import { createCouchClient } from '@ss/couchdb/client';
import { createApp } from './app.ts';
import { applyHeapGrowth, heapGrowingPercentFromEnv } from './heap-growth.ts';
import { securityOptionsFromEnv } from './accounts.ts';
import { nodeServerOptions } from './request-deadline.ts';

// Before the app and its caches are built: the gateway's heap stays near what it keeps live (heap-growth.ts).
applyHeapGrowth(heapGrowingPercentFromEnv());
const couch = createCouchClient(couchConfigFromEnv());
const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = createApp({ couch, webDist: path.resolve(webDist), security: securityOptionsFromEnv() });
app.warm();
const host = process.env.HOST ?? '0.0.0.0';

// Slow senders are cut by Node itself: headers within 20 s, a whole request (uploads included) within 5 minutes.
// Neither limits how long a response may stream, so live replication feeds stay open.
const serverOptions = nodeServerOptions();
/** Capped by the kernel's net.core.somaxconn (4096 on current Linux). */
const LISTEN_BACKLOG = 4096;
const server = createAdaptorServer({ fetch: app.fetch, hostname: host, serverOptions });
// Connections waiting to be accepted: Node's default (511) overflowed when a thousand devices came back online
// at once, and the kernel then dropped connection attempts (retried by the client a second or more later).
server.listen({ port: Number(process.env.PORT ?? 8080), host, backlog: LISTEN_BACKLOG }, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`[gateway] listening on ${host}:${port}`);
  process.send?.({ type: 'ready', port });
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    // Devices' checkpoints kept in memory go to the store first (checkpoints.ts); live replication feeds keep
    // sockets open, so the server's close is not waited for past that.
    server.close();
    void app.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
