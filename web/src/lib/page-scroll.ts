// Where the browser's pages are scrolled: the router's scroll restoration (its `scrollRestoration` option), with two
// changes a reader would expect.
// - The page the browser loaded stays where the browser put it: at its address's anchor, or wherever the reader
//   scrolled (or followed an in-page link) in the served HTML before the app ran. Left alone, the router's first
//   render would move it to the top.
// - Back and forward return to where the reader was even when the page is not that long yet at its first render (its
//   reviews and other parts read from the device's database arrive just after): the position is reached as the page
//   grows, instead of being cut to the height of its first render. A reload returns there too.
// Otherwise as the router does it: a page moved to starts at its top, or at the anchor its address names.
import type { AnyRouter } from '@tanstack/react-router';
import { getElementScrollRestorationEntry } from '@tanstack/router-core';

/** How long a returning page may take to grow to the reader's position. */
const REACH_WITHIN_MS = 3000;
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopReaching: (() => void) | undefined;

/** The router's `scrollRestoration` option: whether it places the page it has just rendered. */
export function pageScrollPolicy(getRouter: () => AnyRouter): () => boolean {
  let rendered = false;
  return () => {
    stopReaching?.();
    if (!rendered) {
      rendered = true;
      // Reloaded, or come back to from another site: where the reader was, as the router kept it for the session (the
      // browser's own restoration is off while the app runs).
      const saved = returning() && !window.scrollY && !window.location.hash ? getElementScrollRestorationEntry(getRouter(), { getElement: () => window }) : undefined;
      if (saved?.scrollY) {
        window.scrollTo({ left: saved.scrollX, top: saved.scrollY });
        reachAsThePageGrows(saved.scrollX, saved.scrollY);
      }
      // The router remembers a page's position only if it has seen the page scroll; this one may have been scrolled
      // before the app ran. Told so, it brings the reader back here from the next page.
      else if (window.scrollY || window.scrollX) document.dispatchEvent(new Event('scroll'));
      return false;
    }
    const saved = getElementScrollRestorationEntry(getRouter(), { getElement: () => window });
    if (saved?.scrollY) reachAsThePageGrows(saved.scrollX, saved.scrollY);
    return true;
  };
}

/** Whether this document was opened by a reload or by going back or forward to it. */
function returning(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/** The page has just been scrolled to the saved position (by the router, or above); if it is still too short, it gets there later. */
function reachAsThePageGrows(left: number, top: number) {
  if (typeof ResizeObserver !== 'function') return;
  const page = document.documentElement;
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - top) < 1) return stop();
    if (page.scrollHeight - window.innerHeight >= top) {
      window.scrollTo({ left, top });
      stop();
    }
  });
  const timer = setTimeout(() => stop(), REACH_WITHIN_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_MOVES) window.removeEventListener(type, stop, true);
    if (stopReaching === stop) stopReaching = undefined;
  }
  // The reader's own scrolling wins.
  for (const type of READER_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(page);
  stopReaching = stop;
}
