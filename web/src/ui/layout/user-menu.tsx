// The signed-in user's menu in the header: their full name, Admin Dashboard (admins only), Submit Sanctuary,
// their profile and saved sanctuaries, and Sign out.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, Heart, LayoutDashboard, LogOut, PlusCircle, User as UserIcon } from 'lucide-react';
import { isAdmin, type User } from '@ss/domain/user';
import { displayName } from '../../lib/user-display';
import { UserAvatar } from '../user-avatar';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-800';

export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const name = displayName(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="hidden items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-emerald-600 sm:inline-flex">
        <UserAvatar user={user} />
        <span className="max-w-[10rem] truncate">{name}</span>
        <ChevronDown aria-hidden className="h-4 w-4 text-gray-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-[14rem] rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-gray-900">{name}</span>
            <span className="block truncate text-xs text-gray-500">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          {isAdmin(user) ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <LayoutDashboard aria-hidden className="h-4 w-4" /> Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/addmysanctuary">
              <PlusCircle aria-hidden className="h-4 w-4" /> Submit Sanctuary
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <UserIcon aria-hidden className="h-4 w-4" /> My Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/saved">
              <Heart aria-hidden className="h-4 w-4" /> Saved Sanctuaries
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden className="h-4 w-4" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
