import { and, eq } from 'drizzle-orm';
import type { CustomerDetails } from '@ssd/shared/checkout';
import { STORE_NAME } from '@ssd/shared/constants';
import { formatOrderDate } from '@ssd/shared/dates';
import { orderStatusLabel, type OrderStatus } from '@ssd/shared/status';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/locks';
import { orderLines, orders } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { queueMail } from '../mail-outbox/queue';
import type { OutboxRow } from '../mail-outbox/sender';
import { escapeHtml, mailHtml } from './mail-layout';

export const ITEM_STATUS_KIND = 'item_status';
/** The subject's words when staff declined an item's return request (the item is delivered again). */
export const RETURN_DECLINED_TITLE = 'Return request declined';

/**
 * The item statuses a shopper is told about by mail: every change after the confirmation (which has its
 * own mail). Statuses before payment (pending, failed, expired) are never mailed.
 */
export const MAILED_ITEM_STATUSES: readonly OrderStatus[] = [
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'return_requested',
  'return_request_accepted',
  'return_accepted',
  'refund_done',
];

/** One mail per line and status: a repeated or retried change never mails twice. */
export const itemStatusKey = (orderId: string, lineId: number, status: OrderStatus) => `${ITEM_STATUS_KIND}:${orderId}:${lineId}:${status}`;

export interface ItemStatusChange {
  orderId: string;
  /** The order line (order_lines.id) whose status changed. */
  lineId: number;
  status: OrderStatus;
  /**
   * Set when staff declined the item's return request (back to delivered): the mail says so and why.
   * Its own key, since the item's first "delivered" mail already holds the plain one.
   */
  returnDeclinedReason?: string | undefined;
}

/**
 * For the admin console: call it inside the transaction that changes an item's status, once the update
 * has actually moved the line. Queues the mail to the email the order was placed with; answers false
 * (and queues nothing) for a status that is not mailed, a line not of that order, or a change already
 * announced.
 */
export async function queueItemStatusMail(tx: Transaction, change: ItemStatusChange, at: Date): Promise<boolean> {
  if (!MAILED_ITEM_STATUSES.includes(change.status)) return false;
  const [found] = await tx
    .select({ customer: orders.customer_details })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(eq(orderLines.id, change.lineId), eq(orderLines.order_id, change.orderId)));
  if (!found) return false;
  const customer = JSON.parse(found.customer) as CustomerDetails;
  const declined = change.returnDeclinedReason;
  return queueMail(
    tx,
    {
      // A declined return is its own change each time (the order's row lock keeps one decline from running twice).
      dedupeKey: itemStatusKey(change.orderId, change.lineId, change.status) + (declined === undefined ? '' : `:return_declined:${at.toISOString()}`),
      kind: ITEM_STATUS_KIND,
      recipient: customer.email,
      payload: {
        order_id: change.orderId,
        line_id: change.lineId,
        status: change.status,
        changed_at: at.toISOString(),
        ...(declined === undefined ? {} : { return_declined_reason: declined }),
      },
    },
    at,
  );
}

/** The outbox's renderer: the status the change set (from the payload), the line as it is stored. */
export async function renderItemStatusMail(db: Database, row: OutboxRow): Promise<MailMessage> {
  const payload = row.payload as { order_id?: unknown; line_id?: unknown; status?: unknown; changed_at?: unknown; return_declined_reason?: unknown };
  const orderId = String(payload.order_id);
  const [found] = await db
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(eq(orderLines.id, Number(payload.line_id)), eq(orderLines.order_id, orderId)));
  if (!found) throw new Error(`line ${String(payload.line_id)} of order ${orderId} (mail ${row.id}) does not exist`);
  const customer = JSON.parse(found.order.customer_details) as CustomerDetails;
  const label = orderStatusLabel(String(payload.status));
  const { title, quantity } = found.line;
  const when = formatOrderDate(String(payload.changed_at));
  const declinedReason = typeof payload.return_declined_reason === 'string' ? payload.return_declined_reason : null;
  const subject = `Update on your ${STORE_NAME} order ${orderId}: ${title} — ${declinedReason === null ? label : RETURN_DECLINED_TITLE}`;
  const [before, after] = declinedReason === null ? ['An item of your order ', ' has a new status.'] : ['We have declined the return request for an item of your order ', '.'];
  const opening = `${before}${orderId}${after}`;
  const text = [
    `Hello ${customer.name},`,
    '',
    opening,
    '',
    `${title} (Qty: ${quantity})`,
    ...(declinedReason === null ? [] : [`Reason: ${declinedReason}`]),
    `Status: ${label} (${when})`,
    '',
    'You can follow the order under My Orders.',
  ].join('\n');
  const reasonHtml = declinedReason === null ? '' : `<br>Reason: ${escapeHtml(declinedReason)}`;
  const html = mailHtml(
    subject,
    `<p>Hello ${escapeHtml(customer.name)},</p>
<p>${escapeHtml(before)}<strong>${escapeHtml(orderId)}</strong>${escapeHtml(after)}</p>
<p><strong>${escapeHtml(title)}</strong> (Qty: ${quantity})${reasonHtml}<br>Status: <strong>${escapeHtml(label)}</strong> (${escapeHtml(when)})</p>
<p>You can follow the order under My Orders.</p>`,
  );
  return { to: row.recipient, subject, text, html, purpose: 'item-status' };
}
