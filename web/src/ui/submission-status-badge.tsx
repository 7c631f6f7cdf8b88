// A submission's status as a badge: 'Pending Review' for pending, approved and rejected in their colours, any
// other status as a plain badge. Shared by the admin queue and the applicant's profile.
import { submissionStatusLabel } from '@ss/domain/submission';

const STYLES: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-800',
};

export function SubmissionStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status] ?? 'bg-gray-100 text-gray-800'}`}>
      {submissionStatusLabel(status)}
    </span>
  );
}
