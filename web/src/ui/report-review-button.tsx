// 'Report' on a published review, for signed-in users: a dialog asking why, sent to the moderators.
import * as Dialog from '@radix-ui/react-dialog';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useAuthState } from '../data/current-user';
import { reportReview } from '../data/report-review';
import { errorMessage } from '../lib/api';
import { primaryButton, secondaryButton } from './button-styles';
import { toast } from './toast';
import { TextField } from './text-field';

const MAX_REASON = 500;

export function ReportReviewButton({ reviewId }: { reviewId: string }) {
  const { isAuthenticated } = useAuthState();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!isAuthenticated) return null;

  const send = async () => {
    setBusy(true);
    try {
      await reportReview(reviewId, reason);
      setOpen(false);
      setReason('');
      toast({ title: 'Report sent', description: 'Thank you. Our moderators will look at this review.' });
    } catch (err) {
      toast({ title: 'Could not send the report', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-gray-600 hover:bg-gray-100">
        <Flag aria-hidden className="h-4 w-4" /> Report
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-gray-900">Report this review</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700">Tell our moderators what is wrong with it.</Dialog.Description>
          <form
            className="mt-4 grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) void send();
            }}
          >
            <TextField
              label="Reason"
              textarea={{ value: reason, maxLength: MAX_REASON, required: true, rows: 3, onChange: (e) => setReason(e.target.value) }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={secondaryButton}>Cancel</Dialog.Close>
              <button type="submit" disabled={busy || !reason.trim()} className={primaryButton}>
                {busy ? 'Sending...' : 'Send report'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
