// False while a page rendered on the server is shown before the app has taken it over (in its HTML and during
// hydration), true once React runs it. A control that needs the app stays disabled until then, so a click on it is
// not silently lost: the browser shows it unavailable, and automation waits for it. A part only a browser can draw
// (the map on /map) is left out of the server's HTML and of hydration alike, then drawn.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
