import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { OrderDetails } from '@ssd/shared/orders';
import { ORDERS_MESSAGES } from '@ssd/shared/orders-messages';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isNotFound } from '../api/checked-get';
import { useOrderDetailsList } from '../api/get-order-details';
import { OrderDetailsView } from '../components/order-details-view';
import { readOrderIds } from '../lib/order-paths';
import { ORDERS_TEXT } from '../lib/texts';

// The dialogs come with their forms' contracts (zod): loaded when one opens, not with the page (decisions/0058).
const ItemDialog = lazy(() => import('../components/item-dialog').then((m) => ({ default: m.ItemDialog })));
const SupportDialog = lazy(() => import('../components/support-dialog').then((m) => ({ default: m.SupportDialog })));

/** spec 3 §2: the not-found text with Refresh (asks again) and My Orders; a path without an id has nothing to ask again. */
function OrderNotFound({ onRefresh }: { onRefresh?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-maroon-100 bg-white px-4 py-10 text-center">
      <p className="text-lg text-ink">{ORDERS_MESSAGES.orderNotFound}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {onRefresh ? (
          <Button variant="secondary" onClick={onRefresh}>
            {ORDERS_TEXT.refresh}
          </Button>
        ) : null}
        <Link to={SCREENS.orders.path} className={buttonClasses('primary')}>
          {ORDERS_TEXT.myOrders}
        </Link>
      </div>
    </div>
  );
}

function OrderState({
  query,
  onOpenItem,
  onSupport,
}: {
  query: UseQueryResult<OrderDetails>;
  onOpenItem: (orderId: string, itemId: number) => void;
  onSupport: (orderId: string) => void;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {ORDERS_TEXT.loadingOrder}
        </p>
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <OrderNotFound onRefresh={() => void query.refetch()} />;
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert" className="text-ink">
          {query.error.message}
        </p>
        <Button onClick={() => void query.refetch()}>{ORDERS_TEXT.tryAgain}</Button>
      </div>
    );
  }
  return <OrderDetailsView order={query.data} onOpenItem={onOpenItem} onSupport={onSupport} />;
}

/**
 * /orders/details/{id+}, Order details (spec 3 §2): each order of the path, one after the other. The
 * item popup and Order Support open from here; the route's login guard takes a -2 to login.
 */
export function OrderDetailsScreen() {
  useDocumentTitle(ORDERS_TEXT.orderDetails);
  const orderIds = readOrderIds(useParams()['*']);
  const queries = useOrderDetailsList(orderIds);
  const [openItem, setOpenItem] = useState<{ orderId: string; itemId: number } | null>(null);
  const [supportFor, setSupportFor] = useState<string | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <h1 className="heading-page">{ORDERS_TEXT.orderDetails}</h1>
      {orderIds.length === 0 ? (
        <OrderNotFound />
      ) : (
        orderIds.map((orderId, index) => (
          <OrderState
            key={orderId}
            query={queries[index]!}
            onOpenItem={(order, itemId) => setOpenItem({ orderId: order, itemId })}
            onSupport={setSupportFor}
          />
        ))
      )}
      <Suspense fallback={null}>
        {openItem ? <ItemDialog orderId={openItem.orderId} itemId={openItem.itemId} onClose={() => setOpenItem(null)} /> : null}
        {supportFor ? <SupportDialog orderId={supportFor} onClose={() => setSupportFor(null)} /> : null}
      </Suspense>
    </div>
  );
}
