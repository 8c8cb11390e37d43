import { userKeys } from '../../../lib/api/session-keys';

/*
 * Keys of the orders' reads and mutations (docs/decisions/0022-web-data-layer.md). Under the user's
 * root, so the session drops them when it ends: one shopper never sees another's orders.
 */
export const orderKeys = {
  all: [...userKeys.all, 'orders'] as const,
  /** GET /api/order/list, in pages of 5 (My Orders). */
  list: () => [...orderKeys.all, 'list'] as const,
  /** GET /api/order/details/{id}. */
  details: (orderId: string) => [...orderKeys.all, 'details', orderId] as const,
  /** GET /api/order/item/details/{orderId}/{itemId} (the item popup). */
  item: (orderId: string, itemId: number) => [...orderKeys.all, 'item', orderId, itemId] as const,
  /** GET /api/order/review/{orderId}/{itemId}: the shopper's own review of that item. */
  ownReview: (orderId: string, itemId: number) => [...orderKeys.all, 'review', orderId, itemId] as const,
  /** GET /api/order/support/{id}: the order's support requests. */
  support: (orderId: string) => [...orderKeys.all, 'support', orderId] as const,
};

/** One call of a kind per order (or item) at a time: a second press while one is under way is ignored. */
export const orderMutationKeys = {
  reorder: (orderId: string) => [...orderKeys.all, 'reorder', orderId] as const,
  review: (orderId: string, itemId: number) => [...orderKeys.all, 'save-review', orderId, itemId] as const,
  support: (orderId: string) => [...orderKeys.all, 'create-support', orderId] as const,
};
