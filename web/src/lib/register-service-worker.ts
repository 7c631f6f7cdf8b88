// Registers /sw.js (built by workbox-build) once the page has loaded, in production builds only. A new
// version waits until the user chooses to reload (never a silent half-updated app).
import { usePwa } from './pwa';

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
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
