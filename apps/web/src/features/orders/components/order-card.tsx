import { useId } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import type { OrderInHistory } from '@ssd/shared/orders';
import { orderStatusLabel } from '@ssd/shared/status';
import { orderDetailsPath } from '../lib/order-paths';
import { placedOnText } from '../lib/texts';
import { OrderActionButtons } from './order-actions';

/**
 * One order of My Orders (spec 3 §2): its id linking to its details, 'Placed on …', each item's
 * thumbnail and title, 'Status: …', and the buttons its status allows.
 */
export function OrderCard({ order, onSupport }: { order: OrderInHistory; onSupport: (orderId: string) => void }) {
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-maroon-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <Link id={titleId} to={orderDetailsPath(order.order_id)} className="font-semibold tracking-wide text-maroon-700 hover:underline">
            {order.order_id}
          </Link>
          <p className="text-sm text-muted">{placedOnText(order.placed_on)}</p>
        </div>
        <p className="rounded-full bg-maroon-50 px-3 py-1 text-sm font-semibold text-maroon-800">
          Status: {orderStatusLabel(order.order_status)}
        </p>
      </div>
      <ul aria-label={`Items of ${order.order_id}`} className="flex flex-col gap-3">
        {order.items.map((item, index) => {
          const src = assetUrl(item.image);
          return (
            <li key={`${item.item_id ?? 'gone'}-${index}`} className="flex items-center gap-3">
              {src ? (
                <img src={src} alt="" width={48} height={60} loading="lazy" className="h-15 w-12 shrink-0 rounded-md bg-maroon-50 object-cover" />
              ) : (
                <span aria-hidden="true" className="h-15 w-12 shrink-0 rounded-md bg-maroon-50" />
              )}
              <span className="min-w-0 text-sm text-ink">{item.item_title || item.title}</span>
            </li>
          );
        })}
      </ul>
      <OrderActionButtons orderId={order.order_id} status={order.order_status} onSupport={onSupport} />
    </li>
  );
}
