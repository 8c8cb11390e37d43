import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_OPS_MESSAGES, REFUNDABLE_ITEM_STATUS } from '@ssd/shared/admin-ops';
import { ResponseCode } from '@ssd/shared/api';
import type { Transaction } from '../../../db/locks';
import { orderLines } from '../../../db/schema';
import { AppError, fail } from '../../../lib/envelope';
import type { AdminContext } from '../plugin';
import { lockOrderWithLines, moveLines, type OrderLineRow } from './item-moves';

/** The audit action of a return's refund; its `after` keeps refund_id and refund_amount_paise. */
export const REFUND_ACTION = 'order.refund';

export type RefundOutcome = 'refunded' | 'already-refunded';

/**
 * POST /api/admin/orders/{id}/refund: pays back the items whose return was received (return_accepted)
 * through the payment provider, then marks them refund_done (mails, order status, audit with the refund
 * id). Refunds once however often it is called, even at the same moment:
 * 1. in one transaction the returned lines are claimed by moving them to refund_done (the order's row is
 *    locked, so only one caller finds them still return_accepted; a later caller finds them refunded);
 * 2. the provider is asked outside any transaction (the sandbox answers from this same database);
 * 3. a second transaction records the refund (mails, order status, audit); had the provider refused,
 *    the lines go back to return_accepted so staff can try again.
 * All of the order's remaining items returned at once refunds what is left of the payment (delivery and
 * fees too); otherwise the returned lines' prices and GST.
 */
export async function refundReturnedItems(ctx: AdminContext, actorId: string, orderId: string): Promise<RefundOutcome> {
  const claim = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrderWithLines(tx, orderId);
    if (!locked) throw fail.notFound(ADMIN_OPS_MESSAGES.orderNotFound);
    const returned = locked.lines.filter((line) => line.item_status === REFUNDABLE_ITEM_STATUS);
    if (returned.length === 0) {
      if (locked.lines.some((line) => line.item_status === 'refund_done')) return null;
      throw fail.conflict(ADMIN_OPS_MESSAGES.nothingToRefund);
    }
    if (locked.order.payment_mode !== 'online' || !locked.order.payment_id) throw fail.conflict(ADMIN_OPS_MESSAGES.notPaidOnline);
    await setLines(tx, orderId, returned, 'refund_done');
    const rest = locked.lines.filter((line) => !returned.includes(line) && line.item_status !== 'cancelled' && line.item_status !== 'refund_done');
    const amountPaise = rest.length === 0 ? undefined : returned.reduce((sum, line) => sum + line.selling_price_paise * line.quantity + line.gst_amount_paise, 0);
    return { paymentId: locked.order.payment_id, returned, amountPaise };
  });
  if (!claim) return 'already-refunded';

  let refund;
  try {
    refund = await ctx.payments.refundPayment(claim.paymentId, {
      ...(claim.amountPaise === undefined ? {} : { amount: claim.amountPaise }),
      notes: { order_id: orderId, reason: 'return' },
    });
  } catch (error) {
    await ctx.db.transaction((tx) => setLines(tx, orderId, claim.returned, REFUNDABLE_ITEM_STATUS));
    throw Object.assign(new AppError(502, ResponseCode.FAILURE, ADMIN_OPS_MESSAGES.refundFailed), { cause: error });
  }

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrderWithLines(tx, orderId);
    await moveLines(
      tx,
      { orderId, lines: claim.returned, to: 'refund_done', actorId, action: REFUND_ACTION, details: { refund_id: refund.id, refund_amount_paise: refund.amount } },
      locked!.lines,
      now,
    );
  });
  return 'refunded';
}

/** Sets the lines' status alone: the claim and its undo, which the shopper is not told about. */
async function setLines(tx: Transaction, orderId: string, lines: readonly OrderLineRow[], status: OrderLineRow['item_status']) {
  await tx
    .update(orderLines)
    .set({ item_status: status })
    .where(
      and(
        eq(orderLines.order_id, orderId),
        inArray(
          orderLines.id,
          lines.map((line) => line.id),
        ),
      ),
    );
}
