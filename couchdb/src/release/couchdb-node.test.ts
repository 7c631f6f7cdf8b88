import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortFloor, freeCouchPorts } from './couchdb-node.ts';

describe('ports for a CouchDB node', () => {
  it('are below the ports the kernel gives outgoing connections, node-local ports included', async () => {
    const floor = ephemeralPortFloor();
    expect(floor).toBeGreaterThan(1024);
    for (let i = 0; i < 40; i++) {
      const base = await freeCouchPorts(3);
      expect(base).toBeGreaterThanOrEqual(1024);
      // Three nodes, each with its node-local port (PORT+1000).
      expect(base + 2 + 1000).toBeLessThan(floor);
    }
  });

  it('are free when chosen: both the port and its node-local port can be bound', async () => {
    const base = await freeCouchPorts(1);
    for (const port of [base, base + 1000]) {
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
