// Entry point: mounts the router, starts replication and the signed-in user's account, and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startAccount } from './data/account';
import { listenForInstall } from './lib/pwa';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// Replication needs PouchDB, which loads after the first paint's JavaScript (see data/local-db-loader).
void import('./data/sync').then((m) => m.startSync());
startAccount();
listenForInstall();
// The native shell's plugins load only inside it; the web build behaves as before. Even the check (Capacitor's
// core) loads after the first paint's JavaScript.
void import('./native/platform').then(async ({ isNativePlatform }) => {
  if (isNativePlatform()) await (await import('./native/native-bridge')).initNative();
});
registerServiceWorker();
