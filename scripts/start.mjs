// `npm start`: installs what is missing, builds what is stale, then runs the whole stack (scripts/stack.ts)
// and prints one URL. Ctrl-C stops everything it started.
import { spawn } from 'node:child_process';
import { ROOT, ensureBuilt, ensureInstalled } from './ensure.mjs';

try {
  ensureInstalled();
  ensureBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
