// The listings the user runs and their claims, in the profile (issue 12): a claim shows 'Pending Review' (also while
// it waits on this device to be sent), then approved or rejected with the team's notes; each managed listing has
// its "Manage listing" link.
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuthState } from '../../../data/current-user';
import { useMyClaims } from '../../../data/listing-management';
import { useSanctuaries } from '../../../data/use-sanctuaries';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';

export function MyListings() {
  const { user } = useAuthState();
  const { claims } = useMyClaims();
  const { sanctuaries } = useSanctuaries();
  const names = useMemo(() => new Map(sanctuaries.map((s) => [s.id, s.name])), [sanctuaries]);
  const managed = [...new Set([...(user?.ownedSanctuaryIds ?? []), ...claims.filter((c) => c.status === 'approved').map((c) => c.sanctuaryId)])];
  if (!managed.length && !claims.length) return null;
  return (
    <section aria-labelledby="my-listings" className="mt-8 border-t border-gray-200 pt-6">
      <h2 id="my-listings" className="text-xl font-semibold">Your sanctuaries</h2>
      {managed.length ? (
        <ul className="mt-3 space-y-2">
          {managed.map((id) => (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3">
              <Link to="/sanctuary/$id" params={{ id }} className="font-medium underline">{names.get(id) ?? id}</Link>
              <Link to="/sanctuary/$id/manage" params={{ id }} className="inline-flex min-h-11 items-center rounded-lg bg-emerald-600 px-4 font-semibold text-white hover:bg-emerald-700">
                Manage listing<span className="sr-only">: {names.get(id) ?? id}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {claims.length ? (
        <>
          <h3 className="mt-4 font-semibold">Your claims</h3>
          <ul className="mt-2 space-y-2">
            {claims.map((c) => (
              <li key={c._id} className="rounded-lg border border-gray-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{names.get(c.sanctuaryId) ?? c.sanctuaryId}</span>
                  <SubmissionStatusBadge status={c.status === 'refused' ? 'not accepted' : c.status} />
                  {c.status === 'pending' && !c.claimId ? <span className="text-xs text-gray-500">Waiting to be sent</span> : null}
                </div>
                <p className="text-sm text-gray-600">Sent {new Date(c.createdAt).toLocaleDateString()}</p>
                {c.status === 'rejected' && c.reviewNotes ? <p className="mt-1 text-sm text-gray-800">Notes from our team: {c.reviewNotes}</p> : null}
                {c.status === 'refused' && c.reason ? <p className="mt-1 text-sm text-red-700">{c.reason}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
