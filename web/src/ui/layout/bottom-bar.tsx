// Mobile-only bottom tab bar with the spec's four tabs: Seek, Map, Seekers, Me.
import { Link } from '@tanstack/react-router';
import { Compass, Map, Users, User } from 'lucide-react';

const TABS = [
  { to: '/', label: 'Seek', Icon: Compass },
  { to: '/map', label: 'Map', Icon: Map },
  { to: '/reviews', label: 'Seekers', Icon: Users },
  { to: '/profile', label: 'Me', Icon: User },
] as const;

export function BottomBar() {
  return (
    <nav aria-label="Tabs" className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden">
      <ul className="grid grid-cols-4">
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex flex-col items-center gap-0.5 py-2 text-xs text-gray-600"
              activeProps={{ className: 'text-emerald-700 font-semibold', 'aria-current': 'page' }}
              activeOptions={{ exact: to === '/' }}
            >
              <Icon aria-hidden className="h-5 w-5" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
