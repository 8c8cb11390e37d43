import { desc, eq } from 'drizzle-orm';
import { isSupportable, ORDERS_MESSAGES, type SupportRequestRecord } from '@ssd/shared/orders';
import type { SupportIssueType } from '@ssd/shared/support';
import type { Database } from '../../db/client';
import { supportRequests } from '../../db/schema';
import { fail } from '../../lib/envelope';
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
  const [created] = await db
    .insert(supportRequests)
    .values({ order_id: order.id, user_id: userId, issue_type: input.issue_type, message: input.message, created_at: now, updated_at: now })
    .onConflictDoNothing({ target: supportRequests.order_id })
    .returning({ id: supportRequests.id });
  if (!created) throw fail.conflict(ORDERS_MESSAGES.supportExists);
  return created;
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
  }));
}
