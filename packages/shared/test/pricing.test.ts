import { describe, expect, it } from 'vitest';
import { gstOf, gstRateFor, priceLine, totalsOf, type Fees, type GstRule } from '../src/pricing';

/** The rates of 22 September 2025 as migration 0010 stores them. */
const RULES: GstRule[] = [
  { shop: 'fabrics', upToUnitPricePaise: 250_000, ratePercent: 5 },
  { shop: 'fabrics', upToUnitPricePaise: null, ratePercent: 18 },
  { shop: 'jewel', upToUnitPricePaise: null, ratePercent: 3 },
];
const FEES: Fees = { deliveryChargePaise: 9_900, freeDeliveryFromPaise: 149_900, platformFeePaise: 900 };

describe('gstRateFor', () => {
  it('textiles: 5% up to ₹2,500 a piece, 18% above; jewellery 3%', () => {
    expect(gstRateFor(RULES, 'fabrics', 250_000)).toBe(5);
    expect(gstRateFor(RULES, 'fabrics', 250_001)).toBe(18);
    expect(gstRateFor(RULES, 'fabrics', 99)).toBe(5);
    expect(gstRateFor(RULES, 'jewel', 9_999_999)).toBe(3);
  });

  it('a kind without a rule is an error, never a silent 0%', () => {
    expect(() => gstRateFor(RULES, 'toys', 100)).toThrow('no GST rate covers toys at 100 paise');
  });
});

describe('gstOf', () => {
  it('rounds half up to the paisa, in integers', () => {
    expect(gstOf(129_900, 5)).toBe(6_495);
    expect(gstOf(10, 5)).toBe(1); // 0.5 paise rounds up
    expect(gstOf(9, 5)).toBe(0); // 0.45 paise rounds down
    expect(gstOf(333, 18)).toBe(60); // 59.94
    expect(gstOf(100, 2.5)).toBe(3); // 2.5 paise rounds up
    expect(gstOf(0, 18)).toBe(0);
  });
});

describe('totalsOf', () => {
  it('adds GST per line, delivery under ₹1,499 and the platform fee into the payable amount', () => {
    const saree = { shop: 'fabrics', unitPricePaise: 129_900, unitOriginalPricePaise: 159_900, quantity: 1 };
    const totals = totalsOf([{ ...saree, ...priceLine(RULES, saree) }], FEES);
    expect(totals).toEqual({
      sellingPaise: 129_900,
      originalPaise: 159_900,
      gstPaise: 6_495,
      deliveryChargePaise: 9_900,
      platformFeePaise: 900,
      payablePaise: 129_900 + 9_900 + 900 + 6_495,
    });
  });

  it('delivery is free from ₹1,499 of selling total; lines at different rates keep their own GST', () => {
    const lehenga = { shop: 'fabrics', unitPricePaise: 450_000, unitOriginalPricePaise: 450_000, quantity: 1 };
    const earrings = { shop: 'jewel', unitPricePaise: 74_950, unitOriginalPricePaise: 99_900, quantity: 2 };
    const lines = [lehenga, earrings].map((line) => ({ ...line, ...priceLine(RULES, line) }));
    expect(lines.map((line) => [line.ratePercent, line.gstPaise])).toEqual([
      [18, 81_000],
      [3, 4_497],
    ]);
    const totals = totalsOf(lines, FEES);
    expect(totals.deliveryChargePaise).toBe(0);
    expect(totals.payablePaise).toBe(450_000 + 149_900 + 0 + 900 + 81_000 + 4_497);
    const exactlyAtThreshold = { shop: 'jewel', unitPricePaise: 149_900, unitOriginalPricePaise: 149_900, quantity: 1 };
    expect(totalsOf([{ ...exactlyAtThreshold, ...priceLine(RULES, exactlyAtThreshold) }], FEES).deliveryChargePaise).toBe(0);
  });
});
