// Installability and updates: the browser's install offer (beforeinstallprompt), whether the app got
// installed, and a new service worker waiting to take over. The banners in ui/ read this store.
import { create } from 'zustand';

/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  installOffer: BeforeInstallPromptEvent | null;
  installDismissed: boolean;
  installed: boolean;
  updateReady: boolean;
  /** Set by the service worker registration: activates the waiting worker, then the page reloads. */
  applyUpdate: (() => void) | null;
}

export const usePwa = create<PwaState>(() => ({
  installOffer: null,
  installDismissed: false,
  installed: false,
  updateReady: false,
  applyUpdate: null,
}));

/** What web/inline/start-app.js heard before the app ran. */
interface EarlyInstall {
  offer: BeforeInstallPromptEvent | null;
  installed: boolean;
  stop: () => void;
}

export function listenForInstall(target: Window = window) {
  const early = (target as Window & { __ssEarlyInstall?: EarlyInstall }).__ssEarlyInstall;
  if (early) {
    early.stop();
    if (early.installed) usePwa.setState({ installed: true, installOffer: null });
    else if (early.offer) usePwa.setState({ installOffer: early.offer });
  }
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; our banner offers it instead.
    event.preventDefault();
    usePwa.setState({ installOffer: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => usePwa.setState({ installed: true, installOffer: null }));
}

export async function install(): Promise<void> {
  const offer = usePwa.getState().installOffer;
  // The offer can be used once: hide the banner whatever the user chooses in the browser's dialog.
  usePwa.setState({ installOffer: null });
  if (offer) await offer.prompt();
}

export function dismissInstall() {
  usePwa.setState({ installDismissed: true });
}
