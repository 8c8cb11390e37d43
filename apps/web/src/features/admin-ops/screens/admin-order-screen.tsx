import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ADMIN_OPS_MESSAGES,
  DECLINE_RETURN_ACTION_LABEL,
  REFUND_ACTION_LABEL,
  REFUNDABLE_ITEM_STATUS,
  STAFF_ACTION_LABELS,
  type AdminOrderDetail,
  type AdminOrderLine,
} from '@ssd/shared/admin-ops';
import { formatOrderDate } from '@ssd/shared/dates';
import { formatINR } from '@ssd/shared/money';
import { orderStatusLabel, ORDER_STATUS_LABELS, PAYMENT_MODE_LABELS } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { describeFailure } from '../../../lib/failure-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isNotFound } from '../api/admin-read';
import { useAdminOrder } from '../api/get-admin-order';
import { useChangeOrder, type OrderChange } from '../api/update-order';
import { ConfirmDialog, type ConfirmNotice } from '../components/confirm-dialog';
import { DeclineReturnDialog } from '../components/decline-return-dialog';
import { OrderHistory } from '../components/order-history';
import { OrderLines } from '../components/order-lines';
import { QueryStates } from '../components/query-states';
import { ADMIN_OPS_PATHS } from '../lib/admin-ops-paths';
import { ADMIN_OPS_TEXT } from '../lib/texts';

/** A change waiting for staff to confirm it, with the question the dialog asks. */
interface PendingChange {
  change: OrderChange;
  title: string;
  question: string;
  confirmLabel: string;
}

function moveQuestion(change: Extract<OrderChange, { kind: 'move' }>, line: AdminOrderLine): PendingChange {
  return {
    change,
    title: STAFF_ACTION_LABELS[change.status],
    question: `Move "${line.title}" from ${orderStatusLabel(line.item_status)} to ${ORDER_STATUS_LABELS[change.status]}? The shopper sees the new status and is sent an email.`,
    confirmLabel: STAFF_ACTION_LABELS[change.status],
  };
}

function refundQuestion(order: AdminOrderDetail): PendingChange {
  const titles = order.lines.filter((line) => line.item_status === REFUNDABLE_ITEM_STATUS).map((line) => line.title);
  return {
    change: { kind: 'refund' },
    title: REFUND_ACTION_LABEL,
    question: `Refund ${titles.join(', ')} to the shopper through the payment provider? The money goes back to the payment of ${order.order_id}; this cannot be undone.`,
    confirmLabel: REFUND_ACTION_LABEL,
  };
}

/** A refund asked for and not yet confirmed: asking again would only be refused (409). */
const refundInProgress = (order: AdminOrderDetail) => order.refunds.some((refund) => refund.status === 'pending');

function OrderSummary({ order }: { order: AdminOrderDetail }) {
  const { customer } = order;
  const address = customer.address;
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-maroon-100 bg-white p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">Status</dt>
        <dd className="font-semibold">{orderStatusLabel(order.status)}</dd>
      </div>
      <div>
        <dt className="text-muted">Placed on</dt>
        <dd>{formatOrderDate(order.placed_on)}</dd>
      </div>
      <div>
        <dt className="text-muted">Payment</dt>
        <dd>
          {PAYMENT_MODE_LABELS[order.payment_mode]}, {order.payment_status}
          {order.payment_id ? ` (${order.payment_id})` : ''}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Amount</dt>
        <dd>
          {formatINR(order.amount)} (paid {formatINR(order.amount_paid)})
        </dd>
      </div>
      <div>
        <dt className="text-muted">Customer</dt>
        <dd>
          {customer.name}, {customer.email}, {customer.contact}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Deliver to</dt>
        <dd>
          {[address.full_name, address.line1, address.line2, address.city, address.state, address.pin_code].filter(Boolean).join(', ')}
        </dd>
      </div>
    </dl>
  );
}

/**
 * /admin/orders/{id}: fulfilment and returns. Each item offers the one step staff may take from its
 * status; a received return is refunded through the payment provider. Every step asks first.
 */
export function AdminOrderScreen() {
  const orderId = useParams().id ?? '';
  useDocumentTitle(`${ADMIN_OPS_TEXT.order} ${orderId}`);
  const query = useAdminOrder(orderId);
  const change = useChangeOrder(orderId);
  const { showToast } = useToast();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState<ConfirmNotice | null>(null);
  /** The items of the return request being declined (its dialog asks for the reason). */
  const [declining, setDeclining] = useState<string[] | null>(null);

  function ask(next: PendingChange) {
    setNotice(null);
    setPending(next);
  }

  function confirm() {
    if (pending) run(pending.change);
  }

  function run(next: OrderChange) {
    if (change.isPending) return;
    setNotice(null);
    change.mutate(next, {
      onSuccess: ({ message }) => {
        setPending(null);
        setDeclining(null);
        if (message) showToast(message, 'success');
      },
      onError: (error) => {
        const { message, warning } = describeFailure(error);
        setNotice({ text: message, tone: warning ? 'warning' : 'error' });
      },
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <Link to={ADMIN_OPS_PATHS.orders} className="text-sm font-semibold text-maroon-700 underline">
        {ADMIN_OPS_TEXT.backToOrders}
      </Link>
      <h1 className="font-serif text-2xl font-semibold text-maroon-800">
        {ADMIN_OPS_TEXT.order} {orderId}
      </h1>
      {query.isError && isNotFound(query.error) ? (
        <p role="alert" className="py-8 text-center text-ink">
          {query.error.message}
        </p>
      ) : (
        <QueryStates query={query} loadingLabel={ADMIN_OPS_TEXT.loadingOrder} emptyText="" isEmpty={() => false}>
          {(order) => (
            <>
              <OrderSummary order={order} />
              <OrderLines
                lines={order.lines}
                busy={change.isPending}
                onChange={(next, line) => {
                  if (next.kind === 'move') ask(moveQuestion(next, line));
                }}
              />
              {order.lines.some((line) => line.item_status === 'return_requested') ? (
                <Button
                  variant="secondary"
                  className="self-start"
                  disabled={change.isPending}
                  onClick={() => {
                    setNotice(null);
                    setDeclining(order.lines.filter((line) => line.item_status === 'return_requested').map((line) => line.title));
                  }}
                >
                  {DECLINE_RETURN_ACTION_LABEL}
                </Button>
              ) : null}
              {order.lines.some((line) => line.item_status === REFUNDABLE_ITEM_STATUS) ? (
                <>
                  <Button className="self-start" disabled={change.isPending || refundInProgress(order)} onClick={() => ask(refundQuestion(order))}>
                    {REFUND_ACTION_LABEL}
                  </Button>
                  {refundInProgress(order) ? <p className="text-sm text-muted">{ADMIN_OPS_MESSAGES.refundInProgress}</p> : null}
                </>
              ) : null}
              <OrderHistory order={order} />
            </>
          )}
        </QueryStates>
      )}
      {pending ? (
        <ConfirmDialog
          title={pending.title}
          confirmLabel={pending.confirmLabel}
          busyLabel={ADMIN_OPS_TEXT.saving}
          busy={change.isPending}
          notice={notice}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        >
          <p>{pending.question}</p>
        </ConfirmDialog>
      ) : null}
      {declining ? (
        <DeclineReturnDialog
          titles={declining}
          busy={change.isPending}
          busyLabel={ADMIN_OPS_TEXT.saving}
          notice={notice}
          onDecline={(reason) => run({ kind: 'declineReturn', reason })}
          onClose={() => setDeclining(null)}
        />
      ) : null}
    </section>
  );
}
