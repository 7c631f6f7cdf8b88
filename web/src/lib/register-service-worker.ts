// Registers /sw.js (built by workbox-build) once the page has loaded, in production builds only. A new
// version waits until the user chooses to reload (never a silent half-updated app).
//
// On a first visit (no service worker controls the page yet) the directory's first sync goes first: it is what the
// page shows and what offline use needs, and the worker's install downloads the whole app for offline use (~80 files)
// beside it, on the same connection and, on a phone, the same few cores. The worker is registered once that sync has
// ended (done, failed or offline), or after FIRST_VISIT_WAIT_MS whatever it is doing. A page the worker already
// controls registers at its load event, which is when an update is looked for.
import { useSyncStatus } from '../data/sync-status';
import { usePwa } from './pwa';

/** The longest a first visit's worker waits for the first sync (a 100k-listing directory takes longer than this). */
export const FIRST_VISIT_WAIT_MS = 15_000;

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window loads only when registration starts (after the load event), not with the first paint.
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => {
      usePwa.setState({
        updateReady: true,
        applyUpdate: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      });
    });
    wb.register().catch((err: unknown) => console.warn('[sw] registration failed', err));
  };
  const start = () => void register().catch((err: unknown) => console.warn('[sw] registration failed', err));
  const afterLoad = navigator.serviceWorker.controller ? start : () => afterFirstSync(start);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** Runs `then` once, when the first sync is no longer running, or after FIRST_VISIT_WAIT_MS. */
export function afterFirstSync(then: () => void, wait: number = FIRST_VISIT_WAIT_MS) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    unsubscribe();
    then();
  };
  const timer = setTimeout(once, wait);
  const unsubscribe = useSyncStatus.subscribe((s) => {
    if (s.phase !== 'syncing') once();
  });
  if (useSyncStatus.getState().phase !== 'syncing') once();
}
