import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AdminAuditEntry, AdminOrderDetail, AdminOrderFilters, AdminOrderList, AdminRefund, AdminSupportRequest } from '@ssd/shared/admin-ops';
import type { CustomerDetails } from '@ssd/shared/checkout';
import { STORE_TIME_ZONE } from '@ssd/shared/dates';
import { paiseToRupees } from '@ssd/shared/money';
import type { Database } from '../../../db/client';
import { auditLog, orderLines, orders, supportRequests, users } from '../../../db/schema';
import { REFUND_ACTION } from './refund';
import { unfinishedRefunds } from './refund-records';

/** The order's India day, for the date filters. */
const orderDay = sql`(${orders.created_at} at time zone ${STORE_TIME_ZONE})::date`;
/** The email the order was placed with (customer_details is the JSON of CustomerDetails). */
export const customerEmail = sql<string>`(${orders.customer_details}::jsonb ->> 'email')`;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** GET /api/admin/orders: newest first, filtered (adminOrderListQuerySchema says how). */
export async function listAdminOrders(db: Database, query: AdminOrderFilters): Promise<AdminOrderList> {
  const conditions: SQL[] = [];
  if (query.status) {
    // Written out with an alias: inside a select from orders, drizzle leaves column names unqualified.
    const anyLine = sql`exists (select 1 from order_lines ol where ol.order_id = "orders"."id" and ol.item_status = ${query.status})`;
    conditions.push(or(eq(orders.status, query.status), anyLine)!);
  }
  if (query.from) conditions.push(sql`${orderDay} >= ${query.from}::date`);
  if (query.to) conditions.push(sql`${orderDay} <= ${query.to}::date`);
  if (query.q) {
    const byId = /^ssd-/i.test(query.q);
    conditions.push(byId ? eq(orders.id, query.q.toUpperCase()) : sql`${customerEmail} ilike ${`%${likeEscaped(query.q)}%`}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;

  const lineCount = sql<number>`(select count(*)::int from order_lines ol where ol.order_id = "orders"."id")`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, item_count: lineCount })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    orders: rows.map(({ order, item_count }) => {
      const customer = JSON.parse(order.customer_details) as CustomerDetails;
      return {
        order_id: order.id,
        placed_on: order.created_at.toISOString(),
        status: order.status,
        payment_status: order.payment_status,
        payment_mode: order.payment_mode,
        customer_name: customer.name,
        customer_email: customer.email,
        amount: paiseToRupees(order.amount_paise),
        item_count: Number(item_count),
      };
    }),
  };
}

type SupportRow = typeof supportRequests.$inferSelect;
export function supportRequestAnswer(row: SupportRow, customer: CustomerDetails): AdminSupportRequest {
  return {
    id: row.id,
    order_id: row.order_id,
    customer_name: customer.name,
    customer_email: customer.email,
    issue_type: row.issue_type,
    message: row.message,
    status: row.status,
    staff_reply: row.staff_reply,
    replied_at: row.replied_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET /api/admin/orders/{id}: the order with its lines, customer, payment, refunds, support request and audit trail; null when missing. */
export async function adminOrderDetail(db: Database, orderId: string): Promise<AdminOrderDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const customer = JSON.parse(order.customer_details) as CustomerDetails;
  const [lines, [support], unfinished] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.id)),
    db.select().from(supportRequests).where(eq(supportRequests.order_id, orderId)),
    unfinishedRefunds(db, orderId),
  ]);
  const subjects = [and(eq(auditLog.entity, 'order'), eq(auditLog.entity_id, orderId))!];
  if (support) subjects.push(and(eq(auditLog.entity, 'support_request'), eq(auditLog.entity_id, String(support.id)))!);
  const audit = await db
    .select({ entry: auditLog, actor_email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(or(...subjects))
    .orderBy(desc(auditLog.created_at), desc(auditLog.id));

  return {
    order_id: order.id,
    placed_on: order.created_at.toISOString(),
    status: order.status,
    payment_status: order.payment_status,
    payment_mode: order.payment_mode,
    payment_id: order.payment_id,
    paid_at: order.paid_at?.toISOString() ?? null,
    amount: paiseToRupees(order.amount_paise),
    amount_paid: paiseToRupees(order.amount_paid_paise),
    customer,
    lines: lines.map((line) => ({
      line_id: line.id,
      item_id: line.item_id,
      title: line.title,
      image: line.thumbnail_image,
      quantity: line.quantity,
      selling_price: paiseToRupees(line.selling_price_paise),
      gst_amount: paiseToRupees(line.gst_amount_paise),
      item_status: line.item_status,
      item_updated_at: line.item_updated_at.toISOString(),
    })),
    refunds: [...unfinished, ...refundsOf(order.refund_id, audit.map(({ entry }) => entry))],
    support_request: support ? supportRequestAnswer(support, customer) : null,
    audit: audit.map(({ entry, actor_email }): AdminAuditEntry => ({
      id: entry.id,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entity_id,
      actor_id: entry.actor_id,
      actor_email,
      before: entry.before,
      after: entry.after,
      created_at: entry.created_at.toISOString(),
    })),
  };
}

/** Return refunds made are kept in their audit entries (pending and failed ones in refunds); orders.refund_id is checkout's refund of a payment it could not honour. */
function refundsOf(latePaymentRefundId: string | null, audit: ReadonlyArray<typeof auditLog.$inferSelect>): AdminRefund[] {
  const refunds: AdminRefund[] = audit
    .filter((entry) => entry.action === REFUND_ACTION)
    .map((entry) => {
      const after = entry.after as { refund_id: string; refund_amount_paise: number | null };
      return {
        refund_id: after.refund_id,
        amount: after.refund_amount_paise === null ? null : paiseToRupees(after.refund_amount_paise),
        reason: 'return' as const,
        created_at: entry.created_at.toISOString(),
        status: 'done' as const,
        error: null,
      };
    });
  if (latePaymentRefundId) refunds.push({ refund_id: latePaymentRefundId, amount: null, reason: 'late_payment', created_at: null, status: 'done', error: null });
  return refunds;
}

