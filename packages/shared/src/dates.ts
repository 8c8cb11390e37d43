/**
 * The store trades in India: dates are shown in India Standard Time wherever the code runs.
 *
 * IST has been UTC+05:30 all year since 1945 (no daylight saving), so a date is shifted by that offset
 * and read with the UTC getters: no time-zone database, and no Intl, whose first use loads the
 * browser's ICU data (60–150 ms of main thread on a slow host, docs/decisions/0057) on every page that
 * shows an order's date. test/dates.test.ts holds the output to date-fns reading the zone from the
 * time-zone database.
 */
export const STORE_TIME_ZONE = 'Asia/Kolkata';

const STORE_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The wall clock in India at `value`, read through the UTC getters of the returned Date. */
function inStoreZone(value: Date | string | number): Date {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${String(value)}`);
  return new Date(time + STORE_OFFSET_MS);
}

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** spec 3 §9: "Tue, 3rd Jan '25". */
export function formatOrderDate(value: Date | string | number): string {
  const at = inStoreZone(value);
  const year = String(at.getUTCFullYear() % 100).padStart(2, '0');
  return `${WEEKDAYS[at.getUTCDay()]}, ${ordinal(at.getUTCDate())} ${MONTHS[at.getUTCMonth()]} '${year}`;
}

/** Sale end dates, invoices, reviews: "3 Jan 2025". */
export function formatDay(value: Date | string | number): string {
  const at = inStoreZone(value);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** The time of day in India, on a 12-hour clock: "4:05 pm", or with `seconds` "4:05:09 pm". */
export function formatStoreTime(value: Date | string | number, { seconds = false }: { seconds?: boolean } = {}): string {
  const at = inStoreZone(value);
  const hours = at.getUTCHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${hours % 12 || 12}:${two(at.getUTCMinutes())}${seconds ? `:${two(at.getUTCSeconds())}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}
