import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { formatDay, formatOrderDate, formatStoreTime, STORE_TIME_ZONE } from '../src/dates';

describe('formatOrderDate', () => {
  it("reads like spec 3 §9's \"Tue, 3rd Jan '25\"", () => {
    // 3 Jan 2025 was a Friday; 3 Jan 2023 was the Tuesday the example's shape describes
    expect(formatOrderDate('2023-01-03T10:00:00+05:30')).toBe("Tue, 3rd Jan '23");
  });
  it('shows the day in India, not in the machine zone', () => {
    // 20:00 UTC on the 2nd is already the 3rd in India
    expect(formatOrderDate('2025-01-02T20:00:00Z')).toBe("Fri, 3rd Jan '25");
  });
  it('uses the right ordinal suffixes', () => {
    expect(formatOrderDate('2025-01-01T12:00:00+05:30')).toBe("Wed, 1st Jan '25");
    expect(formatOrderDate('2025-01-22T12:00:00+05:30')).toBe("Wed, 22nd Jan '25");
    expect(formatOrderDate('2025-01-11T12:00:00+05:30')).toBe("Sat, 11th Jan '25");
  });
});

describe('formatDay', () => {
  it('gives day, month and year', () => {
    expect(formatDay('2026-12-31T18:29:00Z')).toBe('31 Dec 2026');
  });
});

describe('formatStoreTime', () => {
  it('is the 12-hour time in India, with seconds when asked', () => {
    // 10:35:09 UTC is 4:05:09 pm in India; 18:30 UTC is midnight there, 06:30 UTC noon.
    expect(formatStoreTime('2023-01-03T10:35:09Z')).toBe('4:05 pm');
    expect(formatStoreTime('2023-01-03T10:35:09Z', { seconds: true })).toBe('4:05:09 pm');
    expect(formatStoreTime('2023-01-03T18:30:00Z')).toBe('12:00 am');
    expect(formatStoreTime('2023-01-03T06:30:00Z')).toBe('12:00 pm');
    expect(formatStoreTime('2023-01-04T04:00:00Z')).toBe('9:30 am');
  });
});

/**
 * The dates are worked out from IST's fixed offset rather than a time-zone database (or Intl, whose
 * first use loads ICU data in the browser: decisions/0057): held here to date-fns reading the zone
 * from the time-zone database, over 2024–2031 every seven hours and a minute, and the minutes around India's midnight for 400 days.
 */
describe('the same dates as the time-zone database', () => {
  const oracle = (at: number, pattern: string) => format(new TZDate(at, STORE_TIME_ZONE), pattern);
  const instants: number[] = [];
  for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2032, 0, 1); at += 7 * 3_600_000 + 61_000) instants.push(at);
  for (let day = 0; day < 400; day++) for (const minutes of [-1, 0, 1]) instants.push(Date.UTC(2025, 0, 1, 18, 30 + minutes) + day * 86_400_000);

  it('formatOrderDate, formatDay and formatStoreTime agree at every instant', () => {
    for (const at of instants) {
      expect(formatOrderDate(at), new Date(at).toISOString()).toBe(oracle(at, "EEE, do MMM ''yy"));
      expect(formatDay(at), new Date(at).toISOString()).toBe(oracle(at, 'd MMM yyyy'));
      expect(formatStoreTime(at, { seconds: true }), new Date(at).toISOString()).toBe(oracle(at, 'h:mm:ss aaa'));
    }
    expect(instants.length).toBeGreaterThan(10_000);
  });

  it('refuses a value that is not a time, as before', () => {
    expect(() => formatOrderDate('not a date')).toThrow(RangeError);
  });
});
