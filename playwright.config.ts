// End-to-end tests in Debian's Chromium against the whole stack, started by tests/e2e/global-setup.ts
// exactly as `npm start` runs it (embedded store, setup, seed, gateway, workers) on a free port.
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e-artifacts',
  // Committed pictures for the layout spec's screen comparisons: one per viewport and route, on any platform.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    serviceWorkers: 'allow',
    // A failed test keeps its trace (actions, console, network), without DOM snapshots or the screencast: recording
    // those for every test made each page several times slower on a 2-core machine (a first sync of 332 listings took
    // over 30 s in place of ~6, and timed out); the error context still holds the page's accessibility tree.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});
