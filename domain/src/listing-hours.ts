// Operating hours as an owner sets them: per day, closed, by appointment, or one or more open–close ranges in
// the listing's own time zone. The spec's `operatingHours` (day name → text) is derived from them on every write,
// so every screen, search's "Open now" and the API read one thing. No zod here (the schema is in sanctuary.ts).

export const HOURS_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];

/** "HH:MM", 24-hour. A close of "24:00" is midnight at the end of the day. */
export type ClockTime = string;
export interface OpenRange {
  open: ClockTime;
  close: ClockTime;
}
export type DaySpec = { kind: 'closed' } | { kind: 'appointment' } | { kind: 'open'; ranges: OpenRange[] };
export type WeeklyHours = Record<HoursDay, DaySpec>;

export const MAX_RANGES_PER_DAY = 4;
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The spec's day names, as `operatingHours` keys. */
export const DAY_LABELS: Record<HoursDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const BY_APPOINTMENT = 'By appointment';

const minutesOf = (t: ClockTime): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** "9:00 AM", "12:30 PM", "Midnight" for 24:00. */
export function formatClock(t: ClockTime): string {
  if (t === '24:00' || t === '00:00') return 'Midnight';
  const minutes = minutesOf(t);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** One day as text: "Closed", "By appointment", "9:00 AM - 12:00 PM, 1:00 PM - 5:00 PM". */
export function dayText(spec: DaySpec): string {
  if (spec.kind === 'closed') return 'Closed';
  if (spec.kind === 'appointment') return BY_APPOINTMENT;
  return spec.ranges.map((r) => `${formatClock(r.open)} - ${formatClock(r.close)}`).join(', ');
}

/** The spec's `operatingHours` map for structured hours (every day named, so "blank" never means "unknown"). */
export function operatingHoursText(hours: WeeklyHours): Record<string, string> {
  return Object.fromEntries(HOURS_DAYS.map((d) => [DAY_LABELS[d], dayText(hours[d])]));
}

/** Why a day's ranges cannot stand (overlapping, empty, out of order), or null. */
export function rangesProblem(ranges: readonly OpenRange[]): string | null {
  if (!ranges.length) return 'Add opening hours, or mark the day closed.';
  if (ranges.length > MAX_RANGES_PER_DAY) return `At most ${MAX_RANGES_PER_DAY} opening times a day.`;
  const sorted = [...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
  for (const [i, r] of sorted.entries()) {
    if (!CLOCK_TIME_PATTERN.test(r.open) || !CLOCK_TIME_PATTERN.test(r.close) || r.open === '24:00') return 'Times are HH:MM, from 00:00 to 24:00.';
    if (minutesOf(r.close) <= minutesOf(r.open)) return 'Each closing time must be after its opening time.';
    const next = sorted[i + 1];
    if (next && minutesOf(next.open) < minutesOf(r.close)) return 'Opening times of one day must not overlap.';
  }
  return null;
}

export const closedWeek = (): WeeklyHours => Object.fromEntries(HOURS_DAYS.map((d) => [d, { kind: 'closed' }])) as WeeklyHours;
