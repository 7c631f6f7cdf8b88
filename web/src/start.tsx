// The app itself, one task after the entry (web/src/main.tsx): mounts or hydrates the router, starts replication and
// the signed-in user's account.
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter, type AppRouter } from './router';
import { startAccount } from './data/account';
import { holdEarlyPress, replayEarlyPress, watchEarlySearchBox } from './lib/early-input';

const container = document.getElementById('root')!;

// Evaluating the app's modules is one long task on a slow phone already; what the app then starts (resolving the
// route, reading the signed-in account, starting replication) runs in tasks of its own instead of being added to it
// (Lighthouse's total blocking time counts every task's time past 50 ms).
const nextTask = (run: () => void) => void setTimeout(run, 0);

declare global {
  interface Window {
    /** Set once the app renders: web/inline/early-directory.js then leaves the container alone. */
    __ssAppStarted?: boolean;
    /** At /, web/inline/early-directory.js's read of the home page's snapshot: whether it put it on screen. */
    __ssEarlySnapshot?: Promise<boolean>;
  }
}

/**
 * A button pressed in the page's HTML before the app was ready is pressed again once the first render is on screen.
 * Content the app replaces (not hydrates) answers nothing until that render's commit: recording stops there, in the
 * same task, so no press is both answered and replayed.
 */
function AfterFirstRender() {
  useLayoutEffect(holdEarlyPress, []);
  useEffect(() => replayEarlyPress(container), []);
  return null;
}
// The first render is a transition, so React renders it in slices and the page keeps answering input while the app
// starts (one long task of hundreds of milliseconds on a slow phone otherwise). When the server already put the
// page's content in the HTML, it is on screen first: a listing's facts (plain HTML from the gateway) are replaced after
// that paint; a page the build pre-rendered from the app's own components is hydrated.
const appFor = (router: AppRouter) => (
  <StrictMode>
    <RouterProvider router={router} />
    <AfterFirstRender />
  </StrictMode>
);
function mount(router: AppRouter) {
  window.__ssAppStarted = true;
  startTransition(() => {
    createRoot(container).render(appFor(router));
  });
}
/** The HTML is the app's own (the build rendered it, web/prerender-pages.mjs): React takes it over as it is. */
function hydrate(router: AppRouter) {
  // The route and its component are resolved first, as they were when the HTML was rendered. And the router lays the
  // page out as it did for the server (no Suspense boundary around the root route), which it does once it knows
  // the page came from the server: what TanStack Router's own SSR hydration sets.
  window.__ssAppStarted = true;
  router.ssr = { manifest: undefined };
  nextTask(() =>
    void router.load().then(() =>
      startTransition(() => {
        holdEarlyPress();
        hydrateRoot(container, appFor(router), { onRecoverableError: (err, info) => console.warn('[ssr] hydration', err, info.componentStack) });
      }),
    ),
  );
}
/** Content that is not the app's own (a listing's facts from the gateway, or the home page's snapshot) is painted first, then replaced. */
function mountAfterPaint(router: AppRouter) {
  // Its search box may hold what was typed already.
  watchEarlySearchBox(container);
  // The route is resolved before the first render, so that render is the page itself and never an empty frame
  // between the two.
  const go = () => mount(router);
  requestAnimationFrame(() => setTimeout(() => void router.load().then(go, go), 0));
}
const earlySnapshot = window.__ssEarlySnapshot;
window.__ssEarlySnapshot = undefined;
// Creating the router (its route tree and the browser's history: ~35 ms of a slow phone's time) is a task of its own,
// after this module's evaluation.
nextTask(() => {
  const router = createAppRouter();
  if (container.dataset.prerendered === 'app') {
    watchEarlySearchBox(container);
    hydrate(router);
  } else if (container.firstElementChild) mountAfterPaint(router);
  // At / from the app shell (the service worker's, online or not), the device's snapshot of the page is read with the
  // first cards' preview, which the app's first render waits for anyway: the snapshot is painted first (or found
  // missing), then the app renders; at the latest after SNAPSHOT_WAIT_MS, should the device's storage not answer.
  else if (earlySnapshot) {
    const SNAPSHOT_WAIT_MS = 1000;
    const late = new Promise<boolean>((resolve) => setTimeout(resolve, SNAPSHOT_WAIT_MS, false));
    void Promise.race([earlySnapshot, late]).then(
      (shown) => (shown ? mountAfterPaint(router) : mount(router)),
      () => mount(router),
    );
  } else mount(router);
  // Replication needs PouchDB, which loads after the first paint's JavaScript (see data/local-db-loader). Queued after
  // the page's own first step (above), as before.
  nextTask(() => {
    void import('./data/sync').then((m) => m.startSync());
    startAccount();
  });
});
