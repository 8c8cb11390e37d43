import { userKeys } from '../../../lib/api/session-keys';

/* Keys of the invoice's reads (docs/decisions/0022-web-data-layer.md), under the user's root: the session drops them when it ends. */
export const invoiceKeys = {
  all: [...userKeys.all, 'invoice'] as const,
  /** GET /api/order/invoice/{id}. */
  detail: (orderId: string) => [...invoiceKeys.all, orderId] as const,
};
