// The phone menu: a drawer (Radix dialog: focus trapped inside, Escape closes, focus back on the menu button).
// Loaded the first time it is opened, so its code is not in what every first paint waits for.
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { isAdmin, type User } from '@ss/domain/user';
import { displayName } from '../../lib/user-display';
import { UserAvatar } from '../user-avatar';
import { NAV_LINKS } from './nav-links';
import { SupportUsLink } from './support-us-link';

const drawerLink = 'rounded-md px-3 py-3 font-medium text-gray-800 hover:bg-emerald-50';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button, which gets focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  user: User | null;
  isLoading: boolean;
  onSignOut: () => void;
}

export function MobileDrawer({ open, onOpenChange, returnFocusTo, user, isLoading, onSignOut }: Props) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="drawer fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (the button lives in the header, which loads first): focus goes back to it.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
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
                  onSignOut();
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
  );
}
