import { Link, useSearchParams } from 'react-router';
import { formatOrderDate } from '@ssd/shared/dates';
import { formatINR } from '@ssd/shared/money';
import { orderStatusLabel, PAYMENT_MODE_LABELS } from '@ssd/shared/status';
import type { AdminOrderList, AdminOrderSummary } from '@ssd/shared/admin-ops';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrders } from '../api/get-admin-orders';
import { OrderFilterForm } from '../components/order-filter-form';
import { QueryStates } from '../components/query-states';
import { ADMIN_OPS_PATHS } from '../lib/admin-ops-paths';
import { readOrderFilters } from '../lib/order-filters';
import { ADMIN_OPS_TEXT } from '../lib/texts';

/** The pages as one list; an order that slid to the next page while paging (a new one came first) is shown once. */
function uniqueOrders(pages: readonly AdminOrderList[]): AdminOrderSummary[] {
  const seen = new Set<string>();
  const orders: AdminOrderSummary[] = [];
  for (const order of pages.flatMap((page) => page.orders)) {
    if (seen.has(order.order_id)) continue;
    seen.add(order.order_id);
    orders.push(order);
  }
  return orders;
}

function OrderTable({ orders, total }: { orders: AdminOrderSummary[]; total: number }) {
  return (
    <>
      <p className="text-sm text-muted">
        Showing {orders.length} of {total}
      </p>
      <div className="overflow-x-auto rounded-2xl border border-maroon-100 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-maroon-50 text-maroon-800">
            <tr>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Placed on</th>
              <th scope="col" className="px-3 py-2">Customer</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Payment</th>
              <th scope="col" className="px-3 py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-maroon-100">
            {orders.map((order) => (
              <tr key={order.order_id}>
                <td className="px-3 py-2 font-semibold">
                  <Link to={ADMIN_OPS_PATHS.order(order.order_id)} className="text-maroon-700 underline">
                    {order.order_id}
                  </Link>
                </td>
                <td className="px-3 py-2">{formatOrderDate(order.placed_on)}</td>
                <td className="px-3 py-2">
                  {order.customer_name}
                  <span className="block text-xs text-muted">{order.customer_email}</span>
                </td>
                <td className="px-3 py-2">{orderStatusLabel(order.status)}</td>
                <td className="px-3 py-2">
                  {PAYMENT_MODE_LABELS[order.payment_mode]}, {order.payment_status}
                </td>
                <td className="px-3 py-2 text-right">{formatINR(order.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * /admin/orders: every order, newest first, with the filters in the address (?status=&from=&to=&q=) so
 * a filtered list can be shared or reloaded; pages of 20 with Load more.
 */
export function AdminOrdersScreen() {
  useDocumentTitle(ADMIN_OPS_TEXT.orders);
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const query = useAdminOrders(filters);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="font-serif text-2xl font-semibold text-maroon-800">{ADMIN_OPS_TEXT.orders}</h1>
      <OrderFilterForm filters={filters} onApply={(next) => setParams(next)} />
      <QueryStates
        query={query}
        loadingLabel={ADMIN_OPS_TEXT.loadingOrders}
        emptyText={ADMIN_OPS_TEXT.noOrders}
        isEmpty={(data) => data.pages.every((page) => page.orders.length === 0)}
      >
        {(data) => (
          <>
            <OrderTable orders={uniqueOrders(data.pages)} total={data.pages.at(-1)?.total ?? 0} />
            {query.hasNextPage ? (
              <Button variant="secondary" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? ADMIN_OPS_TEXT.loadingMore : ADMIN_OPS_TEXT.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </QueryStates>
    </section>
  );
}
