// Entry point. Evaluating the app's modules is the longest task of its start on a slow phone (React DOM, the router
// with its routes, the data layer and its schemas: ~175 ms with the CPU slowed 4×, which Lighthouse counts as
// blocking time past the first 50). It is split up: this task evaluates React DOM and the few helpers below; then
// the app's chunks (whose files the build asks for beside this one) are evaluated one task each, dependencies first
// (the build lists them on <template id="ss-app">: web/vite.config.ts), and last the app (./start), which starts.
import 'react-dom/client';
import { listenForInstall } from './lib/pwa';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

/** Ends the current task: the next step runs in a new one, after any input waiting. */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};
async function startApp() {
  // Absent in development (vite serve), where the app's modules are not chunks.
  const stages = document.getElementById('ss-app')?.dataset.stages?.split(' ').filter(Boolean) ?? [];
  for (const chunk of stages) {
    await nextTask();
    // A chunk that cannot be had (offline, not cached) is left to the app's own import below, which reports it.
    const ok = await import(/* @vite-ignore */ chunk).then(() => true, () => false);
    if (!ok) break;
  }
  await nextTask();
  await import('./start');
}
void startApp();
listenForInstall();
// The native shell's plugins load only inside it; the web build behaves as before. Even the check (Capacitor's
// core) loads after the first paint's JavaScript.
void import('./native/platform').then(async ({ isNativePlatform }) => {
  if (isNativePlatform()) await (await import('./native/native-bridge')).initNative();
});
registerServiceWorker();
