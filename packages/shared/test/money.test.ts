import { describe, expect, it } from 'vitest';
import { formatINR, formatIndianNumber, formatRupeeBound, paiseToRupees, percentOff, rupeesToPaise } from '../src/money';

describe('formatINR', () => {
  it('uses the rupee sign, Indian digit grouping and two decimals', () => {
    expect(formatINR(1234567.5)).toBe('₹12,34,567.50');
    expect(formatINR(999)).toBe('₹999.00');
    expect(formatINR(100000)).toBe('₹1,00,000.00');
    expect(formatINR(0.1 + 0.2)).toBe('₹0.30');
  });
});

/**
 * The formatters are written out instead of using Intl (its first use loads ICU data: decisions/0057),
 * so they are held to Intl's own output for en-IN, which Node has in full.
 */
describe('the same text as Intl.NumberFormat en-IN', () => {
  const currency = (min: number, max: number) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: min, maximumFractionDigits: max });
  const intlINR = currency(2, 2);
  const intlBound = currency(0, 2);
  const intlNumber = new Intl.NumberFormat('en-IN');

  /** Prices as the store has them (whole paise), typed bounds, counts, and the edges of each rounding and grouping step. */
  function values(): number[] {
    const edges = [0, -0, 0.004, 0.005, 0.015, 0.5, 1, 1.005, 1.015, 2.675, 9.995, 99.995, 999, 999.999, 1000, 1499.5, 1499.55, 99999, 100000, 999999, 1e7, 12345678.91, 2 ** 31, 1e14 + 0.5, 0.1 + 0.2, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    const random: number[] = [];
    let seed = 20261128;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 4000; i++) {
      const magnitude = 10 ** Math.floor(next() * 10);
      random.push(Math.round(next() * magnitude * 100) / 100, next() * magnitude, Math.floor(next() * magnitude));
    }
    return [...edges, ...edges.map((value) => -value), ...random, ...random.map((value) => -value)];
  }

  it('formatINR: the rupee sign, grouping and two decimals, rounded as Intl rounds', () => {
    for (const value of values()) expect(formatINR(value), String(value)).toBe(intlINR.format(value));
  });

  it('formatRupeeBound: up to two decimals', () => {
    expect(formatRupeeBound(999999)).toBe('₹9,99,999');
    expect(formatRupeeBound(1499.5)).toBe('₹1,499.5');
    for (const value of values()) expect(formatRupeeBound(value), String(value)).toBe(intlBound.format(value));
  });

  it('formatIndianNumber: grouping without a currency', () => {
    expect(formatIndianNumber(123456)).toBe('1,23,456');
    expect(formatIndianNumber(96)).toBe('96');
    for (const value of values()) expect(formatIndianNumber(value), String(value)).toBe(intlNumber.format(value));
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
