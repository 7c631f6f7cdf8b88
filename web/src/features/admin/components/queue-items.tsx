// Reports of incorrect information and claims of listings, from the queue replicated to this device. Handling one is
// a call to the server (online), which checks it is still open; the replicated copy then updates. A claim shows the
// listing's sources, so the admin can check the claimant against what is published about the sanctuary.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { QueueItemDoc } from '@ss/domain/listing-feedback';
import type { ListingClaimDoc } from '@ss/domain/listing-management';
import { ADMIN_MESSAGES, isBlankNotes } from '@ss/domain/submission';
import { decideClaim } from '../../../data/listing-management';
import { handleQueueItem } from '../../../data/listing-feedback';
import { useSanctuary } from '../../../data/use-sanctuaries';
import { errorMessage } from '../../../lib/api';
import { destructiveButton, primaryButton } from '../../../ui/button-styles';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';
import { toast } from '../../../ui/toast';

const small = 'px-3 py-1.5 text-sm';
const itemClass = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

function ReportItem({ item }: { item: QueueItemDoc }) {
  const [busy, setBusy] = useState(false);
  const resolve = async () => {
    setBusy(true);
    try {
      await handleQueueItem(item._id, 'resolve');
      toast({ title: 'Report resolved' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={itemClass}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase text-gray-500">Report</span>
        <Link to="/sanctuary/$id" params={{ id: item.sanctuaryId }} className="font-semibold text-gray-900 underline">
          {item.sanctuaryName}
        </Link>
        <SubmissionStatusBadge status={item.status} />
      </div>
      <p className="mt-2 whitespace-pre-wrap text-sm text-gray-800">{item.message}</p>
      {item.status === 'open' ? (
        <button type="button" className={`${primaryButton} ${small} mt-3`} disabled={busy} onClick={() => void resolve()}>
          Mark resolved
        </button>
      ) : null}
    </li>
  );
}

function ClaimItem({ claim }: { claim: ListingClaimDoc }) {
  const { sanctuary } = useSanctuary(claim.sanctuaryId);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && isBlankNotes(notes)) {
      toast({ title: ADMIN_MESSAGES.notesRequiredTitle, description: ADMIN_MESSAGES.notesRequiredText, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await decideClaim(claim.sanctuaryId, claim.userId, decision, notes);
      toast({ title: decision === 'approve' ? 'Claim approved' : 'Claim rejected', description: decision === 'approve' ? `${claim.userName} now manages ${claim.sanctuaryName}.` : 'The claimant sees your notes.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={itemClass} aria-label={`Claim of ${claim.sanctuaryName} by ${claim.userName}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase text-gray-500">Claim</span>
        <Link to="/sanctuary/$id" params={{ id: claim.sanctuaryId }} className="font-semibold text-gray-900 underline">
          {claim.sanctuaryName}
        </Link>
        <SubmissionStatusBadge status={claim.status} />
      </div>
      <dl className="mt-2 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-gray-700">Claimant</dt>
        <dd>{claim.userName}</dd>
        <dt className="font-medium text-gray-700">Role</dt>
        <dd>{claim.claim.role}</dd>
        <dt className="font-medium text-gray-700">Contact</dt>
        <dd className="break-words">{claim.claim.contact}</dd>
        <dt className="font-medium text-gray-700">How to verify</dt>
        <dd className="whitespace-pre-wrap">{claim.claim.verification}</dd>
        <dt className="font-medium text-gray-700">Published contact</dt>
        <dd className="break-words">{[sanctuary?.phone, sanctuary?.email, sanctuary?.website].filter(Boolean).join(' · ') || 'None listed'}</dd>
        <dt className="font-medium text-gray-700">Sources</dt>
        <dd className="break-words">
          {sanctuary?.sources?.length ? (
            <ul>
              {sanctuary.sources.map((src) => (
                <li key={src.url}>{src.url.startsWith('http') ? <a href={src.url} target="_blank" rel="noopener noreferrer" className="underline">{src.url}</a> : src.url}</li>
              ))}
            </ul>
          ) : (
            'None recorded'
          )}
        </dd>
      </dl>
      {claim.reviewNotes ? <p className="mt-1 text-sm text-gray-600">Notes: {claim.reviewNotes}</p> : null}
      {claim.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input aria-label={`Review notes for the claim by ${claim.userName}`} placeholder="Notes (required to reject)" value={notes} onChange={(e) => setNotes(e.target.value)} className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm" />
          <button type="button" className={`${primaryButton} ${small}`} disabled={busy} onClick={() => void act('approve')}>
            Approve claim
          </button>
          <button type="button" className={`${destructiveButton} ${small}`} disabled={busy} onClick={() => void act('reject')}>
            Reject claim
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function QueueItems({ items, claims }: { items: QueueItemDoc[]; claims: ListingClaimDoc[] }) {
  return (
    <>
      {claims.length ? (
        <section aria-labelledby="claims-heading" className="mt-8">
          <h2 id="claims-heading" className="text-xl font-semibold">Claims of listings</h2>
          <ul className="mt-4 space-y-3">
            {claims.map((c) => <ClaimItem key={c._id} claim={c} />)}
          </ul>
        </section>
      ) : null}
      {items.length ? (
        <section aria-labelledby="queue-items-heading" className="mt-8">
          <h2 id="queue-items-heading" className="text-xl font-semibold">Reports of incorrect information</h2>
          <ul className="mt-4 space-y-3">
            {items.map((item) => <ReportItem key={item._id} item={item} />)}
          </ul>
        </section>
      ) : null}
    </>
  );
}
