// Reports of incorrect information and owners' proposed edits, from the queue replicated to this device. Handling
// one is a call to the server (online), which checks it is still open; the replicated copy then updates.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { QueueItemDoc } from '@ss/domain/listing-feedback';
import { ADMIN_MESSAGES, isBlankNotes } from '@ss/domain/submission';
import { handleQueueItem } from '../../../data/listing-feedback';
import { errorMessage } from '../../../lib/api';
import { destructiveButton, primaryButton } from '../../../ui/button-styles';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';
import { toast } from '../../../ui/toast';

const small = 'px-3 py-1.5 text-sm';

function Item({ item }: { item: QueueItemDoc }) {
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (action: 'resolve' | 'approve' | 'reject') => {
    if (action === 'reject' && isBlankNotes(notes)) {
      toast({ title: ADMIN_MESSAGES.notesRequiredTitle, description: ADMIN_MESSAGES.notesRequiredText, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await handleQueueItem(item._id, action, notes);
      toast({ title: action === 'resolve' ? 'Report resolved' : action === 'approve' ? 'Changes applied' : 'Changes rejected' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const open = item.status === 'open' || item.status === 'pending';
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase text-gray-500">{item.type === 'sanctuary-report' ? 'Report' : 'Proposed edit'}</span>
        <Link to="/sanctuary/$id" params={{ id: item.sanctuaryId }} className="font-semibold text-gray-900 underline">
          {item.sanctuaryName}
        </Link>
        <SubmissionStatusBadge status={item.status} />
      </div>
      {item.type === 'sanctuary-report' ? (
        <p className="mt-2 whitespace-pre-wrap text-sm text-gray-800">{item.message}</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
            {Object.entries(item.changes).map(([field, value]) => (
              <div key={field} className="contents">
                <dt className="font-medium text-gray-700">{field}</dt>
                <dd className="break-words text-gray-900">{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
              </div>
            ))}
          </dl>
          {item.note ? <p className="mt-1 text-sm text-gray-600">Note: {item.note}</p> : null}
        </>
      )}
      {open ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {item.type === 'sanctuary-report' ? (
            <button type="button" className={`${primaryButton} ${small}`} disabled={busy} onClick={() => void act('resolve')}>
              Mark resolved
            </button>
          ) : (
            <>
              <input aria-label="Review notes" placeholder="Notes (required to reject)" value={notes} onChange={(e) => setNotes(e.target.value)} className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm" />
              <button type="button" className={`${primaryButton} ${small}`} disabled={busy} onClick={() => void act('approve')}>
                Apply changes
              </button>
              <button type="button" className={`${destructiveButton} ${small}`} disabled={busy} onClick={() => void act('reject')}>
                Reject
              </button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function QueueItems({ items }: { items: QueueItemDoc[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="queue-items-heading" className="mt-8">
      <h2 id="queue-items-heading" className="text-xl font-semibold">
        Reports and proposed edits
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <Item key={item._id} item={item} />
        ))}
      </ul>
    </section>
  );
}
