// /login: 'Sign in to your account'.
import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';

export function LoginPage() {
  return (
    <AuthCard
      title="Sign in to your account"
      footer={<p>New to Sanctuary Seekers? <Link to="/register" className="text-emerald-700 hover:underline">Create an account</Link></p>}
    >
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Accounts are not open yet. You can browse, search and read reviews without one.
      </p>
    </AuthCard>
  );
}
