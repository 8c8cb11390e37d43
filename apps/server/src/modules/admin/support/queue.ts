import { asc, count, eq, inArray } from 'drizzle-orm';
import { ADMIN_OPS_MESSAGES, OPEN_SUPPORT_STATUSES, type AdminSupportList, type AdminSupportRequest } from '@ssd/shared/admin-ops';
import type { CustomerDetails } from '@ssd/shared/checkout';
import type { SupportStatus } from '@ssd/shared/support';
import type { Database } from '../../../db/client';
import { orders, supportRequests } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';
import { supportRequestAnswer } from '../orders/queries';

export const SUPPORT_UPDATE_ACTION = 'support_request.update';

/** GET /api/admin/support: requests across all orders, oldest first; without a status, those still open. */
export async function listSupportQueue(db: Database, query: { status?: SupportStatus | undefined; limit: number; offset: number }): Promise<AdminSupportList> {
  const where = query.status ? eq(supportRequests.status, query.status) : inArray(supportRequests.status, [...OPEN_SUPPORT_STATUSES]);
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: supportRequests, customer: orders.customer_details })
      .from(supportRequests)
      .innerJoin(orders, eq(orders.id, supportRequests.order_id))
      .where(where)
      .orderBy(asc(supportRequests.created_at), asc(supportRequests.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(supportRequests).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    requests: rows.map(({ request, customer }) => supportRequestAnswer(request, JSON.parse(customer) as CustomerDetails)),
  };
}

/**
 * PATCH /api/admin/support/{id}: staff's reply and/or a new status, with the audit entry in the same
 * transaction. A reply replaces the previous one and records who wrote it and when; the shopper sees it
 * under Previous requests (GET /api/order/support/{id}).
 */
export async function updateSupportRequest(
  db: Database,
  actorId: string,
  id: number,
  change: { staff_reply?: string | undefined; status?: SupportStatus | undefined },
  now: Date,
): Promise<AdminSupportRequest> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
    if (!before) throw fail.notFound(ADMIN_OPS_MESSAGES.supportNotFound);
    const reply = change.staff_reply === undefined ? {} : { staff_reply: change.staff_reply, replied_at: now, replied_by: actorId };
    const [after] = await tx
      .update(supportRequests)
      .set({ ...reply, ...(change.status ? { status: change.status } : {}), updated_at: now })
      .where(eq(supportRequests.id, id))
      .returning();
    const pick = (row: typeof before) => ({ status: row.status, staff_reply: row.staff_reply, replied_at: row.replied_at?.toISOString() ?? null });
    await recordAudit(tx, { actorId, action: SUPPORT_UPDATE_ACTION, entity: 'support_request', entityId: id, before: pick(before), after: pick(after!) });
    const [order] = await tx.select({ customer: orders.customer_details }).from(orders).where(eq(orders.id, after!.order_id));
    return supportRequestAnswer(after!, JSON.parse(order!.customer) as CustomerDetails);
  });
}
