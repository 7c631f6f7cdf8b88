// The sign-out flow for the header: asks first when some writes have not reached the server (signing out removes
// them from the device), then signs out and goes home; a failure shows the spec's 'Logout failed' toast.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AUTH_TOASTS } from '@ss/domain/auth-messages';
import { signOut } from '../../data/sign-out';
import { countPendingWrites } from '../../data/user-db';
import { errorMessage } from '../../lib/api';
import { toast } from '../toast';

export function useSignOut() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const perform = async () => {
    setBusy(true);
    try {
      await signOut({ leave: () => navigate({ to: '/' }) });
      setConfirming(false);
    } catch (err) {
      const description = errorMessage(err, '');
      toast({ ...AUTH_TOASTS.logoutFailed, ...(description ? { description } : {}), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  /** Signs out at once, or opens the warning when there are unsynced writes. */
  const request = async () => {
    if ((await countPendingWrites()) > 0) setConfirming(true);
    else await perform();
  };

  return { request, perform, confirming, setConfirming, busy };
}
