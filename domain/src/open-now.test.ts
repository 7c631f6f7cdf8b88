import { describe, expect, it } from 'vitest';
import {
  approximateTimeZone,
  displayHours,
  localDayAndMinute,
  openStatus,
  parseDayHours,
  parseDayKey,
  parseOperatingHours,
  statusAt,
} from './open-now.ts';

const h = (hour: number, minute = 0) => hour * 60 + minute;

describe('one day’s hours text', () => {
  it.each([
    ['10:00 AM - 4:00 PM', [[h(10), h(16)]]],
    ['9am-5pm', [[h(9), h(17)]]],
    ['9 a.m. – 5 p.m.', [[h(9), h(17)]]],
    ['9-5', [[h(9), h(17)]]],
    ['1-5pm', [[h(13), h(17)]]],
    ['10-4pm', [[h(10), h(16)]]],
    ['09:30-17:45', [[h(9, 30), h(17, 45)]]],
    ['noon to 6pm', [[h(12), h(18)]]],
    ['12pm - 4pm', [[h(12), h(16)]]],
    ['9am-12pm, 1pm-5pm', [[h(9), h(12)], [h(13), h(17)]]],
    ['6pm-2am', [[h(18), h(26)]]],
    ['24 hours', [[0, h(24)]]],
    ['Open 24 hours', [[0, h(24)]]],
  ])('%j', (text, ranges) => {
    expect(parseDayHours(text)).toEqual({ kind: 'ranges', ranges });
  });

  it('reads closed days, and says unknown for what it cannot read', () => {
    expect(parseDayHours('Closed')).toEqual({ kind: 'closed' });
    expect(parseDayHours('')).toEqual({ kind: 'closed' });
    expect(parseDayHours('   ')).toEqual({ kind: 'closed' });
    expect(parseDayHours('By appointment')).toEqual({ kind: 'unknown' });
    expect(parseDayHours('Dawn to dusk')).toEqual({ kind: 'unknown' });
    expect(parseDayHours('13pm-5pm')).toEqual({ kind: 'unknown' });
  });
});

describe('day keys', () => {
  it('reads names, abbreviations, ranges and groups', () => {
    expect(parseDayKey('Monday')).toEqual([1]);
    expect(parseDayKey('sun')).toEqual([0]);
    expect(parseDayKey('Thurs')).toEqual([4]);
    expect(parseDayKey('Mon-Fri')).toEqual([1, 2, 3, 4, 5]);
    expect(parseDayKey('Friday - Monday')).toEqual([5, 6, 0, 1]);
    expect(parseDayKey('Sat & Sun')).toEqual([6, 0]);
    expect(parseDayKey('Weekends')).toEqual([0, 6]);
    expect(parseDayKey('Daily')).toHaveLength(7);
    expect(parseDayKey('Notes')).toEqual([]);
  });
});

describe('a week', () => {
  it('is unknown with no hours at all, or only blank ones, or none under a day', () => {
    expect(parseOperatingHours({})).toBeNull();
    expect(parseOperatingHours(undefined)).toBeNull();
    expect(parseOperatingHours({ Monday: '', Tuesday: ' ' })).toBeNull();
    expect(parseOperatingHours({ Notes: 'Call ahead' })).toBeNull();
    expect(statusAt(null, 1, h(12))).toBe('unknown');
  });

  it('closes a blank or missing day once some day has hours', () => {
    const week = parseOperatingHours({ Monday: '10:00 AM - 4:00 PM', Tuesday: '', Saturday: 'By appointment' });
    expect(statusAt(week, 1, h(12))).toBe('open');
    expect(statusAt(week, 1, h(9, 59))).toBe('closed');
    expect(statusAt(week, 1, h(16))).toBe('closed'); // closing time itself is closed
    expect(statusAt(week, 2, h(12))).toBe('closed'); // blank
    expect(statusAt(week, 3, h(12))).toBe('closed'); // missing
    expect(statusAt(week, 6, h(12))).toBe('unknown'); // by appointment
  });

  it('keeps hours that run past midnight open early the next day', () => {
    const week = parseOperatingHours({ Friday: '6pm-2am' });
    expect(statusAt(week, 5, h(23))).toBe('open');
    expect(statusAt(week, 6, h(1, 30))).toBe('open');
    expect(statusAt(week, 6, h(2))).toBe('closed');
  });
});

describe('time zones and the sanctuary’s local time', () => {
  it('approximates a zone from the state, splitting states on a zone line', () => {
    expect(approximateTimeZone('OH', 41.1, -81.2)).toBe('America/New_York');
    expect(approximateTimeZone('CA', 34, -118)).toBe('America/Los_Angeles');
    expect(approximateTimeZone('AZ', 33.4, -112)).toBe('America/Phoenix');
    expect(approximateTimeZone('TX', 31.76, -106.49)).toBe('America/Denver'); // El Paso
    expect(approximateTimeZone('TX', 29.76, -95.37)).toBe('America/Chicago'); // Houston
    expect(approximateTimeZone('TN', 36.16, -86.78)).toBe('America/Chicago'); // Nashville
    expect(approximateTimeZone('TN', 35.96, -83.92)).toBe('America/New_York'); // Knoxville
    expect(approximateTimeZone('FL', 30.42, -87.22)).toBe('America/Chicago'); // Pensacola
    expect(approximateTimeZone('ZZ', 40, -75)).toBe('Etc/GMT+5');
  });

  it('finds the local day and minute of a moment', () => {
    // 2026-05-06 is a Wednesday; 15:00 UTC is 11:00 in New York (EDT) and 08:00 in Los Angeles (PDT).
    const now = new Date('2026-05-06T15:00:00Z');
    expect(localDayAndMinute(now, 'America/New_York')).toEqual({ day: 3, minute: h(11) });
    expect(localDayAndMinute(now, 'America/Los_Angeles')).toEqual({ day: 3, minute: h(8) });
    expect(localDayAndMinute(new Date('2026-05-07T02:30:00Z'), 'America/Chicago')).toEqual({ day: 3, minute: h(21, 30) });
  });

  it('answers open, closed or unknown for a sanctuary at a moment, in its own time', () => {
    const hours = { Wednesday: '9am-5pm' };
    const now = new Date('2026-05-06T15:00:00Z');
    expect(openStatus({ operatingHours: hours, state: 'OH', latitude: 41.1, longitude: -81.2 }, now)).toBe('open'); // 11:00
    expect(openStatus({ operatingHours: hours, state: 'CA', latitude: 34, longitude: -118 }, now)).toBe('closed'); // 08:00
    expect(openStatus({ operatingHours: {}, state: 'CA', latitude: 34, longitude: -118 }, now)).toBe('unknown');
  });
});

describe('display', () => {
  it('shows a blank day as Closed', () => {
    expect(displayHours('')).toBe('Closed');
    expect(displayHours(undefined)).toBe('Closed');
    expect(displayHours(' 9am-5pm ')).toBe('9am-5pm');
  });
});
