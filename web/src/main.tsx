// Entry point: mounts the router, starts replication and the signed-in user's account, and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startAccount } from './data/account';
import { startSync } from './data/sync';
import { listenForInstall } from './lib/pwa';
import { isNativePlatform } from './native/platform';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startSync();
startAccount();
listenForInstall();
// The native shell's plugins load only inside it; the web build behaves as before.
if (isNativePlatform()) void import('./native/native-bridge').then((m) => m.initNative());
registerServiceWorker();
