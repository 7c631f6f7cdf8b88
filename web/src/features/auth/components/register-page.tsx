// /register: 'Create your account'.
import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  return (
    <AuthCard
      title="Create your account"
      footer={<p>Already have an account? <Link to="/login" className="text-emerald-700 hover:underline">Sign in</Link></p>}
    >
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Accounts are not open yet. You can browse, search and read reviews without one.
      </p>
    </AuthCard>
  );
}
