import { assetUrl } from '@ssd/shared/assets';
import { formatOrderDate } from '@ssd/shared/dates';
import { formatINR } from '@ssd/shared/money';
import type { OrderItem } from '@ssd/shared/orders';
import { isReviewable } from '@ssd/shared/orders-messages';
import { orderStatusLabel } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { lineAmount } from '../lib/amounts';
import { ORDERS_TEXT } from '../lib/texts';

/**
 * One item of an order's details (spec 3 §2): image, title, price × quantity, quantity, status and its
 * date. The title opens the item popup; Rate/Review opens it too, for an item that is confirmed,
 * packed, shipped or delivered. A product deleted since (no item id) has neither.
 */
export function OrderItemCard({ item, onOpen }: { item: OrderItem; onOpen: (itemId: number) => void }) {
  const src = assetUrl(item.item_image);
  const itemId = item.item_id;
  return (
    <li aria-label={item.item_title} className="flex gap-4 p-4">
      {src ? (
        <img src={src} alt="" width={80} height={96} loading="lazy" className="h-24 w-20 shrink-0 rounded-lg bg-maroon-50 object-cover" />
      ) : (
        <span aria-hidden="true" className="h-24 w-20 shrink-0 rounded-lg bg-maroon-50" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        {itemId === null ? (
          <p className="font-semibold text-ink">{item.item_title}</p>
        ) : (
          <button
            type="button"
            onClick={() => onOpen(itemId)}
            className="self-start text-left font-semibold text-ink hover:underline"
          >
            {item.item_title}
          </button>
        )}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-ink">{formatINR(lineAmount(item.item_selling_price, item.quantity))}</span>
          <span className="text-muted">
            ({formatINR(item.item_selling_price)} × {item.quantity})
          </span>
          {item.item_original_price > item.item_selling_price ? (
            <s className="text-muted">
              <span className="sr-only">Original price: </span>
              {formatINR(lineAmount(item.item_original_price, item.quantity))}
            </s>
          ) : null}
        </p>
        <p className="text-muted">Quantity: {item.quantity}</p>
        <p className="text-ink">
          Status: <span className="font-semibold">{orderStatusLabel(item.item_status)}</span>
          <span className="text-muted"> · {formatOrderDate(item.item_updated_at)}</span>
        </p>
        {itemId !== null && isReviewable(item.item_status) ? (
          <Button
            variant="secondary"
            onClick={() => onOpen(itemId)}
            aria-label={`${ORDERS_TEXT.rateReview} ${item.item_title}`}
            className="mt-1 self-start px-4 py-1.5"
          >
            {ORDERS_TEXT.rateReview}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
