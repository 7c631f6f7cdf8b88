// Shared header: logo and tagline, desktop links, Support Us, Sign in / Sign up or the signed-in user's menu, and
// the mobile drawer. Also where refused writes to the user's own database are reported.
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PRODUCT_NAME, TAGLINE } from '@ss/domain/constants';
import { REVIEW_COMMAND_ID_PREFIX } from '@ss/domain/review-command';
import { isAdmin } from '@ss/domain/user';
import { useCurrentUser } from '../../data/current-user';
import { onDenied } from '../../data/user-db';
import { displayName } from '../../lib/user-display';
import { toast } from '../toast';
import { UserAvatar } from '../user-avatar';
import { NAV_LINKS } from './nav-links';
import { SignOutDialog } from './sign-out-dialog';
import { SupportUsLink } from './support-us-link';
import { SyncIndicator } from './sync-indicator';
import { useSignOut } from './use-sign-out';

// Only a signed-in visitor sees the account menu: its dropdown (Radix menu and its positioning code) loads then,
// outside the JavaScript every first paint waits for.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const drawerLink = 'rounded-md px-3 py-3 font-medium text-gray-800 hover:bg-emerald-50';

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { user, isLoading } = useCurrentUser();
  const signOut = useSignOut();
  const close = () => setDrawerOpen(false);

  useEffect(
    () =>
      onDenied(({ id, reason }) => {
        // Refused reviews are announced as the spec's review failure (review-outcome-toasts.tsx).
        if (id.startsWith(REVIEW_COMMAND_ID_PREFIX)) return;
        toast({ title: 'Not saved to your account', description: reason, variant: 'destructive' });
      }),
    [],
  );

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex min-w-0 items-center gap-2" aria-label={`${PRODUCT_NAME} home`}>
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
            <Suspense fallback={<UserAvatar user={user} />}>
              <UserMenu user={user} onSignOut={() => void signOut.request()} />
            </Suspense>
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
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger className="rounded-md p-2 text-gray-700 hover:bg-gray-100 lg:hidden" aria-label="Open menu">
              <Menu aria-hidden className="h-6 w-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
              <Dialog.Content className="drawer fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl" aria-describedby={undefined}>
                <div className="mb-2 flex items-center justify-between">
                  <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
                  <Dialog.Close className="rounded-md p-2 hover:bg-gray-100" aria-label="Close menu">
                    <X aria-hidden className="h-5 w-5" />
                  </Dialog.Close>
                </div>
                <nav aria-label="Mobile" className="flex flex-col">
                  {NAV_LINKS.map((l) => (
                    <Link key={l.to} to={l.to} onClick={close} className={drawerLink}>
                      {l.label}
                    </Link>
                  ))}
                </nav>
                {user ? (
                  <nav aria-label="Account" className="flex flex-col border-t border-gray-200 pt-2 sm:hidden">
                    <p className="flex items-center gap-2 px-3 py-2 font-semibold text-gray-900">
                      <UserAvatar user={user} />
                      <span className="truncate">{displayName(user)}</span>
                    </p>
                    {isAdmin(user) ? (
                      <Link to="/admin" onClick={close} className={drawerLink}>
                        Admin Dashboard
                      </Link>
                    ) : null}
                    <Link to="/addmysanctuary" onClick={close} className={drawerLink}>
                      Submit Sanctuary
                    </Link>
                    <Link to="/profile" onClick={close} className={drawerLink}>
                      My Profile
                    </Link>
                    <Link to="/saved" onClick={close} className={drawerLink}>
                      Saved Sanctuaries
                    </Link>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        void signOut.request();
                      }}
                      className={`${drawerLink} text-left`}
                    >
                      Sign out
                    </button>
                  </nav>
                ) : isLoading ? null : (
                  <nav aria-label="Account" className="flex flex-col sm:hidden">
                    <Link to="/login" onClick={close} className={drawerLink}>
                      Sign in
                    </Link>
                    <Link to="/register" onClick={close} className={drawerLink}>
                      Sign up
                    </Link>
                  </nav>
                )}
                <SupportUsLink className="mt-2 justify-center" />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <SignOutDialog open={signOut.confirming} onOpenChange={signOut.setConfirming} onConfirm={() => void signOut.perform()} busy={signOut.busy} />
        </div>
      </div>
    </header>
  );
}
