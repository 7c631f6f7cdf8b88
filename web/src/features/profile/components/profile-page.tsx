// /profile: requires sign-in. Accounts arrive with the accounts work; until a session exists every visitor
// is signed out, so the page follows the spec's unauthorised path: a toast, then /login after 500 ms.
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { UNAUTHORIZED_REDIRECT_MS } from '@ss/domain/constants';
import { toast } from '../../../ui/toast';

export function ProfilePage() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => void navigate({ to: '/login' }), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">My Profile</h1>
      <p className="mt-3 text-gray-600">Please sign in to see your profile.</p>
    </section>
  );
}
