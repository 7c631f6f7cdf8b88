// The home page as this device last showed it without a search (its hero, filters and first result cards), kept as
// HTML in localStorage. On a cold start at / web/inline/early-directory.js reads it as soon as the page is parsed and
// puts it in the page before the app's JavaScript has run, so the first frame already holds the results; the app's
// first render, made from the directory's preview record, then replaces it. localStorage rather than IndexedDB: it is
// read synchronously, so the first frame does not wait for a database to open (in a trace of an offline cold start at
// 10k listings here, the IndexedDB read put it in the page ~20-35 ms after parsing ended). It is used only by the
// build that saved it (its class names and markup are that build's), only in the layout it was saved in, and is
// forgotten when the user signs out (it can show who was signed in, and which sanctuaries they saved).
import { PHONE_QUERY } from '../lib/use-media-query';
import { kvDelete } from './kv-store';

/** The localStorage key, also read by web/inline/early-directory.js: change them together. */
const SNAPSHOT_KEY = 'ss-home-snapshot-v1';
/** Where builds before 2026-12-03 kept it (IndexedDB ss-cache/kv): removed on sign-out and by the next save. */
const LEGACY_KV_KEY = 'home-snapshot-v1';
/** After the page has settled, and then when the browser is idle: never in the way of what the visitor is doing. */
const SAVE_DELAY_MS = 2000;

export interface HomeSnapshot {
  /** The entry script's address: names the build that rendered `html`. */
  build: string;
  /** The media query the layout follows, and whether it matched when `html` was rendered. */
  media: string;
  matched: boolean;
  html: string;
}

/** The running build's name: its entry script's hashed address (none in development, where nothing is saved). */
function currentBuild(): string | null {
  if (!import.meta.env.PROD) return null;
  // The build keeps the entry in <template id="ss-app"> (web/vite.config.ts), from where web/inline/start-app.js starts it.
  const app = document.getElementById('ss-app');
  const scope = app instanceof HTMLTemplateElement ? app.content : document;
  return scope.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * The page's HTML as a snapshot can show it before the app runs. Parts marked `data-snapshot="omit"` are left out
 * (banners and toasts of the moment); parts marked `data-snapshot="empty"` keep their box but not their content (the
 * map, which only Leaflet can draw); parts marked `data-snapshot="hide"` keep their place but are not seen (the sync
 * status, which was true of another moment). Its controls wait for the app (inert: they look as they will, but take
 * no click, focus or form submission), except the search box: what is typed there is carried into the app
 * (lib/early-input.ts).
 */
export function snapshotHtml(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('[data-snapshot="omit"]')) el.remove();
  for (const el of copy.querySelectorAll('[data-snapshot="empty"]')) el.replaceChildren();
  for (const el of copy.querySelectorAll<HTMLElement>('[data-snapshot="hide"]')) el.style.visibility = 'hidden';
  for (const el of copy.querySelectorAll('button, select, textarea, input:not([type="search"])')) el.setAttribute('inert', '');
  return copy.innerHTML;
}

/** Removes the copy an earlier build kept in IndexedDB (once per page after a save; on every sign-out). */
let legacyDropped = false;
const dropLegacy = () => kvDelete(LEGACY_KV_KEY).then(() => void (legacyDropped = true), () => undefined);

function save(root: HTMLElement, build: string) {
  const snapshot: HomeSnapshot = { build, media: PHONE_QUERY, matched: window.matchMedia(PHONE_QUERY).matches, html: snapshotHtml(root) };
  try {
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
    performance.mark('ss:home-snapshot-saved');
  } catch (err) {
    // Storage full or refused (a private window): the next cold start paints from the preview, as without one.
    console.warn('[data] could not save the home page snapshot', err);
  }
  if (!legacyDropped) void dropLegacy();
}

/** Counts sign-outs: a save scheduled before one is dropped. */
let forgotten = 0;

/** Saves the home page's current HTML a little later, when the browser is idle; the returned function cancels it. */
export function scheduleHomeSnapshot(): () => void {
  const build = currentBuild();
  const root = document.getElementById('root');
  if (!build || !root) return () => {};
  const scheduledAt = forgotten;
  let idle: number | undefined;
  const timer = setTimeout(() => {
    const run = () => void (scheduledAt === forgotten && save(root, build));
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, SAVE_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** On sign-out: the snapshot may show the user's name and favourites. */
export function forgetHomeSnapshot(): Promise<void> {
  forgotten++;
  try {
    localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // No storage to clear.
  }
  return dropLegacy();
}
