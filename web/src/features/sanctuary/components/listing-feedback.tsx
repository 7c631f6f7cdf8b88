// Under a sanctuary's sidebar: 'Report incorrect information' for signed-in visitors; it goes to the admins' queue.
// (Owners change their listing themselves: listing-ownership.tsx, manage-listing-page.tsx.)
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FEEDBACK_MESSAGES } from '@ss/domain/listing-feedback';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { useCurrentUser } from '../../../data/current-user';
import { reportIncorrectInfo } from '../../../data/listing-feedback';
import { errorMessage } from '../../../lib/api';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { toast } from '../../../ui/toast';
import { TextField } from '../../../ui/text-field';


function FormDialog({ title, trigger, open, onOpenChange, children }: { title: string; trigger: string; open: boolean; onOpenChange: (o: boolean) => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={`${secondaryButton} w-full px-3 py-2 text-sm`}>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">Our team reviews it before anything changes.</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ sanctuary, onDone }: { sanctuary: Sanctuary; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await reportIncorrectInfo(sanctuary.id, message);
      toast({ title: FEEDBACK_MESSAGES.reportTitle, description: FEEDBACK_MESSAGES.reportSent });
      onDone();
    } catch (err) {
      toast({ title: 'Could not send the report', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
      <TextField label="What is incorrect?" textarea={{ required: true, rows: 4, value: message, onChange: (e) => setMessage(e.target.value) }} />
      <button type="submit" className={primaryButton} disabled={busy || !message.trim()}>
        Send report
      </button>
    </form>
  );
}

export function ListingFeedback({ sanctuary }: { sanctuary: Sanctuary }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) {
    return (
      <p className="text-sm text-gray-600">
        Something wrong here? <Link to="/login" className="underline">Sign in</Link> to report incorrect information.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <FormDialog title={FEEDBACK_MESSAGES.reportTitle} trigger={FEEDBACK_MESSAGES.reportTitle} open={open} onOpenChange={setOpen}>
        <ReportForm sanctuary={sanctuary} onDone={() => setOpen(false)} />
      </FormDialog>
    </div>
  );
}
