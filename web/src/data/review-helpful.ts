// 'Helpful' votes on published reviews: POST /api/reviews/{id}/helpful votes, DELETE withdraws; the server keeps
// one vote per user and answers with the new count. Which reviews this user marked is remembered per user on the
// device, and the server's latest count is shown until replication brings the review's own.
import { create } from 'zustand';
import { apiJson } from '../lib/api';
import { useCurrentUserStore } from './current-user';

interface Vote {
  voted: boolean;
  helpfulCount: number;
  /** The review's replicated count when the server answered; once that changes, the replicated count is newer. */
  baseCount: number;
}

interface HelpfulState {
  userId: string | null;
  votes: Readonly<Record<string, Vote>>;
}

const STORAGE_PREFIX = 'ss:helpful:';

const useHelpfulStore = create<HelpfulState>(() => ({ userId: null, votes: {} }));

function load(userId: string): Record<string, Vote> {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(STORAGE_PREFIX + userId) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Vote>) : {};
  } catch {
    return {};
  }
}

// The remembered votes follow whoever is signed in.
function follow(userId: string | null) {
  if (userId !== useHelpfulStore.getState().userId) useHelpfulStore.setState({ userId, votes: userId ? load(userId) : {} });
}
useCurrentUserStore.subscribe((s) => follow(s.user?.id ?? null));
follow(useCurrentUserStore.getState().user?.id ?? null);

/** The count to show and whether the signed-in user marked the review helpful. */
export function useHelpful(reviewId: string, replicatedCount: number | undefined): { helpfulCount: number; voted: boolean } {
  const vote = useHelpfulStore((s) => s.votes[reviewId]);
  const base = replicatedCount ?? 0;
  const helpfulCount = vote && vote.baseCount === base ? vote.helpfulCount : base;
  return { helpfulCount, voted: vote?.voted ?? false };
}

/** Votes (or withdraws the vote when `voted` is false); resolves with the server's answer. */
export async function setHelpful(reviewId: string, voted: boolean, replicatedCount: number | undefined): Promise<{ helpfulCount: number; voted: boolean }> {
  const answer = await apiJson<{ helpfulCount: number; voted: boolean }>(voted ? 'POST' : 'DELETE', `/api/reviews/${encodeURIComponent(reviewId)}/helpful`);
  const { userId, votes: known } = useHelpfulStore.getState();
  if (!userId) return answer;
  const votes = { ...known, [reviewId]: { voted: answer.voted, helpfulCount: answer.helpfulCount, baseCount: replicatedCount ?? 0 } };
  try {
    globalThis.localStorage?.setItem(STORAGE_PREFIX + userId, JSON.stringify(votes));
  } catch {
    // Private mode or a full quota: remembered for this page's life only.
  }
  useHelpfulStore.setState({ userId, votes });
  return answer;
}
