// The banners at the top of every page: the install offer (when the browser makes one) and the
// 'A new version is available' prompt (when an updated service worker is waiting). Both arrive after the page has
// painted, so they sit over the top of the page instead of pushing it down (a layout shift under the reader's
// finger, and Lighthouse's CLS).
import { Download, RefreshCw, X } from 'lucide-react';
import { dismissInstall, install, usePwa } from '../../lib/pwa';

export function AppBanners() {
  const offer = usePwa((s) => s.installOffer);
  const dismissed = usePwa((s) => s.installDismissed);
  const installed = usePwa((s) => s.installed);
  const updateReady = usePwa((s) => s.updateReady);
  const applyUpdate = usePwa((s) => s.applyUpdate);
  const showInstall = Boolean(offer) && !dismissed && !installed;
  if (!updateReady && !showInstall) return null;

  return (
    <div data-snapshot="omit" className="fixed inset-x-0 top-0 z-50 shadow-md">
      {updateReady ? (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 bg-sky-700 px-4 py-2 text-sm text-white">
          <RefreshCw aria-hidden className="h-4 w-4" />
          <span>A new version is available.</span>
          <button type="button" onClick={() => applyUpdate?.()} className="rounded bg-white px-3 py-1 font-semibold text-sky-800 hover:bg-sky-50">
            Reload
          </button>
        </div>
      ) : null}
      {showInstall ? (
        <section aria-label="Install the app" className="flex flex-wrap items-center justify-center gap-3 bg-emerald-800 px-4 py-2 text-sm text-white">
          <Download aria-hidden className="h-4 w-4" />
          <span>Install Sanctuary Seekers for quick, offline access.</span>
          <button type="button" onClick={() => void install()} className="rounded bg-white px-3 py-1 font-semibold text-emerald-800 hover:bg-emerald-50">
            Install
          </button>
          <button type="button" onClick={dismissInstall} className="inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-emerald-700">
            <X aria-hidden className="h-4 w-4" /> Dismiss
          </button>
        </section>
      ) : null}
    </div>
  );
}
