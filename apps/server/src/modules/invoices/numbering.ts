import { eq, sql } from 'drizzle-orm';
import { invoiceCounters, invoices } from '../../db/schema';
import type { Transaction } from '../../db/locks';
import { financialYearOf } from './financial-year';

export type IssuedInvoice = typeof invoices.$inferSelect;

/** The store's invoice series prefix. */
export const INVOICE_PREFIX = 'SSD';

/**
 * What is printed: 'SSD/25-26/000001'. GST rules allow at most 16 characters (letters, digits, '-' and
 * '/'), which this is up to the 999,999th invoice of a year.
 */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `${INVOICE_PREFIX}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the invoice of an order confirmed at `at`, inside the transaction that confirms it. The next
 * number of the financial year comes from its counter row, taken by one upsert that locks the row until
 * the transaction ends: a second confirmation anywhere waits for this one to commit (and then counts on
 * from its number) or to roll back (and then takes the same number), so the series has no gap and no
 * repeat. Asked again for the same order, it answers the invoice already issued.
 */
export async function issueInvoice(tx: Transaction, orderId: string, at: Date): Promise<IssuedInvoice> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.order_id, orderId));
  if (existing) return existing;
  const financialYear = financialYearOf(at);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financial_year: financialYear, last_sequence: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.financial_year, set: { last_sequence: sql`${invoiceCounters.last_sequence} + 1` } })
    .returning({ sequence: invoiceCounters.last_sequence });
  const sequence = counter!.sequence;
  const [issued] = await tx
    .insert(invoices)
    .values({ order_id: orderId, financial_year: financialYear, sequence, number: invoiceNumber(financialYear, sequence), issued_at: at })
    .returning();
  return issued!;
}
