/**
 * Money is stored as integer paise; the API shows rupees; display uses Indian digit grouping.
 *
 * Written out, not through Intl.NumberFormat: the first Intl object a page makes loads the browser's
 * ICU data, 60–150 ms of main thread on the host Lighthouse ran on (docs/decisions/0057), and every
 * storefront page shows a price. The output is Intl's own for en-IN and INR: test/money.test.ts
 * compares the two over thousands of values.
 */

/** '1234567' → '12,34,567': the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

let intlFallback: Map<string, Intl.NumberFormat> | undefined;

/** What Intl makes of values this code does not write itself: not finite, in exponent form, or past 2^53 once scaled. */
function viaIntl(value: number, currency: boolean, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const key = `${currency}/${minimumFractionDigits}/${maximumFractionDigits}`;
  intlFallback ??= new Map();
  let format = intlFallback.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { ...(currency ? { style: 'currency', currency: 'INR' } : {}), minimumFractionDigits, maximumFractionDigits });
    intlFallback.set(key, format);
  }
  return format.format(value);
}

/**
 * `value` with Indian grouping and between `min` and `max` decimals, rounded half away from zero as
 * Intl rounds: from the number's shortest decimal form (1.005 → 1.01), not its binary value.
 */
function formatIndian(value: number, currency: boolean, min: number, max: number): string {
  const magnitude = Math.abs(value);
  const shortest = String(magnitude);
  if (!Number.isFinite(value) || shortest.includes('e')) return viaIntl(value, currency, min, max);
  const scaled = Math.round(Number(`${shortest}e${max}`));
  if (!Number.isSafeInteger(scaled)) return viaIntl(value, currency, min, max);
  const unit = 10 ** max;
  const whole = Math.floor(scaled / unit);
  let fraction = max > 0 ? String(scaled % unit).padStart(max, '0') : '';
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${currency ? '₹' : ''}${groupIndian(String(whole))}${fraction ? `.${fraction}` : ''}`;
}

/** 1234567.5 → '₹12,34,567.50' */
export function formatINR(rupees: number): string {
  return formatIndian(rupees, true, 2, 2);
}

/** A price a shopper typed as a bound (a filter's Min or Max): 999999 → '₹9,99,999', 1499.5 → '₹1,499.5'. */
export function formatRupeeBound(rupees: number): string {
  return formatIndian(rupees, true, 0, 2);
}

/** A count with Indian grouping, as en-IN writes it: 123456 → '1,23,456' (at most three decimals). */
export function formatIndianNumber(value: number): string {
  return formatIndian(value, false, 0, 3);
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
