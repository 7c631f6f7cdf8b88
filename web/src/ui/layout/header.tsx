// Shared header: logo and tagline, desktop links, Support Us, Sign in / Sign up or the signed-in user's menu, and
// the mobile drawer. Also where refused writes to the user's own database are reported.
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LazyPart, lazyPart } from '../lazy-part';
import { PRODUCT_NAME, TAGLINE } from '@ss/domain/constants';
import { REVIEW_COMMAND_ID_PREFIX } from '@ss/domain/review-command';
import { useCurrentUser } from '../../data/current-user';
import { onDenied } from '../../data/user-db';
import { toast } from '../toast';
import { UserAvatar } from '../user-avatar';
import { NAV_LINKS } from './nav-links';
import { SupportUsLink } from './support-us-link';
import { SyncIndicator } from './sync-indicator';
import { useSignOut } from './use-sign-out';

// Only a signed-in visitor sees the account menu: its dropdown (Radix menu and its positioning code) loads then,
// outside the JavaScript every first paint waits for.
const UserMenu = lazyPart(() => import('./user-menu').then((m) => m.UserMenu));
// The phone menu and the sign-out warning are dialogs (Radix dialog, focus trap): loaded when first wanted.
const MobileDrawer = lazyPart(() => import('./mobile-drawer').then((m) => m.MobileDrawer));
const SignOutDialog = lazyPart(() => import('./sign-out-dialog').then((m) => m.SignOutDialog));

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** Once opened, the drawer stays mounted, so closing it runs its exit and gives focus back. */
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const { user, isLoading } = useCurrentUser();
  const signOut = useSignOut();

  useEffect(
    () =>
      onDenied(({ id, reason }) => {
        // Refused reviews are announced as the spec's review failure (review-outcome-toasts.tsx).
        if (id.startsWith(REVIEW_COMMAND_ID_PREFIX)) return;
        toast({ title: 'Not saved to your account', description: reason, variant: 'destructive' });
      }),
    [],
  );

  // Screens that fill the window under the header (the map) size themselves by its height, --header-h (styles.css
  // gives the usual 4.3rem). It is taller where the site's name wraps: a narrow phone, a small laptop. It is set only
  // then: a property changed on the root restyles the whole page, which on a long page is a long task of its own.
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const usual = 4.3 * parseFloat(getComputedStyle(root).fontSize);
      const height = element.offsetHeight;
      if (Math.abs(height - usual) > 1) root.style.setProperty('--header-h', `${height}px`);
      else root.style.removeProperty('--header-h');
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, []);

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        {/* Named by its visible text (the name and the tagline), so what people see is what speech input can say. */}
        <Link to="/" className="flex min-h-11 min-w-0 items-center gap-2">
          <img src="/icons/icon.svg" alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
          <span className="min-w-0">
            <span className="block text-lg font-bold leading-tight text-emerald-700">{PRODUCT_NAME}</span>
            <span className="block truncate text-xs text-gray-600">{TAGLINE}</span>
          </span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-emerald-50 hover:text-emerald-800"
              activeProps={{ className: 'text-emerald-700 underline underline-offset-4' }}
              activeOptions={{ exact: l.to === '/' }}
            >
              {l.label}
            </Link>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <SyncIndicator />
          <div className="hidden lg:block">
            <SupportUsLink />
          </div>
          {user ? (
            <LazyPart fallback={<UserAvatar user={user} />}>
              <UserMenu user={user} onSignOut={() => void signOut.request()} />
            </LazyPart>
          ) : isLoading ? null : (
            <>
              <Link to="/login" className="hidden rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 sm:inline-block">
                Sign in
              </Link>
              <Link to="/register" className="hidden rounded-md bg-emerald-600 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-700 sm:inline-block">
                Sign up
              </Link>
            </>
          )}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 lg:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <Menu aria-hidden className="h-6 w-6" />
          </button>
          {drawerWanted ? (
            <LazyPart fallback={null}>
              <MobileDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                returnFocusTo={menuButton}
                user={user}
                isLoading={isLoading}
                onSignOut={() => void signOut.request()}
              />
            </LazyPart>
          ) : null}
          {signOut.confirming || signOut.busy ? (
            <LazyPart fallback={null}>
              <SignOutDialog open={signOut.confirming} onOpenChange={signOut.setConfirming} onConfirm={() => void signOut.perform()} busy={signOut.busy} />
            </LazyPart>
          ) : null}
        </div>
      </div>
    </header>
  );
}
