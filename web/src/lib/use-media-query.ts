// Whether a CSS media query matches now, following changes (rotation, resizing), for layouts that differ in
// structure and not only in style: /map on a phone is a different arrangement, not the desktop one squeezed.
import { useCallback, useSyncExternalStore } from 'react';
import { pageData } from '../data/page-data';

/**
 * `serverMatches`: what the build's pre-rendering assumes (no screen there), and so what hydration renders first.
 * The phone layout is the one pre-rendered: most visitors come on a phone, and a phone has the least time to spare
 * for a page that rearranges itself once the app runs.
 */
export function useMediaQuery(query: string, serverMatches = false): boolean {
  // One subscription per query: a new function each render would make React unsubscribe and subscribe again every time.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverMatches,
  );
}

/** Phones and small tablets: below Tailwind's md breakpoint. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the phone layout applies. A page is rendered in the layout the gateway chose for the device that asked
 * (its Sec-CH-UA-Mobile hint or user agent: page data's `layout`), and hydrated in that layout; the build's copies,
 * and pages whose request did not tell, are laid out for a phone.
 */
export const usePhoneLayout = () => useMediaQuery(PHONE_QUERY, pageData().layout !== 'desktop');
