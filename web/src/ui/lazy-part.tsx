// Parts of a page whose code loads when first needed (the review form, the map, the menu). Offline, before the
// service worker has finished saving the app on this device (it does so in the background after the first visit,
// seconds after the first sync on a slow phone), that code cannot be fetched: the failed import reached the route
// and replaced the whole page with its error screen. Here only the part says so, with a way to try again; the rest
// of the page stays as it was. Errors of another kind inside the part still go to the route, as before.
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

/** The code of a lazily loaded part could not be fetched (offline, or a deploy removed it). */
export class PartUnavailableError extends Error {
  /** Makes the next render of the part ask for its code again. */
  readonly retry: () => void;
  constructor(cause: unknown, retry: () => void) {
    super('This part of the app could not be loaded.', { cause });
    this.name = 'PartUnavailableError';
    this.retry = retry;
  }
}

/**
 * React.lazy for a part shown inside <LazyPart>: a failed load is a PartUnavailableError, which can ask for the code
 * again (React.lazy alone keeps the failure for good). Only when asked: a part that asked again by itself on every
 * render would never settle while the device is offline, and show its loading text for ever.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (err: unknown) => {
          throw new PartUnavailableError(err, () => {
            current = make();
          });
        },
      ),
    );
  let current = make();
  return function Part(props: P) {
    const Loaded = current;
    return <Loaded {...props} />;
  };
}

interface Props {
  /**
   * What the part is, as the notice names it ("The review form"); without it a part that cannot load shows `fallback`.
   * Either way it loads by itself once the device is back online.
   */
  what?: string;
  /** Shown while the code loads. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Calls `retry` when the browser says it is back online. */
function RetryWhenOnline({ retry }: { retry: () => void }) {
  // Subscribed once, calling the latest `retry`: the page renders again and again as it syncs back online.
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    const again = () => latest.current();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  return null;
}

function Unavailable({ error, resetErrorBoundary, what, fallback }: FallbackProps & Omit<Props, 'children'>) {
  if (!(error instanceof PartUnavailableError)) throw error;
  const tryAgain = () => {
    error.retry();
    resetErrorBoundary();
  };
  // Back online, the part loads by itself: a part with no notice (the menu, the filters) has no button to press.
  const retry = <RetryWhenOnline retry={tryAgain} />;
  if (!what) return <>{retry}{fallback}</>;
  return (
    <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {retry}
      <p>{what} could not be opened: it is not saved on this device yet. Connect to the internet, then try again.</p>
      <button
        type="button"
        onClick={tryAgain}
        className="mt-2 rounded-md border border-amber-400 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100"
      >
        Try again
      </button>
    </div>
  );
}

/** A lazyPart's place on the page: its loading fallback, and a notice instead of the route's error screen if it cannot load. */
export function LazyPart({ what, fallback, children }: Props) {
  return (
    <ErrorBoundary fallbackRender={(p) => <Unavailable {...p} what={what} fallback={fallback} />}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
