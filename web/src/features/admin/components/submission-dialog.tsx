// One submission in full (every field of the spec's Submission) with Approve, and Reject with review notes
// (required: blank notes get the spec's 'Review Notes Required' toast). Deciding writes a command on this device.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MESSAGES, isBlankNotes, type Decision, type SubmissionDoc } from '@ss/domain/submission';
import { destructiveButton, primaryButton } from '../../../ui/button-styles';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';
import { toast } from '../../../ui/toast';
import { TextField } from '../../../ui/text-field';

interface Props {
  submission: SubmissionDoc | null;
  /** A decision for it is waiting to be sent or applied. */
  deciding: boolean;
  onClose: () => void;
  onDecide: (submission: SubmissionDoc, decision: Decision, notes: string) => Promise<void>;
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

export function SubmissionDialog({ submission, deciding, onClose, onDecide }: Props) {
  return (
    <Dialog.Root open={submission !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          {submission ? <Details key={submission._id} submission={submission} deciding={deciding} onDecide={onDecide} /> : null}
          <Dialog.Close className="absolute right-3 top-3 rounded-md p-1 text-gray-500 hover:bg-gray-100" aria-label="Close">
            <X aria-hidden className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Details({ submission: s, deciding, onDecide }: { submission: SubmissionDoc; deciding: boolean; onDecide: Props['onDecide'] }) {
  const [notes, setNotes] = useState(s.reviewNotes ?? '');
  const [busy, setBusy] = useState(false);
  const pending = s.status === 'pending' && !deciding;

  const decide = async (decision: Decision) => {
    if (decision === 'reject' && isBlankNotes(notes)) {
      toast({ title: ADMIN_MESSAGES.notesRequiredTitle, description: ADMIN_MESSAGES.notesRequiredText, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await onDecide(s, decision, notes);
    } finally {
      setBusy(false);
    }
  };

  const rows: Array<[string, string]> = [
    ['Description', s.description],
    ['Address', s.address],
    ['City', s.city],
    ['State', s.state],
    ['ZIP code', s.zipCode],
    ['Email', s.email],
    ['Contact name', s.contactName],
    ['Contact title', s.contactTitle],
    ['Phone', s.phone],
    ['Website', s.website],
    ['Animal types', s.animalTypes.join(', ')],
    ['Accepting animals', yesNo(s.acceptingAnimals)],
    ['Volunteer opportunities', yesNo(s.hasVolunteerOpportunities)],
    ['Tours available', yesNo(s.hasToursAvailable)],
    ['Volunteer info', s.volunteerInfo],
    ['Special needs', s.specialNeeds],
    ['Additional info', s.additionalInfo],
    ['Submitted', new Date(s.submittedAt).toLocaleString()],
    ['Review notes', s.reviewNotes ?? ''],
  ];

  return (
    <>
      <div className="flex flex-wrap items-center gap-3 pr-8">
        <Dialog.Title className="text-xl font-bold text-gray-900">{s.name}</Dialog.Title>
        <SubmissionStatusBadge status={s.status} />
      </div>
      <Dialog.Description className="mt-1 text-sm text-gray-600">
        {s.city}, {s.state}
      </Dialog.Description>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-700">{label}</dt>
            <dd className="whitespace-pre-wrap break-words text-gray-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {deciding ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Your decision is saved on this device and will be applied when you are online.
        </p>
      ) : null}
      {pending ? (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <TextField
            label="Review notes"
            textarea={{ value: notes, rows: 3, placeholder: 'Required when rejecting: tell the applicant why.', onChange: (e) => setNotes(e.target.value) }}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void decide('approve')}>
              Approve
            </button>
            <button type="button" className={destructiveButton} disabled={busy} onClick={() => void decide('reject')}>
              Reject
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
