/**
 * An amount in words in the Indian numbering system (thousand, lakh, crore), as Indian invoices print
 * it: 1,23,45,678.50 → 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight
 * and Fifty Paise Only'. Written here rather than taken from a package: the rule is short, and the
 * packages we looked at print 'Twenty Three' without the hyphen or group by millions.
 */

const ONES = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
  'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: 'Seven', 'Nineteen', 'Forty', 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 0–999 without 'and': 'Six Hundred Seventy-Eight'. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0 || hundreds === 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words, grouped as Indians group digits (12,34,56,789): crore (10^7), lakh (10^5),
 * thousand, then hundreds. Above 99 crore the count of crores is itself said in the Indian system
 * ('One Lakh Crore' for 10^12).
 */
export function wholeNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`a whole number of 0 or more is needed, got ${n}`);
  if (n === 0) return ONES[0]!;
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crores > 0) parts.push(`${wholeNumberInWords(crores)} Crore`);
  const lakhs = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount of paise as an invoice says it: 'Rupees … and … Paise Only', 'Rupees Zero Only' for nothing. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`an amount of 0 or more whole paise is needed, got ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${wholeNumberInWords(rupees)} Only`;
  if (rupees === 0) return `${belowHundred(rest)} Paise Only`;
  return `Rupees ${wholeNumberInWords(rupees)} and ${belowHundred(rest)} Paise Only`;
}
