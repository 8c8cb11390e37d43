import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderStatusFromItems } from '@ssd/shared/admin-ops';
import type { OrderStatus } from '@ssd/shared/status';
import type { Transaction } from '../../../db/locks';
import { orderLines, orders } from '../../../db/schema';
import { queueItemStatusMail, type ItemStatusChange } from '../../order-mail/item-status-mail';
import { recordAudit } from '../audit';

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The order's row locked for the rest of the transaction, with its lines: every change of an item's
 * status takes it first, so two staff (or staff and the shopper's return request) never interleave.
 */
export async function lockOrderWithLines(tx: Transaction, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return null;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.id));
  return { order, lines };
}

export interface LineMove {
  orderId: string;
  lines: readonly OrderLineRow[];
  to: OrderStatus;
  /** Who moved them: staff, or the shopper whose return request it was. */
  actorId: string;
  /** The audit entry's action, e.g. order.items.status. */
  action: string;
  /** Anything the audit entry should keep besides the statuses (e.g. a refund id). */
  details?: Record<string, unknown>;
  /** What the shopper's mail says besides the new status (a declined return's reason). */
  mail?: Pick<ItemStatusChange, 'returnDeclinedReason'>;
}

/**
 * Moves lines of a locked order (lockOrderWithLines) to a status in one go, the way every status change
 * after payment must happen: each line's mail queued (the shopper's mails follow), the order's own
 * status recomputed from its items (orderStatusFromItems, the one rule), and one audit entry with the
 * statuses before and after. Answers the order's new status.
 */
export async function moveLines(tx: Transaction, move: LineMove, allLines: readonly OrderLineRow[], now: Date): Promise<OrderStatus> {
  const ids = move.lines.map((line) => line.id);
  await tx
    .update(orderLines)
    .set({ item_status: move.to, item_updated_at: now })
    .where(and(eq(orderLines.order_id, move.orderId), inArray(orderLines.id, ids)));
  for (const id of ids) await queueItemStatusMail(tx, { orderId: move.orderId, lineId: id, status: move.to, ...move.mail }, now);

  const statuses = allLines.map((line) => (ids.includes(line.id) ? move.to : line.item_status));
  const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, move.orderId));
  const orderStatus = orderStatusFromItems(statuses);
  await tx.update(orders).set({ status: orderStatus, updated_at: now }).where(eq(orders.id, move.orderId));

  await recordAudit(tx, {
    actorId: move.actorId,
    action: move.action,
    entity: 'order',
    entityId: move.orderId,
    before: { status: before?.status ?? null, lines: move.lines.map((line) => ({ line_id: line.id, item_status: line.item_status })) },
    after: { status: orderStatus, lines: ids.map((id) => ({ line_id: id, item_status: move.to })), ...move.details },
  });
  return orderStatus;
}
