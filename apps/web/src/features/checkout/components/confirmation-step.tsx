import type { CreatedOrder } from '@ssd/shared/checkout';
import { formatINR, paiseToRupees } from '@ssd/shared/money';
import { Button } from '../../../components/ui/button';
import { useCountdown } from '../hooks/use-countdown';
import { chargeText, gstSplitText } from '../lib/amounts';
import { orderCountdownText } from '../lib/messages';
import { AmountRows } from '../../../components/ui/amount-rows';
import { CountdownBanner } from './countdown-banner';
import { OrderLines } from './order-lines';

/**
 * Step 2, Order Confirmation (spec 3 §2), and step 3 while the payment provider's checkout is open:
 * the Order ID, the order-expiry countdown (standing still once payment has started, spec 3 §4),
 * the items, where they go, the amounts and To pay = amount due / 100.
 */
export function ConfirmationStep({
  order,
  skewMs,
  paying,
  busy,
  onCancel,
  onProceed,
  onElapsed,
}: {
  order: CreatedOrder;
  skewMs: number;
  paying: boolean;
  busy: boolean;
  onCancel: () => void;
  onProceed: () => void;
  onElapsed: () => void;
}) {
  const seconds = useCountdown(order.expiry_at, skewMs, !paying && !busy, onElapsed);
  const lines = order.cart_details.map((line, index) => ({ ...line, key: `${line.item_id ?? 'gone'}-${index}` }));
  const { address } = order.customer_details;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="heading-page">{paying ? 'Payment' : 'Order Confirmation'}</h1>
      {paying ? (
        <p role="status" className="rounded-xl border border-maroon-100 bg-white px-4 py-3 text-sm text-ink">
          Complete the payment in the payment window. Your order waits for it.
        </p>
      ) : null}
      <p className="text-sm text-ink">
        Order ID: <span className="font-semibold tracking-wide">{order.order_id}</span>
      </p>
      <CountdownBanner seconds={seconds} text={orderCountdownText} paused={paying} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="order-items" className="flex flex-col gap-3">
            <h2 id="order-items" className="heading-panel">
              Items
            </h2>
            <OrderLines lines={lines} />
          </section>
          <section aria-labelledby="order-address" className="flex flex-col gap-1 text-sm text-ink">
            <h2 id="order-address" className="mb-2 heading-panel">
              Delivering to
            </h2>
            <p className="font-semibold">{address.full_name}</p>
            <p>{address.line1}</p>
            {address.line2 ? <p>{address.line2}</p> : null}
            <p>
              {address.city}, {address.state} {address.pin_code}
            </p>
            <p className="text-muted">Mobile: {order.customer_details.contact}</p>
          </section>
        </div>
        <section aria-labelledby="order-summary" className="flex h-fit flex-col gap-4 rounded-2xl border border-maroon-100 bg-white p-5">
          <h2 id="order-summary" className="heading-panel">
            Price details
          </h2>
          <AmountRows
            rows={[
              { label: 'Items price', value: formatINR(order.total_sp) },
              { label: 'Delivery charge', value: chargeText(order.delivery_charge) },
              { label: 'Platform fee', value: formatINR(order.platform_fee) },
              {
                label: 'GST',
                value: (
                  <>
                    {formatINR(order.gst_total)}
                    <span className="block text-xs text-muted">{gstSplitText(order.gst_split)}</span>
                  </>
                ),
              },
              { label: 'To pay', value: formatINR(paiseToRupees(order.amount_due)), total: true },
            ]}
          />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={busy || paying} className="flex-1">
              Cancel
            </Button>
            <Button onClick={onProceed} disabled={busy || paying} aria-busy={paying || undefined} className="flex-1">
              Proceed to payment
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
