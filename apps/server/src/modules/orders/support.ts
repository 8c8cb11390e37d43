import { desc, eq } from 'drizzle-orm';
import { isSupportable, isWithinReturnWindow, ORDERS_MESSAGES, type SupportRequestRecord } from '@ssd/shared/orders';
import type { SupportIssueType } from '@ssd/shared/support';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/locks';
import { supportRequests } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { lockOrderWithLines, moveLines } from '../admin/orders/item-moves';
import { ownOrder } from './own-order';

export interface SupportInput {
  order_id: string;
  issue_type: SupportIssueType;
  /** Already trimmed and not blank (supportRequestSchema). */
  message: string;
}

/**
 * POST /api/order/support: one request per order (spec 3 §4), on the caller's own order once it is paid
 * (SUPPORTABLE_STATUSES, docs/decisions/0025). The unique index support_requests_order_key decides a race
 * between two submissions: the insert that loses it inserts nothing and gets the spec's warning (code 0).
 */
export async function createSupportRequest(db: Database, userId: string, input: SupportInput, now: Date): Promise<{ id: number }> {
  const order = await ownOrder(db, userId, input.order_id);
  if (!isSupportable(order.status)) throw fail.unprocessable(ORDERS_MESSAGES.supportNotAllowed);
  return db.transaction(async (tx) => {
    // A return request moves the delivered items in the same transaction: a request refused as a
    // second one (below) leaves them as they were.
    if (input.issue_type === 'return') await requestReturn(tx, userId, order.id, now);
    const [created] = await tx
      .insert(supportRequests)
      .values({ order_id: order.id, user_id: userId, issue_type: input.issue_type, message: input.message, created_at: now, updated_at: now })
      .onConflictDoNothing({ target: supportRequests.order_id })
      .returning({ id: supportRequests.id });
    if (!created) throw fail.conflict(ORDERS_MESSAGES.supportExists);
    return created;
  });
}

/**
 * A Return/Exchange request (docs/decisions/0033): the order's items delivered within the return window
 * (RETURN_WINDOW_DAYS, the Returns page's number) go to return_requested, with their mails and an audit
 * entry. Refused with a message, and nothing saved, when no item is delivered yet or every delivered
 * item is past the window: the policy promises no return then, so the request would only mislead.
 */
async function requestReturn(tx: Transaction, userId: string, orderId: string, now: Date): Promise<void> {
  const locked = await lockOrderWithLines(tx, orderId);
  const delivered = (locked?.lines ?? []).filter((line) => line.item_status === 'delivered');
  if (delivered.length === 0) throw fail.unprocessable(ORDERS_MESSAGES.returnNotDelivered);
  const returnable = delivered.filter((line) => isWithinReturnWindow(line.item_updated_at, now));
  if (returnable.length === 0) throw fail.unprocessable(ORDERS_MESSAGES.returnWindowClosed);
  await moveLines(tx, { orderId, lines: returnable, to: 'return_requested', actorId: userId, action: 'order.items.return_requested' }, locked!.lines, now);
}

/** GET /api/order/support/{id}: the requests of the caller's order, newest first (at most one today). */
export async function supportRequestsOf(db: Database, userId: string, orderId: string): Promise<SupportRequestRecord[]> {
  const order = await ownOrder(db, userId, orderId);
  const rows = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.order_id, order.id))
    .orderBy(desc(supportRequests.created_at), desc(supportRequests.id));
  return rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    issue_type: row.issue_type,
    message: row.message,
    status: row.status,
    created_at: row.created_at.toISOString(),
    staff_reply: row.staff_reply,
    replied_at: row.replied_at?.toISOString() ?? null,
  }));
}
