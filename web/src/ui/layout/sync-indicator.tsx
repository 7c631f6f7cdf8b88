// Shows whether this device's copy of the directory is offline, syncing, or up to date (and since when).
import { CloudOff, RefreshCw, CheckCircle2, AlertTriangle } from 'lucide-react';
import { useSyncStatus } from '../../data/sync-status';
import { formatClock } from '../../lib/format-time';

export function SyncIndicator() {
  const { phase, docsWritten, pending, lastSyncedAt } = useSyncStatus();
  // Formatted only when shown (not while syncing, when progress updates re-render this many times a second).
  const last = () => (lastSyncedAt ? `last synced ${formatClock(lastSyncedAt)}` : 'never synced');
  let icon;
  let text: string;
  /** What a phone's header has room for: the state without the time. */
  let short: string;
  switch (phase) {
    case 'offline':
      icon = <CloudOff aria-hidden className="h-4 w-4" />;
      text = `Offline · ${last()}`;
      short = 'Offline';
      break;
    case 'syncing':
      // Still, not spinning: the words say it, with the count as it grows. A spinner turned for as long as a sync lasts
      // (seconds on a first visit), a new frame 60 times a second beside the page's own start.
      icon = <RefreshCw aria-hidden className="h-4 w-4" />;
      text = pending ? `Syncing… ${docsWritten} received, ${pending} to go` : docsWritten ? `Syncing… ${docsWritten} received` : 'Syncing…';
      short = 'Syncing…';
      break;
    case 'error':
      icon = <AlertTriangle aria-hidden className="h-4 w-4" />;
      text = `Sync paused · ${last()}`;
      short = 'Sync paused';
      break;
    default:
      icon = <CheckCircle2 aria-hidden className="h-4 w-4" />;
      text = `Up to date · ${last()}`;
      short = 'Up to date';
  }
  const tone = phase === 'up-to-date' ? 'text-emerald-700' : phase === 'syncing' ? 'text-sky-700' : 'text-amber-800';
  // Phones show it too (people use the app on farms with no signal), in short.
  return (
    // The home page's snapshot (data/home-snapshot.ts) keeps its place but not its words: they are of another moment.
    <p role="status" aria-live="polite" data-snapshot="hide" className={`flex items-center gap-1 text-xs ${tone}`} title={text}>
      {icon}
      <span className="whitespace-nowrap md:hidden">{short}</span>
      <span className="hidden max-w-[14rem] truncate md:inline">{text}</span>
    </p>
  );
}
