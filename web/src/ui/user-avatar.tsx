// A user's avatar: their profile image, or the first letter of their name on a green disc.
import type { User } from '@ss/domain/user';
import { initialOf } from '../lib/user-display';

const SIZES = { sm: 'h-8 w-8 text-sm', lg: 'h-20 w-20 text-3xl' } as const;

export function UserAvatar({ user, size = 'sm' }: { user: Pick<User, 'firstName' | 'email' | 'profileImageUrl'>; size?: keyof typeof SIZES }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-600 font-semibold text-white`}>
      {initialOf(user)}
    </span>
  );
}
