// Shows whether this device's copy of the directory is offline, syncing, or up to date (and since when).
import { CloudOff, RefreshCw, CheckCircle2, AlertTriangle } from 'lucide-react';
import { useSyncStatus } from '../../data/sync-status';
import { formatClock } from '../../lib/format-time';

export function SyncIndicator() {
  const { phase, docsWritten, pending, lastSyncedAt } = useSyncStatus();
  const last = lastSyncedAt ? `last synced ${formatClock(lastSyncedAt)}` : 'never synced';
  let icon;
  let text: string;
  switch (phase) {
    case 'offline':
      icon = <CloudOff aria-hidden className="h-4 w-4" />;
      text = `Offline · ${last}`;
      break;
    case 'syncing':
      icon = <RefreshCw aria-hidden className="h-4 w-4 animate-spin" />;
      text = pending ? `Syncing… ${docsWritten} received, ${pending} to go` : docsWritten ? `Syncing… ${docsWritten} received` : 'Syncing…';
      break;
    case 'error':
      icon = <AlertTriangle aria-hidden className="h-4 w-4" />;
      text = `Sync paused · ${last}`;
      break;
    default:
      icon = <CheckCircle2 aria-hidden className="h-4 w-4" />;
      text = `Up to date · ${last}`;
  }
  const tone = phase === 'up-to-date' ? 'text-emerald-700' : phase === 'syncing' ? 'text-sky-700' : 'text-amber-800';
  return (
    <p role="status" aria-live="polite" className={`hidden items-center gap-1 text-xs md:flex ${tone}`} title={text}>
      {icon}
      <span className="max-w-[14rem] truncate">{text}</span>
    </p>
  );
}
