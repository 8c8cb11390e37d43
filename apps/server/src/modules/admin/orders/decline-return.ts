import { eq } from 'drizzle-orm';
import { ADMIN_OPS_MESSAGES, returnDeclinedReply } from '@ssd/shared/admin-ops';
import type { Database } from '../../../db/client';
import { supportRequests } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';
import { SUPPORT_UPDATE_ACTION } from '../support/queue';
import { lockOrderWithLines, moveLines } from './item-moves';

/** The audit action of a declined return; its `after` keeps the reason. */
export const DECLINE_RETURN_ACTION = 'order.return.declined';

/**
 * POST /api/admin/orders/{id}/decline-return: every item of the order in return_requested goes back to
 * delivered, in one transaction with (docs/decisions/0036):
 * - the shopper's mail saying the return was declined and why (moveLines → queueItemStatusMail with the
 *   reason: the item's first "delivered" mail must not swallow it);
 * - the order's support request (the Return/Exchange request that raised it) answered with the reason
 *   and resolved, audited like a reply from the support queue.
 * Only from return_requested: once accepted, a return is received and refunded, not declined (409).
 */
export async function declineReturnRequest(db: Database, actorId: string, orderId: string, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOrderWithLines(tx, orderId);
    if (!locked) throw fail.notFound(ADMIN_OPS_MESSAGES.orderNotFound);
    const requested = locked.lines.filter((line) => line.item_status === 'return_requested');
    if (requested.length === 0) throw fail.conflict(ADMIN_OPS_MESSAGES.nothingToDecline);
    await moveLines(
      tx,
      { orderId, lines: requested, to: 'delivered', actorId, action: DECLINE_RETURN_ACTION, details: { reason }, mail: { returnDeclinedReason: reason } },
      locked.lines,
      now,
    );

    const [before] = await tx.select().from(supportRequests).where(eq(supportRequests.order_id, orderId)).for('update');
    if (!before) return;
    const [after] = await tx
      .update(supportRequests)
      .set({ staff_reply: returnDeclinedReply(reason), replied_at: now, replied_by: actorId, status: 'resolved', updated_at: now })
      .where(eq(supportRequests.id, before.id))
      .returning();
    const pick = (row: typeof before) => ({ status: row.status, staff_reply: row.staff_reply, replied_at: row.replied_at?.toISOString() ?? null });
    await recordAudit(tx, { actorId, action: SUPPORT_UPDATE_ACTION, entity: 'support_request', entityId: before.id, before: pick(before), after: pick(after!) });
  });
}
