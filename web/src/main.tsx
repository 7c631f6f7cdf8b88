// Entry point: mounts the router, starts replication and the signed-in user's account, and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startAccount } from './data/account';
import { startSync } from './data/sync';
import { listenForInstall } from './lib/pwa';
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
registerServiceWorker();
