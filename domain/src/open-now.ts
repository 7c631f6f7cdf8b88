// "Open now": reads a sanctuary's free-text operatingHours ("10:00 AM - 4:00 PM", "9am-5pm", "Closed") and says
// whether it is open at a moment, in the sanctuary's own time zone (approximated from its state and longitude).
import type { Sanctuary } from './sanctuary.ts';

export type OpenStatus = 'open' | 'closed' | 'unknown';

/** Minutes after local midnight, [start, end); end may exceed 1440 for hours running past midnight. */
export type TimeRange = readonly [start: number, end: number];

/** What one day's text says: opening ranges, closed all day, or something we cannot read ('By appointment'). */
export type DayHours = { kind: 'ranges'; ranges: TimeRange[] } | { kind: 'closed' } | { kind: 'unknown' };

/** Sunday = 0 … Saturday = 6, like Date#getDay. Null when no hours are listed at all. */
export type WeeklySchedule = readonly DayHours[] | null;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const MINUTES_PER_DAY = 24 * 60;

/** Day indexes a key of operatingHours stands for: "Monday", "mon", "Mon-Fri", "Weekends", "Daily". */
export function parseDayKey(key: string): number[] {
  const k = key.trim().toLowerCase().replace(/\./g, '');
  if (/^(daily|every ?day|all week|mon(day)?\s*[-–—]\s*sun(day)?)$/.test(k)) return [0, 1, 2, 3, 4, 5, 6];
  if (/^weekdays?$/.test(k)) return [1, 2, 3, 4, 5];
  if (/^weekends?$/.test(k)) return [0, 6];
  // "mon", "tues", "thurs", "weds", "sunday"; two letters are enough too ("tu", "th").
  const day = (word: string) => (word.length >= 2 ? WEEKDAYS.findIndex((d) => d.toLowerCase().startsWith(word.slice(0, 3))) : -1);
  const range = /^([a-z]+)\s*(?:-|–|—|to|through|thru)\s*([a-z]+)$/.exec(k);
  if (range) {
    const from = day(range[1]!);
    const to = day(range[2]!);
    if (from < 0 || to < 0) return [];
    const days: number[] = [];
    for (let d = from; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
    return days;
  }
  const list = k.split(/\s*(?:,|&|\band\b)\s*/).map(day);
  return list.every((d) => d >= 0) ? list : [];
}

const RANGE_RE = /^(.+?)\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b)\s*(.+)$/;
const TIME_RE = /^(\d{1,2})(?::?(\d{2}))?\s*(am|pm|a|p)?$/;

function parseTime(text: string): { minutes: number; meridiem: 'am' | 'pm' | null } | null {
  if (text === 'noon') return { minutes: 12 * 60, meridiem: 'pm' };
  if (text === 'midnight') return { minutes: 0, meridiem: 'am' };
  const m = TIME_RE.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const meridiem = m[3]?.startsWith('a') ? 'am' : m[3]?.startsWith('p') ? 'pm' : null;
  if (min > 59 || h > 24 || (meridiem && (h < 1 || h > 12))) return null;
  const hour = meridiem === 'pm' ? (h % 12) + 12 : meridiem === 'am' ? h % 12 : h;
  return { minutes: hour * 60 + min, meridiem };
}

function parseRange(text: string): TimeRange | null {
  const m = RANGE_RE.exec(text);
  const open = m && parseTime(m[1]!);
  const close = m && parseTime(m[2]!);
  if (!open || !close) return null;
  let start = open.minutes;
  let end = close.minutes;
  // "9-5", "1-5pm": a bare opening hour takes the afternoon when the morning would make no sense.
  if (!open.meridiem && close.meridiem === 'pm' && start + 12 * 60 < end) start += 12 * 60;
  if (!open.meridiem && !close.meridiem && end <= start && end + 12 * 60 > start && end < 12 * 60) end += 12 * 60;
  if (end <= start) end += MINUTES_PER_DAY; // runs past midnight ("6pm-2am")
  if (end - start > MINUTES_PER_DAY) return null;
  return [start, end];
}

/** Reads one day's hours text. Blank counts as closed: the spec shows a blank day as 'Closed'. */
export function parseDayHours(text: string): DayHours {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\b(\d{1,2}(?::\d{2})?)\s*\.?\s*([ap])\.?\s*m\b\.?/g, '$1$2m');
  if (!t || /^(closed|none|no hours|-+|n\/a)$/.test(t)) return { kind: 'closed' };
  if (/^(open )?(24 ?(hours|hrs|h)|24\/7|all day)$/.test(t)) return { kind: 'ranges', ranges: [[0, MINUTES_PER_DAY]] };
  const ranges: TimeRange[] = [];
  for (const part of t.split(/\s*(?:,|;|&|\band\b|\/)\s*/)) {
    const r = parseRange(part.replace(/^open\s+/, ''));
    if (!r) return { kind: 'unknown' };
    ranges.push(r);
  }
  return ranges.length ? { kind: 'ranges', ranges } : { kind: 'unknown' };
}

// Listings repeat the same few texts ("10:00 AM - 4:00 PM", "Monday"): remember what each one said.
const MEMO_LIMIT = 5000;
const dayHoursMemo = new Map<string, DayHours>();
const dayKeyMemo = new Map<string, number[]>();

function memo<T>(cache: Map<string, T>, key: string, compute: (key: string) => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute(key);
    if (cache.size < MEMO_LIMIT) cache.set(key, value);
  }
  return value;
}

