// Entry point. Evaluating the app's modules is the longest task of its start on a slow phone (React DOM, the router
// with its routes, the data layer and its schemas: ~175 ms with the CPU slowed 4×, which Lighthouse counts as
// blocking time past the first 50). It is split in two: this task evaluates React DOM and the few helpers below;
// the next evaluates the app (./start, whose chunks the build asks for beside this one: web/vite.config.ts) and
// starts it.
import 'react-dom/client';
import { listenForInstall } from './lib/pwa';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

setTimeout(() => void import('./start'), 0);
listenForInstall();
// The native shell's plugins load only inside it; the web build behaves as before. Even the check (Capacitor's
// core) loads after the first paint's JavaScript.
void import('./native/platform').then(async ({ isNativePlatform }) => {
  if (isNativePlatform()) await (await import('./native/native-bridge')).initNative();
});
registerServiceWorker();
