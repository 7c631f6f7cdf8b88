// Short human times for status lines, in US English like the rest of the app: "3:45 PM" today, otherwise
// "Mar 4, 3:45 PM", in the device's time zone.
// Written out by hand rather than with Intl.DateTimeFormat: the first formatter a page makes costs 15–50 ms on this
// machine (the browser loads its date-pattern data), and the sync indicator formats as soon as the app starts, inside
// the start-up's own work.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function timeOfDay(d: Date): string {
  const hours = d.getHours();
  return `${hours % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function formatClock(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeOfDay(d) : `${MONTHS[d.getMonth()]} ${d.getDate()}, ${timeOfDay(d)}`;
}
