import { and, asc, count, desc, isNotNull, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, LOW_STOCK_BELOW, TOP_PRODUCTS_COUNT, type Dashboard } from '@ssd/shared/admin-ops';
import { STORE_TIME_ZONE } from '@ssd/shared/dates';
import { paiseToRupees } from '@ssd/shared/money';
import type { Database } from '../../../db/client';
import { items, orderLines, orders } from '../../../db/schema';

/** The last `DASHBOARD_DAYS` India days, oldest first, as YYYY-MM-DD (today last). */
export function lastIndiaDays(now: Date, days = DASHBOARD_DAYS): string[] {
  // en-CA writes dates as YYYY-MM-DD; calendar days are then counted back in UTC, where none is skipped.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(todayUtc - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

// The zone is written into the text, not sent as a parameter: the same expression is selected and
// grouped by, which PostgreSQL matches only when both are literally the same.
const paidDay = sql<string>`to_char(${orders.paid_at} at time zone ${sql.raw(`'${STORE_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/**
 * GET /api/admin/dashboard (dashboardSchema says what each number is). Revenue is money in: what paid
 * orders paid, on the India day of their payment (refunds are not taken off). Top products count what
 * was sold and kept: lines of orders paid in the same days, not cancelled and not refunded.
 */
export async function dashboardNumbers(db: Database, now: Date): Promise<Dashboard> {
  const days = lastIndiaDays(now);
  const first = days[0]!;
  const inWindow = and(isNotNull(orders.paid_at), sql`${paidDay} >= ${first}`, sql`${paidDay} <= ${days.at(-1)!}`);

  const [revenueRows, statusRows, topRows, lowRows] = await Promise.all([
    db
      .select({ day: paidDay, paise: sql<string>`sum(${orders.amount_paid_paise})`, orders: count() })
      .from(orders)
      .where(inWindow)
      .groupBy(paidDay),
    db.select({ status: orders.status, count: count() }).from(orders).where(ne(orders.status, 'pending')).groupBy(orders.status).orderBy(asc(orders.status)),
    db
      .select({
        item_id: orderLines.item_id,
        title: sql<string>`max(${orderLines.title})`,
        units: sql<string>`sum(${orderLines.quantity})`,
        paise: sql<string>`sum(${orderLines.selling_price_paise}::bigint * ${orderLines.quantity})`,
      })
      .from(orderLines)
      .innerJoin(orders, sql`${orders.id} = ${orderLines.order_id}`)
      .where(and(inWindow, notInArray(orderLines.item_status, ['cancelled', 'refund_done'])))
      .groupBy(orderLines.item_id)
      .orderBy(desc(sql`sum(${orderLines.quantity})`), desc(sql`sum(${orderLines.selling_price_paise}::bigint * ${orderLines.quantity})`), asc(orderLines.item_id))
      .limit(TOP_PRODUCTS_COUNT),
    db
      .select({ item_id: items.id, title: items.title, catalog: items.catalog, quantity: items.quantity })
      .from(items)
      .where(and(isNull(items.archived_at), lt(items.quantity, LOW_STOCK_BELOW)))
      .orderBy(asc(items.quantity), asc(items.id)),
  ]);

  const byDay = new Map(revenueRows.map((row) => [row.day, row]));
  return {
    revenue_by_day: days.map((day) => {
      const row = byDay.get(day);
      return { day, revenue: paiseToRupees(Number(row?.paise ?? 0)), orders: row?.orders ?? 0 };
    }),
    orders_by_status: statusRows.map((row) => ({ status: row.status, count: row.count })),
    top_products: topRows.map((row) => ({ item_id: row.item_id, title: row.title, units: Number(row.units), revenue: paiseToRupees(Number(row.paise)) })),
    low_stock: lowRows,
  };
}
