import { asc, eq } from 'drizzle-orm';
import type { CustomerDetails } from '@ssd/shared/checkout';
import { STORE_NAME } from '@ssd/shared/constants';
import { formatOrderDate } from '@ssd/shared/dates';
import { invoiceFileName, type Invoice } from '@ssd/shared/invoices';
import { formatINR, paiseToRupees } from '@ssd/shared/money';
import type { Transaction } from '../../db/locks';
import { orderLines, orders } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { invoiceOfOrder, type InvoiceContext } from '../invoices/service';
import { queueMail } from '../mail-outbox/queue';
import type { OutboxRow } from '../mail-outbox/sender';
import { amountTable, escapeHtml, mailHtml } from './mail-layout';

export const ORDER_CONFIRMED_KIND = 'order_confirmed';

/** The change the mail tells about: one confirmation per order, however often its payment is settled. */
export const orderConfirmedKey = (orderId: string) => `${ORDER_CONFIRMED_KIND}:${orderId}`;

/**
 * Queues the confirmation mail of an order in the transaction that confirms it (payments.ts), to the
 * email the order was placed with.
 */
export async function queueOrderConfirmedMail(tx: Transaction, order: { id: string; customer_details: string }, at: Date): Promise<boolean> {
  const customer = JSON.parse(order.customer_details) as CustomerDetails;
  return queueMail(tx, { dedupeKey: orderConfirmedKey(order.id), kind: ORDER_CONFIRMED_KIND, recipient: customer.email, payload: { order_id: order.id } }, at);
}

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** The mail's words and numbers: the items with their GST, the amounts, the delivery address, the invoice attached. */
export function confirmationMessage(to: string, order: OrderRow, lines: readonly LineRow[], invoice: Invoice): Omit<MailMessage, 'attachments' | 'messageId'> {
  const customer = JSON.parse(order.customer_details) as CustomerDetails;
  const rupees = (paise: number) => formatINR(paiseToRupees(paise));
  const subject = `Your ${STORE_NAME} order ${order.id} is confirmed`;
  const items = lines.map((line) => ({
    title: line.title,
    detail: `${line.quantity} × ${rupees(line.selling_price_paise)} = ${rupees(line.selling_price_paise * line.quantity)}, GST ${line.gst_rate_percent}% ${rupees(line.gst_amount_paise)}`,
  }));
  const gstRows: Array<[string, string]> =
    invoice.tax_type === 'intra_state'
      ? [
          ['CGST', formatINR(invoice.totals.cgst)],
          ['SGST', formatINR(invoice.totals.sgst)],
        ]
      : [['IGST', formatINR(invoice.totals.igst)]];
  const amounts: Array<[string, string]> = [
    ['Items price', rupees(order.total_sp_paise)],
    ['Delivery charge', rupees(order.delivery_charge_paise)],
    ['Platform fee', rupees(order.platform_fee_paise)],
    [`GST`, rupees(order.gst_total_paise)],
    ...gstRows.map(([label, amount]): [string, string] => [`  of which ${label}`, amount]),
    ['Total paid', rupees(order.amount_paid_paise)],
  ];
  const address = customer.address;
  const addressLines = [address.full_name, address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.pin_code}`, `Phone: ${customer.contact}`];
  const text = [
    `Hello ${customer.name},`,
    '',
    `Thank you for shopping with ${STORE_NAME}. We have received your payment and confirmed your order ${order.id}, placed on ${formatOrderDate(order.created_at)}.`,
    '',
    'Items:',
    ...items.map((item) => `- ${item.title}: ${item.detail}`),
    '',
    ...amounts.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Delivering to:',
    ...addressLines,
    '',
    `Your GST tax invoice ${invoice.number} is attached (${invoiceFileName(invoice.number)}). You can follow the order under My Orders.`,
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Hello ${escapeHtml(customer.name)},</p>
<p>Thank you for shopping with ${escapeHtml(STORE_NAME)}. We have received your payment and confirmed your order <strong>${escapeHtml(order.id)}</strong>, placed on ${escapeHtml(formatOrderDate(order.created_at))}.</p>
<h3>Items</h3>
<ul>${items.map((item) => `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.detail)}</li>`).join('')}</ul>
${amountTable(amounts, true)}
<h3>Delivering to</h3>
<p>${addressLines.map(escapeHtml).join('<br>')}</p>
<p>Your GST tax invoice <strong>${escapeHtml(invoice.number)}</strong> is attached. You can follow the order under My Orders.</p>`,
  );
  return { to, subject, text, html, purpose: 'order-confirmed' };
}

/** The outbox's renderer: reads the order as it is stored and attaches its invoice PDF. */
export async function renderConfirmationMail(ctx: InvoiceContext, row: OutboxRow): Promise<MailMessage> {
  const orderId = String((row.payload as { order_id?: unknown }).order_id);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} of mail ${row.id} does not exist`);
  const invoice = await invoiceOfOrder(ctx, orderId);
  if (!invoice) throw new Error(`order ${orderId} has no invoice to attach`);
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.id));
  const pdf = await renderInvoicePdf(invoice);
  return {
    ...confirmationMessage(row.recipient, order, lines, invoice),
    attachments: [{ filename: invoiceFileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
  };
}
