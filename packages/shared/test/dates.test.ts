import { describe, expect, it } from 'vitest';
import { formatDay, formatOrderDate } from '../src/dates';

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
