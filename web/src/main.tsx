// Entry point: mounts the router, starts replication, and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startSync } from './data/sync';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startSync();
registerServiceWorker();
