import { adminOrderListQuerySchema } from '@ssd/shared/admin-ops';

/** The orders list's filters as they stand in the address (?status=&from=&to=&q=): only those set. */
export type OrderFilters = Partial<Record<'status' | 'from' | 'to' | 'q', string>>;

export const FILTER_NAMES = ['status', 'from', 'to', 'q'] as const;

/** The filters of the address; blank ones are left out, so the same filters make the same query key. */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * Checks the filter form with the server's own rules (adminOrderListQuerySchema): a day that is not
 * one, From after To, a search too long. Answers the first problem's message, or null.
 */
export function filterProblem(filters: OrderFilters): string | null {
  const result = adminOrderListQuerySchema.safeParse(filters);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the filters.');
}
