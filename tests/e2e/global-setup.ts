// Starts the stack the way `npm start` does, in a throw-away data directory, and shares its address and the
// store's credentials with the tests through the environment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../../scripts/stack.ts';

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-e2e-'));
  const stack = await startStack({ port: 0, dataDir, log: (l) => console.log(`[stack] ${l}`) });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_COUCH = JSON.stringify(stack.couch);
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
