import { formatOrderDate, formatStoreTime } from '@ssd/shared/dates';

/** The operations screens' own words (beyond the spec: docs/decisions/0034). */
export const ADMIN_OPS_TEXT = {
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  orders: 'Orders',
  loadingOrders: 'Loading orders',
  noOrders: 'No orders match these filters.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  order: 'Order',
  loadingOrder: 'Loading the order',
  orderNotFound: 'No order has this id.',
  backToOrders: 'Back to orders',
  support: 'Support queue',
  loadingSupport: 'Loading support requests',
  noSupport: 'No open support requests.',
  noSupportOfStatus: (label: string) => `No support requests are ${label.toLowerCase()}.`,
  dashboard: 'Dashboard',
  loadingDashboard: 'Loading the dashboard',
  revenue: 'Revenue per day, last 30 days',
  ordersByStatus: 'Orders by status',
  topProducts: 'Top products, last 30 days (units sold)',
  lowStock: 'Low stock (under 10 pieces)',
  noLowStock: 'Every product has 10 or more pieces.',
  noSales: 'Nothing sold in the last 30 days.',
  asTable: 'Show as a table',
  saving: 'Saving…',
} as const;

/** "Tue, 3rd Jan '25, 4:05 pm", in India time like every date of the store. */
export function dateTimeText(iso: string): string {
  return `${formatOrderDate(iso)}, ${formatStoreTime(iso)}`;
}
