import { describe, expect, it } from 'vitest';
import { formatClock, formatDay } from './format-time';

// The hand-written formatter must say what the browser's own US English formatter says.
const intlTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const intlDayAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const normalise = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('formatClock', () => {
  it('writes a time of today as the hour and minutes, every hour of the day like en-US', () => {
    for (let hour = 0; hour < 24; hour += 1) {
      for (const minute of [0, 5, 59]) {
        const d = new Date(2026, 10, 29, hour, minute);
        expect(formatClock(d.toISOString(), new Date(2026, 10, 29, 23, 59))).toBe(normalise(intlTime.format(d)));
      }
    }
  });

  it('adds the month and day for another day, every month like en-US', () => {
    for (let month = 0; month < 12; month += 1) {
      const d = new Date(2026, month, month + 3, 13, 7);
      expect(formatClock(d.toISOString(), new Date(2027, 0, 1))).toBe(normalise(intlDayAndTime.format(d)));
    }
    expect(formatClock(new Date(2026, 2, 4, 0, 30).toISOString(), new Date(2026, 2, 5))).toBe('Mar 4, 12:30 AM');
  });

  it('the same day of another year is another day', () => {
    expect(formatClock(new Date(2025, 10, 29, 9, 0).toISOString(), new Date(2026, 10, 29, 10, 0))).toBe('Nov 29, 9:00 AM');
  });

  it('an unreadable time is left out', () => {
    expect(formatClock('not a time')).toBe('');
  });
});

describe('formatDay', () => {
  const intlDay = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const intlWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

  it('writes every day of 2027 and 2028 (a leap year) as en-US does, with and without the weekday', () => {
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatDay(day)).toBe(intlDay.format(new Date(t)));
      expect(formatDay(day, { weekday: true })).toBe(intlWeekday.format(new Date(t)));
    }
  });

  it('is the same day in every time zone the device may be in', () => {
    expect(formatDay('2026-11-24', { weekday: true })).toBe('Tue, November 24, 2026');
    expect(formatDay('2026-01-01')).toBe('January 1, 2026');
  });

  it('leaves text that is not a real day as it came', () => {
    for (const text of ['2026-02-30', '2026-13-01', '24/11/2026', '2026-1-1', '']) expect(formatDay(text)).toBe(text);
  });
});
