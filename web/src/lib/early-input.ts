// The HTML of / holds the search form before the app starts (the build's pre-rendering, web/prerender-pages.mjs, or
// offline the device's snapshot of the page, data/home-snapshot.ts); the app hydrates or replaces it, and its own
// search box takes over. What was typed there meanwhile, whether the box had focus and whether a search
// was asked for (web/inline/early-input.js records those from the moment the page is parsed) are carried into the
// app's search box, which then searches: nothing typed or submitted before the app was ready is lost.
interface EarlySearch {
  text: string;
  focused: boolean;
  submitted: boolean;
}

interface Recorded {
  focused: boolean;
  submitted: boolean;
  stop(): void;
}

declare global {
  interface Window {
    __ssEarlySearch?: Recorded;
  }
}

let box: HTMLInputElement | null = null;

/** Called once, before the app hydrates the page's HTML: keeps hold of its search box. */
export function watchEarlySearchBox(root: HTMLElement) {
  box = root.querySelector<HTMLInputElement>('form[role="search"] input[type="search"]');
}

/** What happened in the page's own search box before the app took it over (once; later calls get nothing). */
export function takeEarlySearch(): EarlySearch | null {
  const recorded = window.__ssEarlySearch;
  recorded?.stop();
  window.__ssEarlySearch = undefined;
  if (!box) return null;
  const taken = { text: box.value, focused: recorded?.focused ?? false, submitted: recorded?.submitted ?? false };
  box = null;
  return taken.text || taken.focused ? taken : null;
}
