import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import { formatOrderDate } from '@ssd/shared/dates';
import { formatINR } from '@ssd/shared/money';
import { isReviewable } from '@ssd/shared/orders-messages';
import { orderStatusLabel } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { productPath } from '../../../lib/product-path';
import { useOrderItem } from '../api/get-order-item';
import { lineAmount } from '../lib/amounts';
import { ORDERS_TEXT } from '../lib/texts';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ReviewForm } from './review-form';

/**
 * The item popup (spec 3 §2): the order id, the item's status, the item, and for an item that is
 * confirmed, packed, shipped or delivered the rating and review form.
 */
export function ItemDialog({ orderId, itemId, onClose }: { orderId: string; itemId: number; onClose: () => void }) {
  const item = useOrderItem(orderId, itemId);

  let body;
  if (item.isPending) {
    body = (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading the item
        </p>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else if (item.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p role="alert" className="text-red-700">
          {item.error.message}
        </p>
        <Button variant="secondary" onClick={() => void item.refetch()} className="px-4 py-1.5">
          {ORDERS_TEXT.tryAgain}
        </Button>
      </div>
    );
  } else {
    const detail = item.data;
    const src = assetUrl(detail.image);
    body = (
      <>
        <p className="text-sm text-ink">
          Status: <span className="font-semibold">{orderStatusLabel(detail.curr_status)}</span>
          <span className="text-muted"> · {formatOrderDate(detail.curr_updated_at)}</span>
        </p>
        <div className="flex gap-4">
          {src ? (
            <img src={src} alt="" width={80} height={96} className="h-24 w-20 shrink-0 rounded-lg bg-maroon-50 object-cover" />
          ) : null}
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <Link to={productPath({ id: detail.item_id, title: detail.item_title })} className="font-semibold text-ink hover:underline">
              {detail.item_title}
            </Link>
            <p>
              <span className="font-semibold text-ink">{formatINR(lineAmount(detail.selling_price, detail.quantity))}</span>
              <span className="text-muted">
                {' '}
                ({formatINR(detail.selling_price)} × {detail.quantity})
              </span>
              {detail.original_price > detail.selling_price ? (
                <s className="ml-2 text-muted">
                  <span className="sr-only">Original price: </span>
                  {formatINR(lineAmount(detail.original_price, detail.quantity))}
                </s>
              ) : null}
            </p>
            <p className="text-muted">Quantity: {detail.quantity}</p>
          </div>
        </div>
        {isReviewable(detail.curr_status) ? <ReviewForm orderId={orderId} itemId={itemId} onSaved={onClose} /> : null}
      </>
    );
  }

  return (
    <ModalDialog title="Order item" subtitle={`Order ID: ${orderId}`} onClose={onClose}>
      {body}
    </ModalDialog>
  );
}
