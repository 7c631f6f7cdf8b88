// /profile: requires sign-in (otherwise the spec's 'Unauthorized' toast and /login after 500 ms). The header with
// avatar, name and badges, then four tabs: Profile, Security, Favorites and Preferences.
import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AUTH_TOASTS } from '@ss/domain/auth';
import { UNAUTHORIZED_REDIRECT_MS } from '@ss/domain/constants';
import type { User } from '@ss/domain/user';
import { useCurrentUser } from '../../../data/current-user';
import { FavoriteSanctuaries } from '../../../ui/favorite-sanctuaries';
import { toast } from '../../../ui/toast';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { MyApplications } from './my-applications';
import { MyListings } from './my-listings';
import { ProfileHeader } from './profile-header';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'security', label: 'Security' },
  { value: 'favorites', label: 'Favorites' },
  { value: 'preferences', label: 'Preferences' },
] as const;

const panelClass = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-600';

export function ProfilePage() {
  const navigate = useNavigate();
  const { user, isLoading, isAuthenticated } = useCurrentUser();

  useEffect(() => {
    if (isLoading || isAuthenticated) return;
    toast({ ...AUTH_TOASTS.unauthorized, variant: 'destructive' });
    const timer = setTimeout(() => void navigate({ to: '/login' }), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isLoading, isAuthenticated, navigate]);

  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">My Profile</h1>
        <p role="status" className="mt-3 text-gray-600">
          {isLoading ? 'Loading your profile...' : 'Please sign in to see your profile.'}
        </p>
      </section>
    );
  }
  return <Profile user={user} />;
}

function Profile({ user }: { user: User }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">My Profile</h1>
      <ProfileHeader user={user} />
      <Tabs.Root defaultValue="profile" className="mt-8">
        <Tabs.List aria-label="Profile sections" className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 sm:grid-cols-4">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md px-3 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:bg-white data-[state=active]:text-emerald-800 data-[state=active]:shadow-sm"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className={`mt-4 ${panelClass}`}>
          <h2 className="mb-4 text-xl font-semibold">Profile Information</h2>
          <ProfileForm user={user} />
          <MyListings />
          <MyApplications />
        </Tabs.Content>
        <Tabs.Content value="security" className={`mt-4 ${panelClass}`}>
          <h2 className="mb-4 text-xl font-semibold">Change Password</h2>
          <PasswordForm />
        </Tabs.Content>
        <Tabs.Content value="favorites" className={`mt-4 ${panelClass}`}>
          <h2 className="mb-4 text-xl font-semibold">Favorite Sanctuaries</h2>
          <FavoriteSanctuaries />
        </Tabs.Content>
        <Tabs.Content value="preferences" className={`mt-4 ${panelClass}`}>
          <h2 className="mb-4 text-xl font-semibold">Preferences</h2>
          <p className="text-gray-600">Notification settings will be available in a future update.</p>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
