import { describe, expect, it } from 'vitest';
import { formatINR, paiseToRupees, percentOff, rupeesToPaise } from '../src/money';

describe('formatINR', () => {
  it('uses the rupee sign, Indian digit grouping and two decimals', () => {
    expect(formatINR(1234567.5)).toBe('₹12,34,567.50');
    expect(formatINR(999)).toBe('₹999.00');
    expect(formatINR(100000)).toBe('₹1,00,000.00');
    expect(formatINR(0.1 + 0.2)).toBe('₹0.30');
  });
});

describe('paise and rupees', () => {
  it('round-trips without floating drift', () => {
    expect(rupeesToPaise(1234.56)).toBe(123456);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(123456)).toBe(1234.56);
  });
  it('refuses what is not money', () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('percentOff', () => {
  it('is whole percent off the market price, 0 without a higher market price', () => {
    expect(percentOff(750, 1000)).toBe(25);
    expect(percentOff(1000, 1000)).toBe(0);
    expect(percentOff(1000, null)).toBe(0);
    expect(percentOff(1000, 900)).toBe(0);
  });
});
