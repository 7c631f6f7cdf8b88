// Registers /sw.js (built by workbox-build) once the page has loaded, in production builds only.
import { Workbox } from 'workbox-window';

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const wb = new Workbox('/sw.js');
    wb.register().catch((err: unknown) => console.warn('[sw] registration failed', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
