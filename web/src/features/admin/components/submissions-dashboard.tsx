// The admin queue: submissions replicated to this device (usable offline), each with its status badge and a
// 150-character description preview; a dialog shows every field and decides. Outcomes of the decisions written on
// this device are announced with the spec's toasts once the server has applied them.
import { useEffect, useMemo, useState } from 'react';
import { ADMIN_DESCRIPTION_PREVIEW_CHARS } from '@ss/domain/constants';
import { ADMIN_MESSAGES, type Decision, type SubmissionDoc } from '@ss/domain/submission';
import { acknowledgeDecision, useAdminQueue, useAwaitedDecisionsStore, useDecisionsStore, writeDecision } from '../../../data/admin-queue';
import { secondaryButton } from '../../../ui/button-styles';
import { SubmissionStatusBadge } from '../../../ui/submission-status-badge';
import { toast } from '../../../ui/toast';
import { QueueItems } from './queue-items';
import { SubmissionDialog } from './submission-dialog';

const preview = (text: string) => (text.length > ADMIN_DESCRIPTION_PREVIEW_CHARS ? `${text.slice(0, ADMIN_DESCRIPTION_PREVIEW_CHARS)}...` : text);

const SYNC_TEXT: Record<string, string> = {
  offline: 'Offline: showing the submissions saved on this device.',
  error: 'Cannot reach the server right now: showing the submissions saved on this device.',
  syncing: 'Updating…',
};

function failureToast(decision: Decision, reason?: string) {
  const text = decision === 'approve' ? ADMIN_MESSAGES.approveFailedText : ADMIN_MESSAGES.rejectFailedText;
  toast({ title: decision === 'approve' ? ADMIN_MESSAGES.approveFailedTitle : ADMIN_MESSAGES.rejectFailedTitle, description: reason ? `${text} ${reason}` : text, variant: 'destructive' });
}

/** Announces each outcome of a decision written on this device, once. */
function useDecisionOutcomes() {
  const awaited = useAwaitedDecisionsStore((s) => s.awaited);
  const decisions = useDecisionsStore((s) => s.byId);
  useEffect(() => {
    for (const [id, wait] of Object.entries(awaited)) {
      const doc = decisions.get(id);
      if (wait.deniedReason !== undefined) failureToast(wait.decision, wait.deniedReason);
      else if (doc?.status === 'done') {
        toast(
          wait.decision === 'approve'
            ? { title: ADMIN_MESSAGES.approvedTitle, description: ADMIN_MESSAGES.approvedText }
            : { title: ADMIN_MESSAGES.rejectedTitle, description: ADMIN_MESSAGES.rejectedText },
        );
      } else if (doc?.status === 'refused') failureToast(wait.decision, doc.reason);
      else continue;
      acknowledgeDecision(id);
    }
  }, [awaited, decisions]);
}

export function SubmissionsDashboard({ adminId }: { adminId: string }) {
  const { status, sync, submissions, queueItems, claimItems } = useAdminQueue(adminId);
  const decisions = useDecisionsStore((s) => s.byId);
  const [openId, setOpenId] = useState<string | null>(null);
  useDecisionOutcomes();

  // Submissions with a decision from this admin still waiting to be sent or applied.
  const deciding = useMemo(() => new Set([...decisions.values()].filter((d) => d.status === 'pending').map((d) => d.submissionId)), [decisions]);
  const open = submissions.find((s) => s._id === openId) ?? null;

  const decide = async (s: SubmissionDoc, decision: Decision, notes: string) => {
    try {
      await writeDecision(adminId, s._id, decision, notes);
    } catch {
      failureToast(decision);
    }
  };

  return (
    <section aria-labelledby="submissions-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="submissions-heading" className="text-xl font-semibold">
          Submissions
        </h2>
        {SYNC_TEXT[sync] ? <p className="text-sm text-gray-500">{SYNC_TEXT[sync]}</p> : null}
      </div>
      {status !== 'ready' ? (
        <p role="status" className="mt-3 text-gray-600">
          Loading submissions...
        </p>
      ) : submissions.length === 0 ? (
        <p className="mt-3 text-gray-600">No submissions yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {submissions.map((s) => (
            <li key={s._id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-gray-900">{s.name}</h3>
                <SubmissionStatusBadge status={s.status} />
                {deciding.has(s._id) ? <span className="text-xs text-amber-800">Decision waiting to be sent</span> : null}
              </div>
              <p className="text-sm text-gray-600">
                {s.city}, {s.state} · submitted {new Date(s.submittedAt).toLocaleDateString()}
              </p>
              <p className="mt-2 text-sm text-gray-800">{preview(s.description)}</p>
              <button type="button" className={`mt-3 ${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setOpenId(s._id)} aria-label={`View details of ${s.name}`}>
                View Details
              </button>
            </li>
          ))}
        </ul>
      )}
      <SubmissionDialog submission={open} deciding={open ? deciding.has(open._id) : false} onClose={() => setOpenId(null)} onDecide={decide} />
      <QueueItems items={queueItems} claims={claimItems} />
    </section>
  );
}
