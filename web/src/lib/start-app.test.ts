// @vitest-environment jsdom
// web/inline/start-app.js puts the app's entry and its preloads (kept inert in <template id="ss-app">) into the
// document: the entry first, in a task of its own, then the preloads a few per task, all in the template's order.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const startApp = fs.readFileSync(path.resolve(__dirname, '../../inline/start-app.js'), 'utf8');
const PRELOADS = 14;

beforeEach(() => {
  vi.useFakeTimers();
  const preloads = Array.from({ length: PRELOADS }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`).join('');
  document.head.innerHTML = '';
  // An empty #root (the app shell): nothing to paint first, so the app is asked for at once.
  document.body.innerHTML = `<div id="root"></div><template id="ss-app"><script type="module" crossorigin src="/assets/index.js"></script>${preloads}</template>`;
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as unknown as { __ssEarlyInstall?: unknown }).__ssEarlyInstall;
});

const added = () => [...document.head.children].map((el) => el.getAttribute('src') ?? el.getAttribute('href'));

it('puts the entry in at once, alone, and the preloads after it, a few per task, until all are in, in order', () => {
  new Function(startApp)();
  // The entry alone first, then the preloads a few at a time.
  expect(added()).toEqual(['/assets/index.js']);
  vi.advanceTimersToNextTimer();
  const second = added();
  expect(second.length).toBeGreaterThan(1);
  expect(second.length).toBeLessThan(PRELOADS + 1);
  vi.runAllTimers();
  expect(added()).toEqual(['/assets/index.js', ...Array.from({ length: PRELOADS }, (_, i) => `/assets/chunk-${i}.js`)]);
  // Started once: running the timers again adds nothing.
  vi.runAllTimers();
  expect(added()).toHaveLength(PRELOADS + 1);
});
