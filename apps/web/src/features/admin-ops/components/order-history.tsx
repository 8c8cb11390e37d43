import type { AdminOrderDetail, AdminRefund } from '@ssd/shared/admin-ops';
import { formatINR } from '@ssd/shared/money';
import { SUPPORT_ISSUE_LABELS, SUPPORT_STATUS_LABELS } from '@ssd/shared/support';
import { dateTimeText } from '../lib/texts';

const HEADING = 'text-base font-semibold text-ink';

/** A return refund not done yet says so, with the reason it failed (docs/decisions/0038). */
function refundStatusText(refund: AdminRefund): string {
  if (refund.status === 'pending') return ' — pending: waiting for the payment provider to confirm it';
  if (refund.status === 'failed') return ` — failed: ${refund.error ?? 'the payment provider gave no reason'}`;
  return '';
}

/** The order's refunds, its support request and its audit trail (who did what, when), newest first. */
export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  const request = order.support_request;
  return (
    <>
      {order.refunds.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className={HEADING}>Refunds</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.refund_id}>
                {refund.refund_id}: {refund.amount === null ? 'the rest of the payment' : formatINR(refund.amount)} (
                {refund.reason === 'return' ? 'returned items' : 'late payment'})
                {refund.created_at ? `, ${dateTimeText(refund.created_at)}` : ''}
                {refundStatusText(refund)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {request ? (
        <section className="flex flex-col gap-1 text-sm">
          <h2 className={HEADING}>Support request</h2>
          <p>
            {SUPPORT_ISSUE_LABELS[request.issue_type]}, {SUPPORT_STATUS_LABELS[request.status]}, {dateTimeText(request.created_at)}
          </p>
          <p className="break-words whitespace-pre-line">{request.message}</p>
          {request.staff_reply ? <p className="break-words whitespace-pre-line text-muted">Reply: {request.staff_reply}</p> : null}
        </section>
      ) : null}
      {order.audit.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className={HEADING}>History</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {order.audit.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.created_at}>{dateTimeText(entry.created_at)}</time>: {entry.action} {entry.entity}{' '}
                {entry.entity_id}
                {entry.actor_email ? ` by ${entry.actor_email}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
