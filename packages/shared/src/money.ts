/** Money is stored as integer paise; the API shows rupees; display uses Indian digit grouping. */

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234567.5 → '₹12,34,567.50' */
export function formatINR(rupees: number): string {
  return inr.format(rupees);
}

const inrBound = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** A price a shopper typed as a bound (a filter's Min or Max): 999999 → '₹9,99,999', 1499.5 → '₹1,499.5'. */
export function formatRupeeBound(rupees: number): string {
  return inrBound.format(rupees);
}

/** Paise (integer) → rupees with two decimals, as the API shows prices. */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be a whole number, got ${paise}`);
  return paise / 100;
}

/** Rupees (at most two decimals) → integer paise; rounding guards against 0.1 + 0.2 style drift. */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`rupees must be a finite number, got ${rupees}`);
  return Math.round(rupees * 100);
}

/** Percent off the market price, whole percent, 0 when there is no discount. */
export function percentOff(price: number, marketPrice: number | null | undefined): number {
  if (!marketPrice || marketPrice <= price) return 0;
  return Math.round(((marketPrice - price) / marketPrice) * 100);
}
