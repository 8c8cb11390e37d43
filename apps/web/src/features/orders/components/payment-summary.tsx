import { useId } from 'react';
import { formatINR } from '@ssd/shared/money';
import type { OrderDetails } from '@ssd/shared/orders';
import { PAYMENT_MODE_LABELS } from '@ssd/shared/status';
import { chargeText, gstSplitText, minusText } from '../lib/amounts';
import { AmountRows, type AmountRow } from '../../../components/ui/amount-rows';

/**
 * The order's amounts as the server worked them out (spec 3 §2): original price, savings, a coupon when
 * one applied, delivery, platform fee, GST and the total; then the payment mode and status, and the
 * amount paid unless the payment is still pending.
 */
export function PaymentSummary({ order }: { order: OrderDetails }) {
  const priceId = useId();
  const paymentId = useId();
  const rows: AmountRow[] = [
    { label: 'Original price', value: formatINR(order.original_price) },
    { label: 'Savings', value: minusText(order.order_savings), className: 'text-green-700' },
  ];
  if (order.coupon_discount > 0) {
    rows.push({ label: 'Coupon discount', value: minusText(order.coupon_discount), className: 'text-green-700' });
  }
  rows.push(
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
    { label: 'Total', value: formatINR(order.payable_amount), total: true },
  );

  const payment: AmountRow[] = [
    { label: 'Payment mode', value: PAYMENT_MODE_LABELS[order.payment_mode] },
    { label: 'Payment status', value: order.payment_status },
  ];
  // spec 3 §2: while the payment is pending, no amount paid is shown.
  if (order.payment_status !== 'pending') payment.push({ label: 'Amount paid', value: formatINR(order.order_amount_paid) });
  if (order.payment_id) payment.push({ label: 'Payment ID', value: <span className="break-all">{order.payment_id}</span> });

  return (
    <div className="flex h-fit flex-col gap-5 rounded-2xl border border-maroon-100 bg-white p-5">
      <section aria-labelledby={priceId} className="flex flex-col gap-3">
        <h3 id={priceId} className="text-base font-semibold text-ink">
          Price details
        </h3>
        <AmountRows rows={rows} />
      </section>
      <section aria-labelledby={paymentId} className="flex flex-col gap-3 border-t border-maroon-100 pt-4">
        <h3 id={paymentId} className="text-base font-semibold text-ink">
          Payment
        </h3>
        <AmountRows rows={payment} />
      </section>
    </div>
  );
}
