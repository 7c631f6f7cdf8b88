// The top of /profile: avatar (image or first initial), full name or e-mail, role badge and Verified badge.
import { BadgeCheck } from 'lucide-react';
import type { User } from '@ss/domain/user';
import { displayName, roleLabel } from '../../../lib/user-display';
import { UserAvatar } from '../../../ui/user-avatar';

export function ProfileHeader({ user }: { user: User }) {
  const admin = user.role === 'admin';
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row">
      <UserAvatar user={user} size="lg" />
      <div className="min-w-0 text-center sm:text-left">
        <h2 className="truncate text-2xl font-bold text-gray-900">{displayName(user)}</h2>
        <div className="mt-2 flex flex-wrap justify-center gap-2 sm:justify-start">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${admin ? 'bg-red-600 text-white' : 'bg-emerald-100 text-emerald-800'}`}
          >
            {roleLabel(user.role)}
          </span>
          {user.isVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-emerald-600 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">
              <BadgeCheck aria-hidden className="h-3.5 w-3.5" /> Verified
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
