import { and, desc, eq, ne } from 'drizzle-orm';
import { ADMIN_OPS_MESSAGES, REFUNDABLE_ITEM_STATUS, type AdminRefund } from '@ssd/shared/admin-ops';
import { paiseToRupees } from '@ssd/shared/money';
import type { Database } from '../../../db/client';
import { refunds } from '../../../db/schema';
import type { ProviderRefund, RefundRequest } from '../../../integrations/razorpay/types';
import { lockOrderWithLines, moveLines } from './item-moves';

/** The audit action of a return's refund; its `after` keeps refund_id (the provider's), refund_amount_paise and refund_key (ours). */
export const REFUND_ACTION = 'order.refund';
/** The note that carries our refund key to the provider, by which a refund whose answer was lost is found again. */
export const REFUND_KEY_NOTE = 'refund_key';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * What the provider is asked for a refund row: our key in the notes, as the receipt (Razorpay keeps both
 * on the refund) and as Razorpay's idempotency key, so the same refund is never made twice by us.
 */
export function providerRefundRequest(refund: RefundRow): RefundRequest {
  return {
    ...(refund.amount_paise === null ? {} : { amount: refund.amount_paise }),
    notes: { order_id: refund.order_id, reason: 'return', [REFUND_KEY_NOTE]: refund.id },
    receipt: refund.id,
    idempotencyKey: refund.id,
  };
}

/** Whether the provider's refund is the one made for this row. */
export const isProviderRefundOf = (refund: RefundRow, made: ProviderRefund): boolean =>
  made.notes[REFUND_KEY_NOTE] === refund.id || made.receipt === refund.id;

/**
 * The provider made the refund: in one transaction the row turns done with the provider's id, and its
 * lines move to refund_done the way every status change does (mails, order status, audit). Only a
 * pending row is recorded, so the call and the sweeper may both try and it happens once. A refund the
 * provider reports as failed is recorded as failed instead. Answers whether this call recorded it done.
 */
export async function recordProviderRefund(db: Database, refundId: string, made: ProviderRefund, now: Date): Promise<boolean> {
  if (made.status === 'failed') {
    await markRefundFailed(db, refundId, ADMIN_OPS_MESSAGES.refundFailedAtProvider, now);
    return false;
  }
  return db.transaction(async (tx) => {
    const [known] = await tx.select({ order_id: refunds.order_id }).from(refunds).where(eq(refunds.id, refundId));
    if (!known) return false;
    // The order first, as every change of its items takes it, then the row (markRefundFailed waits on it).
    const locked = await lockOrderWithLines(tx, known.order_id);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!locked || refund?.status !== 'pending') return false;
    await tx
      .update(refunds)
      .set({ status: 'done', provider_refund_id: made.id, refunded_amount_paise: made.amount, last_error: null, updated_at: now })
      .where(eq(refunds.id, refundId));
    const lines = locked.lines.filter((line) => refund.line_ids.includes(line.id) && line.item_status === REFUNDABLE_ITEM_STATUS);
    if (lines.length > 0) {
      const move = {
        orderId: refund.order_id,
        lines,
        to: 'refund_done' as const,
        // Null only when the staff member's account was erased since; the audit column takes null.
        actorId: refund.actor_id as string,
        action: REFUND_ACTION,
        details: { refund_id: made.id, refund_amount_paise: made.amount, refund_key: refund.id },
      };
      await moveLines(tx, move, locked.lines, now);
    }
    return true;
  });
}

/** The refund was not made: the row turns failed with the reason staff see; its lines stay return_accepted to try again. */
export async function markRefundFailed(db: Database, refundId: string, reason: string, now: Date): Promise<boolean> {
  const failed = await db
    .update(refunds)
    .set({ status: 'failed', last_error: reason, updated_at: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return failed.length > 0;
}

/**
 * The order's return refunds that are not done, newest first, for the order screen. Done ones are read
 * from their audit entries (queries.ts), which also hold the refunds made before this table existed.
 */
export async function unfinishedRefunds(db: Database, orderId: string): Promise<AdminRefund[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.order_id, orderId), ne(refunds.status, 'done')))
    .orderBy(desc(refunds.created_at));
  return rows.map((row) => ({
    refund_id: row.id,
    amount: row.amount_paise === null ? null : paiseToRupees(row.amount_paise),
    reason: 'return',
    created_at: row.created_at.toISOString(),
    status: row.status,
    error: row.last_error,
  }));
}
