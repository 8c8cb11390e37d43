import { useState } from 'react';
import type { Reservation } from '@ssd/shared/checkout';
import { formatINR } from '@ssd/shared/money';
import { AddressPicker } from '../../../components/address/address-picker';
import { Button } from '../../../components/ui/button';
import { useCountdown } from '../hooks/use-countdown';
import { chargeText, savingsOf, savingsText } from '../lib/amounts';
import { reservationCountdownText } from '../lib/messages';
import { AmountRows } from '../../../components/ui/amount-rows';
import { CountdownBanner } from './countdown-banner';
import { OrderLines } from './order-lines';

/**
 * Step 1, Order review (spec 3 §2): the reservation countdown, the lines, the totals as the server
 * computed them, the delivery address (ours: docs/decisions/0021) and Cancel / Place order. The
 * countdown stands still while a call of this step is under way, so the hold cannot be let go
 * while the order is being placed on it.
 */
export function ReviewStep({
  reservation,
  skewMs,
  busy,
  onCancel,
  onPlaceOrder,
  onElapsed,
}: {
  reservation: Reservation;
  skewMs: number;
  busy: boolean;
  onCancel: () => void;
  onPlaceOrder: (addressId: number) => void;
  onElapsed: () => void;
}) {
  const [addressId, setAddressId] = useState<number | null>(null);
  const seconds = useCountdown(reservation.reservation_expiry, skewMs, !busy, onElapsed);
  const lines = reservation.items.map((line, index) => ({ ...line, key: `${line.id ?? 'gone'}-${index}` }));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="heading-page">Order review</h1>
      <CountdownBanner seconds={seconds} text={reservationCountdownText} paused={busy} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="review-items" className="flex flex-col gap-3">
            <h2 id="review-items" className="heading-panel">
              Items
            </h2>
            <OrderLines lines={lines} />
          </section>
          <section aria-labelledby="review-address" className="flex flex-col gap-3">
            <h2 id="review-address" className="heading-panel">
              Delivery address
            </h2>
            <AddressPicker value={addressId} onChange={setAddressId} />
          </section>
        </div>
        <section aria-labelledby="review-summary" className="flex h-fit flex-col gap-4 rounded-2xl border border-maroon-100 bg-white p-5">
          <h2 id="review-summary" className="heading-panel">
            Price details
          </h2>
          <AmountRows
            rows={[
              { label: 'Original price', value: formatINR(reservation.total_cp) },
              { label: 'Savings', value: savingsText(savingsOf(reservation)), className: 'text-green-700' },
              { label: 'Shipping charge', value: chargeText(reservation.delivery_charge) },
              { label: 'GST', value: formatINR(reservation.gst_total) },
              { label: 'Platform fee', value: formatINR(reservation.platform_fee) },
              { label: 'Payable Amount', value: formatINR(reservation.payable_amount), total: true },
            ]}
          />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={busy} className="flex-1">
              Cancel
            </Button>
            <Button
              onClick={() => {
                if (addressId !== null) onPlaceOrder(addressId);
              }}
              disabled={busy || addressId === null}
              aria-busy={busy || undefined}
              className="flex-1"
            >
              Place order
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
