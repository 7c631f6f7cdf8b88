// Short human times for status lines: "3:45 PM" today, otherwise "Mar 4, 3:45 PM".
// The formatters are made once: toLocaleString with options builds a new Intl.DateTimeFormat on every call, and the
// sync indicator formats on every progress update of a first sync (a measurable share of the start-up's work).
let timeOfDay: Intl.DateTimeFormat | undefined;
let dayAndTime: Intl.DateTimeFormat | undefined;

export function formatClock(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay) return (timeOfDay ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })).format(d);
  return (dayAndTime ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(d);
}
