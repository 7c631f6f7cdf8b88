// Announces each review's outcome once, on whatever page the user is: the spec's success toast when it is
// published, 'Failed to submit review' with the reason when it is rejected or refused.
import { useEffect } from 'react';
import { REVIEW_MESSAGES } from '@ss/domain/review-command';
import { acknowledgeReviewOutcome, reviewOutcomes, useReviewCommandsStore } from '../../data/review-commands';
import { toast } from '../toast';

export function ReviewOutcomeToasts() {
  const state = useReviewCommandsStore();
  useEffect(() => {
    if (!state.userId) return;
    for (const outcome of reviewOutcomes(state)) {
      // Acknowledged first: the store update re-runs this effect, and the outcome must not come round twice.
      acknowledgeReviewOutcome(state.userId, outcome.id);
      if (outcome.kind === 'published') toast({ title: REVIEW_MESSAGES.successTitle, description: REVIEW_MESSAGES.successText });
      else toast({ title: REVIEW_MESSAGES.failureTitle, description: outcome.reason || REVIEW_MESSAGES.failureFallback, variant: 'destructive' });
    }
  }, [state]);
  return null;
}
