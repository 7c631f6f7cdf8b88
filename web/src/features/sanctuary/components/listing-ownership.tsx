// Who runs this listing, in the profile's sidebar (issue 12): its managers get "Manage listing"; on a listing
// nobody manages yet, a signed-in visitor can claim it (offline too: the claim waits on the device); a listing
// with an owner says it is managed by its team. Admins can mark it verified.
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MANAGEMENT_MESSAGES, claimFieldsSchema, type ClaimFields } from '@ss/domain/listing-management';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { isAdmin } from '@ss/domain/user';
import { useCurrentUser } from '../../../data/current-user';
import { claimListing, setVerified, useManagesListing, useMyClaims } from '../../../data/listing-management';
import { errorMessage } from '../../../lib/api';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { toast } from '../../../ui/toast';
import { TextField } from '../../../ui/text-field';


const CLAIM_FIELDS: Array<{ name: keyof ClaimFields; label: string; hint: string; multiline?: boolean }> = [
  { name: 'role', label: 'Your role at the sanctuary', hint: 'For example: founder, director, volunteer coordinator.' },
  { name: 'contact', label: 'Phone or e-mail we can reach you at', hint: 'Ideally one the sanctuary publishes.' },
  { name: 'verification', label: 'How can we verify you?', hint: 'For example: call the number on your website and ask for you.', multiline: true },
];

function ClaimForm({ sanctuary, userId, onDone }: { sanctuary: Sanctuary; userId: string; onDone: () => void }) {
  const [values, setValues] = useState<ClaimFields>({ role: '', contact: '', verification: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimFields, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = claimFieldsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await claimListing(userId, sanctuary.id, parsed.data);
      toast({ title: 'Claim saved', description: MANAGEMENT_MESSAGES.claimSaved });
      onDone();
    } catch (err) {
      toast({ title: 'Could not save your claim', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
      {CLAIM_FIELDS.map(({ name, label, hint, multiline }) => {
        const control = { value: values[name], required: true, onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }) };
        return multiline ? (
          <TextField key={name} label={label} hint={hint} error={errors[name]} textarea={{ ...control, rows: 3 }} />
        ) : (
          <TextField key={name} label={label} hint={hint} error={errors[name]} input={control} />
        );
      })}
      <button type="submit" className={primaryButton} disabled={busy}>
        Send claim
      </button>
    </form>
  );
}

export function ListingOwnership({ sanctuary }: { sanctuary: Sanctuary }) {
  const { user } = useCurrentUser();
  const { claims } = useMyClaims();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const mine = claims.find((c) => c.sanctuaryId === sanctuary.id && (c.status === 'pending' || c.status === 'approved'));
  const refused = claims.find((c) => c.sanctuaryId === sanctuary.id && (c.status === 'rejected' || c.status === 'refused'));
  const manages = useManagesListing(sanctuary.id);

  const toggleVerified = async () => {
    setBusy(true);
    try {
      await setVerified(sanctuary.id, !sanctuary.isVerified);
      toast({ title: sanctuary.isVerified ? 'Verification removed' : 'Listing verified', description: 'Every device shows it as soon as it syncs.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="ownership-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="ownership-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Building2 aria-hidden className="h-5 w-5 text-emerald-600" /> For the sanctuary
      </h2>
      {manages ? (
        <Link to="/sanctuary/$id/manage" params={{ id: sanctuary.id }} className={`${primaryButton} mt-3 w-full`}>
          Manage listing
        </Link>
      ) : null}
      {!manages && sanctuary.claimed ? <p className="mt-2 text-sm text-gray-700">{MANAGEMENT_MESSAGES.managed}.</p> : null}
      {!manages && !sanctuary.claimed && mine?.status === 'pending' ? (
        <p className="mt-2 text-sm text-gray-700">
          {MANAGEMENT_MESSAGES.claimPending} {mine.claimId ? null : <span className="text-gray-500">(waiting on this device to be sent)</span>}
        </p>
      ) : null}
      {!manages && !sanctuary.claimed && !mine ? (
        user ? (
          <>
            {refused ? (
              <p className="mt-2 text-sm text-gray-700">
                Your last claim was not accepted{refused.reviewNotes || refused.reason ? `: ${refused.reviewNotes || refused.reason}` : '.'}
              </p>
            ) : null}
            <Dialog.Root open={open} onOpenChange={setOpen}>
              <Dialog.Trigger className={`${secondaryButton} mt-3 w-full px-3 py-2 text-sm`}>{MANAGEMENT_MESSAGES.claimPrompt}</Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
                <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
                  <Dialog.Title className="text-lg font-semibold">Claim {sanctuary.name}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-sm text-gray-600">
                    Our team checks that you run this sanctuary, then you can keep its listing up to date yourself.
                  </Dialog.Description>
                  <ClaimForm sanctuary={sanctuary} userId={user.id} onDone={() => setOpen(false)} />
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          </>
        ) : (
          <p className="mt-2 text-sm text-gray-700">
            Is this your sanctuary? <Link to="/login" className="font-medium text-emerald-700 underline">Sign in</Link> to claim it.
          </p>
        )
      ) : null}
      {user && isAdmin(user) ? (
        <button type="button" className={`${secondaryButton} mt-3 w-full px-3 py-2 text-sm`} disabled={busy} onClick={() => void toggleVerified()}>
          <BadgeCheck aria-hidden className="h-4 w-4" /> {sanctuary.isVerified ? 'Remove verification' : 'Mark as verified'}
        </button>
      ) : null}
    </section>
  );
}
