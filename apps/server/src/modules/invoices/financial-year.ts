import { STORE_TIME_ZONE } from '@ssd/shared/dates';

/** Year and month (1–12) of a moment on the store's clock (India Standard Time), wherever the server runs. */
function storeYearMonth(at: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * India's financial year (1 April to 31 March) a moment falls in, in India Standard Time, written as
 * invoices write it: '2025-26'. 31 March 2026 23:59 IST is 2025-26; 1 April 2026 00:00 IST is 2026-27.
 */
export function financialYearOf(at: Date): string {
  const { year, month } = storeYearMonth(at);
  const starts = month >= 4 ? year : year - 1;
  return `${starts}-${String((starts + 1) % 100).padStart(2, '0')}`;
}
