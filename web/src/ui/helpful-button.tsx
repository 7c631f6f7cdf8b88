// 'Helpful' on a published review: the count, pressed once the signed-in user has voted (pressing again withdraws
// the vote); the server keeps one vote per user. Signed-out visitors are asked to sign in.
import { ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useAuthState } from '../data/current-user';
import { setHelpful, useHelpful } from '../data/review-helpful';
import { errorMessage } from '../lib/api';
import { useHydrated } from '../lib/use-hydrated';
import { toast } from './toast';

export function HelpfulButton({ reviewId, helpfulCount: replicated }: { reviewId: string; helpfulCount: number | undefined }) {
  const { isAuthenticated } = useAuthState();
  const { helpfulCount, voted } = useHelpful(reviewId, replicated);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const onClick = async () => {
    if (!isAuthenticated) {
      toast({ title: 'Sign in to mark reviews helpful', description: 'Create a free account or sign in to vote.', action: { label: 'Sign in', href: '/login' } });
      return;
    }
    setBusy(true);
    try {
      await setHelpful(reviewId, !voted, replicated);
    } catch (err) {
      toast({ title: 'Could not record your vote', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      aria-pressed={voted}
      disabled={busy || !hydrated}
      onClick={() => void onClick()}
      className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 ${voted ? 'text-emerald-700' : 'text-gray-600'}`}
    >
      <ThumbsUp aria-hidden className={`h-4 w-4 ${voted ? 'fill-emerald-600' : ''}`} />
      Helpful ({helpfulCount})
    </button>
  );
}
