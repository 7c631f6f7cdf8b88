// Whether the app is running in the browser past hydration: false on the server and while React takes over the
// server's HTML, true after that (and at once for a page the app renders itself). A part only a browser can draw (the
// map) is left out of the server's HTML and of hydration alike, then drawn.
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
