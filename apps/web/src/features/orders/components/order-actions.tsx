import { useNavigate } from 'react-router';
import type { OrderStatus } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { checkoutRetryState } from '../../../lib/checkout-entry';
import { SCREENS } from '../../../lib/paths';
import { useReorderAction } from '../hooks/use-reorder-action';
import { orderActions } from '../lib/order-actions';
import { ORDERS_TEXT } from '../lib/texts';

/**
 * An order card's buttons by status (spec 3 §4): Reorder, Retry Payment (the checkout screen pays the
 * order again, entered with the order id in its router state) and Support (the Order Support dialog).
 */
export function OrderActionButtons({
  orderId,
  status,
  onSupport,
}: {
  orderId: string;
  status: OrderStatus;
  onSupport: (orderId: string) => void;
}) {
  const actions = orderActions(status);
  const reorder = useReorderAction(orderId);
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2">
      {actions.reorder ? (
        <Button
          variant="secondary"
          onClick={reorder.start}
          disabled={reorder.pending}
          aria-busy={reorder.pending || undefined}
          className="px-4 py-2"
        >
          {ORDERS_TEXT.reorder}
        </Button>
      ) : null}
      {actions.retry ? (
        <Button onClick={() => void navigate(SCREENS.placeOrder.path, { state: checkoutRetryState(orderId) })} className="px-4 py-2">
          {ORDERS_TEXT.retryPayment}
        </Button>
      ) : null}
      {actions.support ? (
        <Button variant="ghost" onClick={() => onSupport(orderId)} className="px-4 py-2">
          {ORDERS_TEXT.support}
        </Button>
      ) : null}
    </div>
  );
}
