// Times and days in US English like the rest of the app, written out by hand rather than with Intl.DateTimeFormat:
// the first formatter a page makes loads the browser's date-pattern data. That cost 15–50 ms on this machine, and 87 ms
// on 2026-12-01 (150 ms at Lighthouse's four-fold CPU slowdown) inside the hydration of a sanctuary's profile, its
// longest task after the first sync. The sync indicator also formats as soon as the app starts.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

function timeOfDay(d: Date): string {
  const hours = d.getHours();
  return `${hours % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A short time for a status line: "3:45 PM" today, otherwise "Mar 4, 3:45 PM", in the device's time zone. */
export function formatClock(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeOfDay(d) : `${shortMonth(d.getMonth())} ${d.getDate()}, ${timeOfDay(d)}`;
}

/**
 * A calendar day (YYYY-MM-DD, no time zone: the same day wherever it is read) as "November 24, 2026", or with its
 * weekday "Tue, November 24, 2026". The text as it came when it is not a real day.
 */
export function formatDay(day: string, { weekday = false } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, date));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== date) return day;
  const text = `${MONTHS[month - 1]} ${date}, ${year}`;
  return weekday ? `${WEEKDAYS[d.getUTCDay()]}, ${text}` : text;
}
