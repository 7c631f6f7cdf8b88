// Whether a CSS media query matches now, following changes (rotation, resizing), for layouts that differ in
// structure and not only in style: /map on a phone is a different arrangement, not the desktop one squeezed.
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones and small tablets: below Tailwind's md breakpoint. */
export const PHONE_QUERY = '(max-width: 767.98px)';
