import { useId } from 'react';
import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import type { OrderDetails } from '@ssd/shared/orders';
import { isSupportable } from '@ssd/shared/orders-messages';
import { orderStatusLabel } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { invoicePath } from '../lib/order-paths';
import { ORDERS_TEXT, placedOnText } from '../lib/texts';
import { OrderItemCard } from './order-item-card';
import { PaymentSummary } from './payment-summary';

/**
 * One order of the details page (spec 3 §2): placed date and status, Support (for a paid order), the
 * invoice once the order has one, its items, the payment summary and where it goes.
 */
export function OrderDetailsView({
  order,
  onOpenItem,
  onSupport,
}: {
  order: OrderDetails;
  onOpenItem: (orderId: string, itemId: number) => void;
  onSupport: (orderId: string) => void;
}) {
  const headingId = useId();
  const itemsId = useId();
  const addressId = useId();
  const { address } = order.customer_details;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-2xl border border-maroon-100 bg-ivory/40 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h2 id={headingId} className="heading-panel">
            Order {order.order_id}
          </h2>
          <p className="text-sm text-muted">{placedOnText(order.order_placed_on)}</p>
          <p className="text-sm text-ink">
            Status: <span className="font-semibold">{orderStatusLabel(order.order_status)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {order.invoice_number !== null ? (
            <Link
              to={invoicePath(order.order_id)}
              className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-maroon-700 hover:bg-maroon-50"
            >
              <FileText aria-hidden="true" className="size-4" />
              {ORDERS_TEXT.viewInvoice}
            </Link>
          ) : null}
          {isSupportable(order.order_status) ? (
            <Button variant="secondary" onClick={() => onSupport(order.order_id)} className="px-4 py-2">
              {ORDERS_TEXT.support}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby={itemsId} className="flex flex-col gap-3">
            <h3 id={itemsId} className="text-base font-semibold text-ink">
              Items
            </h3>
            <ul className="flex flex-col divide-y divide-maroon-100 rounded-2xl border border-maroon-100 bg-white">
              {order.items.map((item, index) => (
                <OrderItemCard
                  key={`${item.item_id ?? 'gone'}-${index}`}
                  item={item}
                  onOpen={(itemId) => onOpenItem(order.order_id, itemId)}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby={addressId} className="flex flex-col gap-1 text-sm text-ink">
            <h3 id={addressId} className="mb-1 text-base font-semibold">
              Delivery address
            </h3>
            <p className="font-semibold">{address.full_name}</p>
            <p>{address.line1}</p>
            {address.line2 ? <p>{address.line2}</p> : null}
            <p>
              {address.city}, {address.state} {address.pin_code}
            </p>
            <p className="text-muted">Mobile: {order.customer_details.contact}</p>
          </section>
        </div>
        <PaymentSummary order={order} />
      </div>
    </section>
  );
}
