// Warns before signing out while some of the user's changes exist only on this device: signing out removes them.
import * as Dialog from '@radix-ui/react-dialog';
import { useUserDbStore } from '../../data/user-db';
import { destructiveButton, secondaryButton } from '../button-styles';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}

export function SignOutDialog({ open, onOpenChange, onConfirm, busy }: Props) {
  const pending = useUserDbStore((s) => s.pending);
  const offline = useUserDbStore((s) => s.phase === 'offline');
  const changes = pending === 1 ? '1 change to your saved sanctuaries has' : `${pending} changes to your saved sanctuaries have`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-gray-900">Sign out with unsynced changes?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            {pending > 0
              ? `${changes} not reached your account yet${offline ? ' because this device is offline' : ''}. Signing out now removes ${pending === 1 ? 'it' : 'them'} from this device for good.`
              : 'Everything has synced now. You can sign out safely.'}
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={secondaryButton}>Stay signed in</Dialog.Close>
            <button type="button" onClick={onConfirm} disabled={busy} className={pending > 0 ? destructiveButton : secondaryButton}>
              {busy ? 'Signing out...' : pending > 0 ? 'Sign out anyway' : 'Sign out'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
