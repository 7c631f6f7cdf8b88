// The sign-in and sign-up forms end the same way: send, and on a failure show the server's message inline (or the
// form's fallback) with the spec's failure toast; on success toast and go home.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast, type ToastInput } from '../../ui/toast';

interface Outcome {
  /** Shown inline when the server's answer carries no message. */
  fallback: string;
  failed: ToastInput;
  succeeded: ToastInput;
}

export function useAuthSubmit<T>(send: (values: T) => Promise<unknown>, outcome: Outcome) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: T) => {
    setFailure(null);
    try {
      await send(values);
    } catch (err) {
      setFailure((err as Error).message || outcome.fallback);
      toast({ ...outcome.failed, variant: 'destructive' });
      return;
    }
    toast(outcome.succeeded);
    await navigate({ to: '/' });
  };
  return { failure, submit };
}
