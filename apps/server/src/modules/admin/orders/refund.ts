import { and, eq } from 'drizzle-orm';
import { ADMIN_OPS_MESSAGES, REFUNDABLE_ITEM_STATUS } from '@ssd/shared/admin-ops';
import { ResponseCode } from '@ssd/shared/api';
import { refunds } from '../../../db/schema';
import { RazorpayError } from '../../../integrations/razorpay/errors';
import type { ProviderRefund } from '../../../integrations/razorpay/types';
import { AppError, fail } from '../../../lib/envelope';
import type { AdminContext } from '../plugin';
import { lockOrderWithLines } from './item-moves';
import { markRefundFailed, providerRefundRequest, recordProviderRefund, type RefundRow } from './refund-records';

export { REFUND_ACTION } from './refund-records';

/** refunded: made and recorded; pending: asked for, the provider's answer lost (the sweeper finishes it). */
export type RefundOutcome = 'refunded' | 'already-refunded' | 'pending';

/**
 * POST /api/admin/orders/{id}/refund: pays back the items whose return was received (return_accepted)
 * through the payment provider, then marks them refund_done (mails, order status, audit with the refund
 * id). Durable, like a workflow step with its undo (docs/decisions/0038):
 * 1. one transaction records a pending refund (table refunds, our refund key as its id) for the returned
 *    lines, which stay return_accepted; the order's row is locked and an order has at most one pending
 *    refund, so a second caller is told one is in progress and nothing is paid twice;
 * 2. the provider is asked outside any transaction, with our key in the notes, as the receipt and as
 *    the idempotency key;
 * 3. its refund is recorded (recordProviderRefund: done, lines to refund_done, once). A refusal marks the
 *    refund failed and leaves the lines to try again; no answer at all (a crash, a timeout, a lost
 *    answer) leaves it pending, and the refund sweeper (refund-sweeper.ts) finds it by its key.
 * All of the order's remaining items returned at once refunds what is left of the payment (delivery and
 * fees too); otherwise the returned lines' prices and GST.
 */
export async function refundReturnedItems(ctx: AdminContext, actorId: string, orderId: string): Promise<RefundOutcome> {
  const refund = await claimRefund(ctx, actorId, orderId);
  if (!refund) return 'already-refunded';

  let made: ProviderRefund;
  try {
    made = await ctx.payments.refundPayment(refund.payment_id, providerRefundRequest(refund));
  } catch (error) {
    if (!(error instanceof RazorpayError)) return 'pending';
    await markRefundFailed(ctx.db, refund.id, ADMIN_OPS_MESSAGES.refundRefusedByProvider(error.description), ctx.now());
    throw Object.assign(new AppError(502, ResponseCode.FAILURE, ADMIN_OPS_MESSAGES.refundFailed), { cause: error });
  }
  await recordProviderRefund(ctx.db, refund.id, made, ctx.now());
  // A refund the provider took but reports failed is recorded failed, like a refusal.
  if (made.status === 'failed') throw new AppError(502, ResponseCode.FAILURE, ADMIN_OPS_MESSAGES.refundFailed);
  return 'refunded';
}

/** Step 1: the pending refund of the order's returned lines, or null when they were all refunded already. */
async function claimRefund(ctx: AdminContext, actorId: string, orderId: string): Promise<RefundRow | null> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockOrderWithLines(tx, orderId);
    if (!locked) throw fail.notFound(ADMIN_OPS_MESSAGES.orderNotFound);
    const [inProgress] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.order_id, orderId), eq(refunds.status, 'pending')));
    if (inProgress) throw fail.conflict(ADMIN_OPS_MESSAGES.refundInProgress);
    const returned = locked.lines.filter((line) => line.item_status === REFUNDABLE_ITEM_STATUS);
    if (returned.length === 0) {
      if (locked.lines.some((line) => line.item_status === 'refund_done')) return null;
      throw fail.conflict(ADMIN_OPS_MESSAGES.nothingToRefund);
    }
    if (locked.order.payment_mode !== 'online' || !locked.order.payment_id) throw fail.conflict(ADMIN_OPS_MESSAGES.notPaidOnline);
    const rest = locked.lines.filter((line) => !returned.includes(line) && line.item_status !== 'cancelled' && line.item_status !== 'refund_done');
    const amountPaise = rest.length === 0 ? null : returned.reduce((sum, line) => sum + line.selling_price_paise * line.quantity + line.gst_amount_paise, 0);
    const now = ctx.now();
    const [refund] = await tx
      .insert(refunds)
      .values({
        order_id: orderId,
        line_ids: returned.map((line) => line.id),
        amount_paise: amountPaise,
        payment_id: locked.order.payment_id,
        actor_id: actorId,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return refund!;
  });
}
