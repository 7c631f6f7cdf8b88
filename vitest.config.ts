// Unit tests sit beside the code (src/**/*.test.ts[x]); integration suites live in each workspace's tests/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // React's automatic JSX runtime for the web tests (Vite 8 transforms with oxc).
  oxc: { jsx: { runtime: 'automatic' } },
  define: { global: 'globalThis' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{domain,couchdb,sync-gateway,workers,web}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['{couchdb,sync-gateway,workers}/tests/integration/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own store; two at a time is what two cores sustain.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // A three-node CouchDB cluster: run by the CouchDB leg of `npm test` (vitest --project cluster).
          name: 'cluster',
          sequence: { groupOrder: 2 },
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