/**
 * Reads a whole week. No hours listed at all (no keys, or every value blank) gives null: unknown, not closed.
 * Once some day has hours, a day that is blank or missing is closed. Keys that name no day are ignored.
 */
export function parseOperatingHours(hours: Readonly<Record<string, string>> | undefined): WeeklySchedule {
  const entries = Object.entries(hours ?? {}).filter(([, text]) => typeof text === 'string' && text.trim());
  if (!entries.length) return null;
  const week: DayHours[] = Array.from({ length: 7 }, () => ({ kind: 'closed' }));
  let anyDay = false;
  for (const [key, text] of entries) {
    const days = memo(dayKeyMemo, key, parseDayKey);
    const parsed = memo(dayHoursMemo, text, parseDayHours);
    for (const d of days) week[d] = parsed;
    anyDay ||= days.length > 0;
  }
  // Hours under keys that name no day ("Notes": "by appointment") tell us nothing about any day.
  return anyDay ? week : null;
}

/** Open, closed or unknown at a local day of week (0 = Sunday) and minute of the day. */
export function statusAt(schedule: WeeklySchedule, day: number, minute: number): OpenStatus {
  if (!schedule) return 'unknown';
  const today = schedule[day]!;
  if (today.kind === 'unknown') return 'unknown';
  if (today.kind === 'ranges' && today.ranges.some(([s, e]) => minute >= s && minute < e)) return 'open';
  // Yesterday's hours may run past midnight into today.
  const yesterday = schedule[(day + 6) % 7]!;
  if (yesterday.kind === 'ranges' && yesterday.ranges.some(([, e]) => minute + MINUTES_PER_DAY < e)) return 'open';
  return 'closed';
}

// ---- Time zones ------------------------------------------------------------------------------------------------
// The data has no time zone, so we approximate it from the state, splitting the states that straddle a zone
// line at a longitude (or latitude) near that line. Counties right on a boundary may come out an hour off.

const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', MP: 'Pacific/Saipan',
  AS: 'Pacific/Pago_Pago',
};

/** Approximate IANA time zone of a place in the US from its state and coordinates. */
export function approximateTimeZone(state: string, latitude: number, longitude: number): string {
  switch (state) {
    case 'TX':
      return longitude < -104.9 ? 'America/Denver' : 'America/Chicago'; // El Paso, Hudspeth
    case 'KS':
      return longitude < -101.5 ? 'America/Denver' : 'America/Chicago';
    case 'NE':
      return longitude < -101.3 ? 'America/Denver' : 'America/Chicago';
    case 'SD':
      return longitude < -100.5 ? 'America/Denver' : 'America/Chicago';
    case 'ND':
      return longitude < -101.5 && latitude < 47.5 ? 'America/Denver' : 'America/Chicago';
    case 'ID':
      return latitude > 45.6 ? 'America/Los_Angeles' : 'America/Boise'; // the panhandle is on Pacific time
    case 'OR':
      return longitude > -117.7 && latitude < 44.5 ? 'America/Boise' : 'America/Los_Angeles'; // Malheur County
    case 'TN':
      return longitude < -85.2 ? 'America/Chicago' : 'America/New_York';
    case 'KY':
      return longitude < -86.0 ? 'America/Chicago' : 'America/New_York';
    case 'FL':
      return longitude < -85.0 && latitude > 29.5 ? 'America/Chicago' : 'America/New_York'; // the western panhandle
    case 'IN':
      return longitude < -86.7 && (latitude > 41.0 || latitude < 38.4) ? 'America/Chicago' : 'America/Indiana/Indianapolis';
    case 'MI':
      return longitude < -87.6 && latitude > 45.0 ? 'America/Menominee' : 'America/Detroit';
    case 'AK':
      return longitude < -169.5 ? 'America/Adak' : 'America/Anchorage';
    default:
      return STATE_ZONES[state] ?? `Etc/GMT${longitude < 0 ? '+' : '-'}${Math.min(12, Math.round(Math.abs(longitude) / 15))}`;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Local day of week (0 = Sunday) and minute of the day of `now` in `timeZone`. */
export function localDayAndMinute(now: Date, timeZone: string): { day: number; minute: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(now)) {
    if (part.type === 'weekday') day = WEEKDAYS.findIndex((d) => d.startsWith(part.value.slice(0, 3)));
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/** Whether a sanctuary is open at `now` (default: this moment), in its own approximate time zone. */
export function openStatus(
  s: Pick<Sanctuary, 'operatingHours' | 'state' | 'latitude' | 'longitude'> & { timeZone?: string | undefined },
  now: Date = new Date(),
): OpenStatus {
  const schedule = parseOperatingHours(s.operatingHours);
  if (!schedule) return 'unknown';
  const { day, minute } = localDayAndMinute(now, listingTimeZone(s));
  return statusAt(schedule, day, minute);
}

/** The listing's own time zone: the one stored with it, else approximated from its state and coordinates. */
export function listingTimeZone(s: Pick<Sanctuary, 'state' | 'latitude' | 'longitude'> & { timeZone?: string | undefined }): string {
  return s.timeZone || approximateTimeZone(s.state, s.latitude, s.longitude);
}

/** A day's hours as the detail page shows them: blank shows as 'Closed'. */
export function displayHours(text: string | undefined): string {
  return text?.trim() || 'Closed';
}
