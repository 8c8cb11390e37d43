import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';

/** The store trades in India: dates are shown in India Standard Time wherever the code runs. */
export const STORE_TIME_ZONE = 'Asia/Kolkata';

function inStoreZone(value: Date | string | number): TZDate {
  return new TZDate(new Date(value).getTime(), STORE_TIME_ZONE);
}

/** spec 3 §9: "Tue, 3rd Jan '25". */
export function formatOrderDate(value: Date | string | number): string {
  return format(inStoreZone(value), "EEE, do MMM ''yy");
}

/** Sale end dates ('Ends {date}'): "3 Jan 2025". */
export function formatDay(value: Date | string | number): string {
  return format(inStoreZone(value), 'd MMM yyyy');
}
