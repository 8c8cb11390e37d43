import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PackageOpen } from 'lucide-react';
import { ORDERS_MESSAGES } from '@ssd/shared/orders-messages';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEndMarker } from '../../../lib/use-end-marker';
import { flattenOrders, useOrderList } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { ORDERS_TEXT } from '../lib/texts';

// Loaded when a shopper first opens it: its code (and the modal's) is not needed to show the list,
// which the page's largest paint waits for (issue 12).
const SupportDialog = lazy(() => import('../components/support-dialog').then((m) => ({ default: m.SupportDialog })));

function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <p role="alert" className="text-ink">
        {message}
      </p>
      <Button onClick={onRetry}>{ORDERS_TEXT.tryAgain}</Button>
    </div>
  );
}

/**
 * /orders, My Orders (spec 3 §2): the shopper's orders newest first, five at a time as the end of the
 * list comes into view. The route's login guard takes a -2 to the login screen with 'Please login to
 * continue.' (spec 3 §8).
 */
export function MyOrdersScreen() {
  useDocumentTitle(ORDERS_TEXT.myOrders);
  const list = useOrderList();
  const [supportFor, setSupportFor] = useState<string | null>(null);
  const orders = flattenOrders(list.data?.pages);
  const pageCount = list.data?.pages.length ?? 0;
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  const endRef = useEndMarker(() => void list.fetchNextPage(), canLoadMore, pageCount);

  let body;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          {ORDERS_TEXT.loadingOrders}
        </p>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-48 w-full rounded-2xl" />
        ))}
      </div>
    );
  } else if (list.isError && orders.length === 0) {
    body = <LoadFailure message={list.error.message} onRetry={() => void list.refetch()} />;
  } else if (orders.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-maroon-300" />
        <p className="text-lg text-ink">{ORDERS_MESSAGES.noOrders}</p>
        <Link to={SCREENS.shop.path} className={buttonClasses('primary')}>
          {ORDERS_TEXT.shopNow}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label="Your orders" className="flex flex-col gap-4">
          {orders.map((order) => (
            <OrderCard key={order.order_id} order={order} onSupport={setSupportFor} />
          ))}
        </ul>
        {list.isFetchingNextPage ? (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              Loading more orders
            </p>
            <Skeleton className="h-48 w-full rounded-2xl" />
          </div>
        ) : null}
        {list.isFetchNextPageError ? <LoadFailure message={list.error.message} onRetry={() => void list.fetchNextPage()} /> : null}
        <div ref={endRef} data-testid="orders-end" aria-hidden="true" className="h-px" />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <h1 className="heading-page">{ORDERS_TEXT.myOrders}</h1>
      {body}
      {supportFor ? (
        <Suspense fallback={null}>
          <SupportDialog orderId={supportFor} onClose={() => setSupportFor(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
