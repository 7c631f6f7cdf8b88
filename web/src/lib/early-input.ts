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

interface RecordedPress {
  button: HTMLButtonElement | null;
  stop(): void;
}

declare global {
  interface Window {
    __ssEarlySearch?: Recorded;
    __ssEarlyPress?: RecordedPress;
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

/** What a button is called, as people (and this module) tell it from the others. */
const nameOf = (button: HTMLButtonElement) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();

let pressed: { button: HTMLButtonElement; name: string } | null = null;

/**
 * Called as React takes #root over (just before it hydrates the page's HTML; as it commits content replacing it): from
 * then on React answers presses itself, so recording stops, and the last button pressed before (if any) is kept for
 * replayEarlyPress. Only the first call counts.
 */
export function holdEarlyPress() {
  const recorded = window.__ssEarlyPress;
  if (!recorded) return;
  recorded.stop();
  window.__ssEarlyPress = undefined;
  pressed = recorded.button ? { button: recorded.button, name: nameOf(recorded.button) } : null;
}

/** How long a press waits for React to answer it: the part of the page it is in may be hydrated after the rest. */
const REPLAY_WITHIN_MS = 10_000;
const REPLAY_RETRY_MS = 50;

/**
 * Called once the app's first render is on screen: presses again the button pressed before the app was ready. React
 * keeps the page's own elements when it hydrates them; in content it replaced instead of hydrating (HTML that is not
 * the app's own) the press goes to the one button of the same name. Once; a button gone or now disabled is left alone.
 */
export function replayEarlyPress(root: HTMLElement) {
  const early = pressed;
  pressed = null;
  if (!early) return;
  const same = early.button.isConnected
    ? [early.button]
    : [...root.querySelectorAll<HTMLButtonElement>('button[type="button"]')].filter((b) => nameOf(b) === early.name);
  if (same.length === 1) pressUntilAnswered(same[0]!, performance.now() + REPLAY_WITHIN_MS);
}

/**
 * A part of the page inside a Suspense boundary is hydrated after the first commit. A click on it before then that
 * React cannot hydrate at once is stopped at the root (it never reaches the button), and is tried again shortly.
 */
function pressUntilAnswered(button: HTMLButtonElement, until: number) {
  if (!button.isConnected || button.disabled) return;
  let reached = false;
  const reach = () => (reached = true);
  button.addEventListener('click', reach);
  button.click();
  button.removeEventListener('click', reach);
  if (!reached && performance.now() < until) setTimeout(() => pressUntilAnswered(button, until), REPLAY_RETRY_MS);
}
