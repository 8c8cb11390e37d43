/*
 * How a screen starts the checkout (/place/order, spec 3 §2 and §4): the cart's Checkout and the
 * product page's Buy Now navigate there with these lines in the router state. Shared, so the cart,
 * the product page and the checkout agree on one shape without importing one another.
 */

/** One line to reserve: a product and how many units. */
export interface CheckoutEntryLine {
  item_id: number;
  quantity: number;
}

/** The router state /place/order is entered with: lines to reserve, or an earlier order to pay again. */
export interface CheckoutEntryState {
  lines: CheckoutEntryLine[];
}
export interface CheckoutRetryState {
  retry_order_id: string;
}

/** Retry Payment (My Orders, order details): the checkout asks POST /api/order/retry and opens the payment step. */
export function checkoutRetryState(orderId: string): CheckoutRetryState {
  return { retry_order_id: orderId };
}

/** The order to pay again, when /place/order was entered by Retry Payment. */
export function readCheckoutRetry(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { retry_order_id } = state as { retry_order_id?: unknown };
  return typeof retry_order_id === 'string' && retry_order_id.length > 0 ? retry_order_id : null;
}

export function checkoutEntryState(lines: CheckoutEntryLine[]): CheckoutEntryState {
  return { lines: lines.map(({ item_id, quantity }) => ({ item_id, quantity })) };
}

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * The lines of a router state, or null when there are none usable (entered by address, an old
 * history entry, a malformed state): the checkout then says there is nothing to order.
 */
export function readCheckoutEntry(state: unknown): CheckoutEntryLine[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const { lines } = state as { lines?: unknown };
  if (!Array.isArray(lines) || lines.length === 0) return null;
  const read: CheckoutEntryLine[] = [];
  for (const line of lines as unknown[]) {
    if (typeof line !== 'object' || line === null) return null;
    const { item_id, quantity } = line as Record<string, unknown>;
    if (!isPositiveInteger(item_id) || !isPositiveInteger(quantity)) return null;
    read.push({ item_id, quantity });
  }
  return read;
}
