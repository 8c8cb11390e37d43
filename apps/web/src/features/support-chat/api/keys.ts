import { userKeys } from '../../../lib/api/session-keys';

/*
 * Keys of the chatbot's reads and its one mutation (docs/decisions/0022-web-data-layer.md). Under the
 * user's root, so the session drops them when it ends.
 */
export const supportChatKeys = {
  all: [...userKeys.all, 'support-chat'] as const,
  /** GET /api/order/list?limit=10&skip=0: the orders the chat picks from. */
  orders: () => [...supportChatKeys.all, 'orders'] as const,
  /** GET /api/verify/order/status/{id}. */
  orderStatus: (orderId: string) => [...supportChatKeys.all, 'order-status', orderId] as const,
};

export const supportChatMutationKeys = {
  /** POST /api/order/support from the chat. */
  raiseTicket: [...supportChatKeys.all, 'raise-ticket'] as const,
};
