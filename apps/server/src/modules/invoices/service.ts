import { asc, eq } from 'drizzle-orm';
import { INVOICE_MESSAGES, type Invoice } from '@ssd/shared/invoices';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import type { Database } from '../../db/client';
import { invoices, orderLines, orders } from '../../db/schema';
import { fail } from '../../lib/envelope';
import type { RequestUser } from '../../plugins/auth';
import { buildInvoice } from './invoice-data';
import type { SellerSettings } from './seller';

export interface InvoiceContext {
  db: Database;
  seller: SellerSettings;
}

/** The invoice of an order, or null when none has been issued (the order is not confirmed). */
export async function invoiceOfOrder(ctx: InvoiceContext, orderId: string): Promise<Invoice | null> {
  const [found] = await ctx.db.select({ order: orders, invoice: invoices }).from(orders).innerJoin(invoices, eq(invoices.order_id, orders.id)).where(eq(orders.id, orderId));
  if (!found) return null;
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.id));
  return buildInvoice(found.order, lines, found.invoice, ctx.seller);
}

/**
 * The invoice as its buyer or staff (ssd_admin) may see it. Anyone else's order answers exactly as a
 * missing one (404, the order screens' not-found text); the buyer's own order without an invoice says so.
 */
export async function invoiceForViewer(ctx: InvoiceContext, viewer: RequestUser, orderId: string): Promise<Invoice> {
  const [order] = await ctx.db.select({ user_id: orders.user_id }).from(orders).where(eq(orders.id, orderId));
  if (!order || (order.user_id !== viewer.id && viewer.role !== 'ssd_admin')) throw fail.notFound(ORDERS_MESSAGES.orderNotFound);
  const invoice = await invoiceOfOrder(ctx, orderId);
  if (!invoice) throw fail.notFound(INVOICE_MESSAGES.notIssued);
  return invoice;
}
