/** The most orders one details page shows: a longer path is cut here rather than asking for hundreds. */
export const MAX_ORDERS_PER_PAGE = 10;

/** /orders/details/{id+} (spec 1 §2, spec 3 §2): the details of one or more orders. */
export function orderDetailsPath(...orderIds: string[]): string {
  return `/orders/details/${orderIds.map((id) => encodeURIComponent(id)).join('/')}`;
}

/** The order's GST invoice page (built with the invoices). */
export function invoicePath(orderId: string): string {
  return `/orders/invoice/${encodeURIComponent(orderId)}`;
}

/** The order ids of a details path's rest ('SSD-A/SSD-B/'): in order, each once, empty parts left out. */
export function readOrderIds(splat: string | undefined): string[] {
  const ids: string[] = [];
  for (const part of (splat ?? '').split('/')) {
    const id = part.trim();
    if (id && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_ORDERS_PER_PAGE) break;
  }
  return ids;
}
