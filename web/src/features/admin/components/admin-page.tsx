// /admin: the Admin Dashboard. Only administrators may use it; the server enforces that on every call.
import { isAdmin } from '@ss/domain/user';
import { useCurrentUser } from '../../../data/current-user';
import { ReportedReviews } from './reported-reviews';
import { SubmissionsDashboard } from './submissions-dashboard';

export function AdminPage() {
  const { user } = useCurrentUser();
  const admin = user !== null && isAdmin(user);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      {admin ? null : (
        <p className="mt-3 text-gray-600">This page is for administrators. Sign in with an administrator account to review submissions.</p>
      )}
      {admin && user ? <SubmissionsDashboard adminId={user.id} /> : null}
      {admin ? <ReportedReviews /> : null}
    </section>
  );
}
