import { isSupportable, RETRYABLE_STATUSES } from '@ssd/shared/orders-messages';
import type { OrderStatus } from '@ssd/shared/status';

/** Which buttons an order of My Orders offers. */
export interface OrderActions {
  reorder: boolean;
  retry: boolean;
  support: boolean;
}

/**
 * spec 3 §4 'Order list buttons by status': cancelled offers only Retry Payment; every other status
 * Reorder; failed and expired also Retry Payment; a paid order (confirmed onwards, returns and refunds)
 * also Support. Support follows the server's own list (SUPPORTABLE_STATUSES), which adds
 * out_for_delivery, so the button never offers what the server refuses.
 */
export function orderActions(status: OrderStatus): OrderActions {
  return {
    reorder: status !== 'cancelled',
    retry: RETRYABLE_STATUSES.includes(status),
    support: isSupportable(status),
  };
}
