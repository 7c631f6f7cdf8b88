// 'Open now' / 'Closed now' from a sanctuary's listed hours in its own time zone; nothing when hours are unknown.
import { openStatus } from '@ss/domain/open-now';
import type { Sanctuary } from '@ss/domain/sanctuary';

export function OpenNowBadge({ sanctuary }: { sanctuary: Pick<Sanctuary, 'operatingHours' | 'state' | 'latitude' | 'longitude' | 'timeZone'> }) {
  const status = openStatus(sanctuary);
  if (status === 'unknown') return null;
  return status === 'open' ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Open now</span>
  ) : (
    <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-700">Closed now</span>
  );
}
