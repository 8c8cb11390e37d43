import { userKeys } from '../../../lib/api/session-keys';

/*
 * Keys of the admin console's operations reads (docs/decisions/0022-web-data-layer.md). Under the
 * user's root, so the session drops them when the admin logs out: the next person at the desk never
 * sees the store's orders from the cache.
 */
export const adminOpsKeys = {
  all: [...userKeys.all, 'admin-ops'] as const,
  /** Every read of orders (the list under any filters, each order): a fulfilment write invalidates them all. */
  orders: () => [...adminOpsKeys.all, 'orders'] as const,
  orderLists: () => [...adminOpsKeys.orders(), 'list'] as const,
  orderList: (filters: Record<string, string>) => [...adminOpsKeys.orderLists(), filters] as const,
  order: (orderId: string) => [...adminOpsKeys.orders(), 'detail', orderId] as const,
  support: () => [...adminOpsKeys.all, 'support'] as const,
  /** The queue ('queue': open and in progress) or the requests of one status. */
  supportList: (status: string) => [...adminOpsKeys.support(), 'list', status] as const,
  dashboard: () => [...adminOpsKeys.all, 'dashboard'] as const,
};

/** One change of a kind at a time: a second press while one is under way is ignored. */
export const adminOpsMutationKeys = {
  changeOrder: (orderId: string) => [...adminOpsKeys.all, 'change-order', orderId] as const,
  updateSupport: (id: number) => [...adminOpsKeys.all, 'update-support', id] as const,
};
