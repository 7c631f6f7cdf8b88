// The applicant's listing applications in the profile, live: 'Pending Review' (also while not yet sent),
// approved with a link to the listing, or rejected with the team's notes.
import { Link } from '@tanstack/react-router';
import { useMyApplications } from '../../../data/listing-applications';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';

export function MyApplications() {
  const { status, applications } = useMyApplications();
  if (status !== 'ready' || applications.length === 0) return null;
  return (
    <section aria-labelledby="my-applications" className="mt-8 border-t border-gray-200 pt-6">
      <h2 id="my-applications" className="text-xl font-semibold">
        My Sanctuary Applications
      </h2>
      <ul className="mt-3 space-y-3">
        {applications.map((a) => (
          <li key={a._id} className="rounded-lg border border-gray-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{a.submission.name}</span>
              <SubmissionStatusBadge status={a.status === 'refused' ? 'not accepted' : a.status} />
              {!a.submissionId && a.status === 'pending' ? <span className="text-xs text-gray-500">Waiting to be sent</span> : null}
            </div>
            <p className="text-sm text-gray-600">Submitted {new Date(a.createdAt).toLocaleDateString()}</p>
            {a.status === 'rejected' && a.reviewNotes ? <p className="mt-1 text-sm text-gray-800">Notes from our team: {a.reviewNotes}</p> : null}
            {a.status === 'refused' && a.reason ? <p className="mt-1 text-sm text-red-700">{a.reason}</p> : null}
            {a.status === 'approved' && a.sanctuaryId ? (
              <Link to="/sanctuary/$id" params={{ id: a.sanctuaryId }} className="mt-1 inline-block text-sm text-emerald-700 underline">
                View your listing
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
