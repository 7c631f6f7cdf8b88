// Entry point: mounts the router, starts replication and the signed-in user's account, and registers the service worker.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startAccount } from './data/account';
import { listenForInstall } from './lib/pwa';
import { registerServiceWorker } from './lib/register-service-worker';
import { watchEarlySearchBox } from './lib/early-input';
import './styles.css';

const container = document.getElementById('root')!;

// The first render is a transition, so React renders it in slices and the page keeps answering input while the app
// starts (one long task of hundreds of milliseconds on a slow phone otherwise). When the server already put the
// page's content in the HTML, it is on screen first: a listing's facts (plain HTML from the gateway) are replaced after
// that paint; a page the build pre-rendered from the app's own components is hydrated.
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
function mount() {
  startTransition(() => {
    createRoot(container).render(app);
  });
}
/** The HTML is the app's own (the build rendered it, web/prerender-pages.mjs): React takes it over as it is. */
function hydrate() {
  // The route and its component are resolved first, as they were when the HTML was rendered. And the router lays the
  // page out as it did for the server (no Suspense boundary around the root route), which it does once it knows
  // the page came from the server: what TanStack Router's own SSR hydration sets.
  router.ssr = { manifest: undefined };
  void router.load().then(() =>
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (err, info) => console.warn('[ssr] hydration', err, info.componentStack) });
    }),
  );
}
if (container.dataset.prerendered === 'app') {
  watchEarlySearchBox(container);
  hydrate();
} else if (container.firstElementChild) requestAnimationFrame(() => setTimeout(mount, 0));
else mount();

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
