import { z } from './zod';
import { PAYMENT_MODES } from './status';

/**
 * The GST tax invoice of a confirmed order (ours: the spec has none; docs/decisions/0028-*), as
 * GET /api/order/invoice/{id} answers it for the printable page. The server computes every amount, in
 * rupees with two decimals as the API shows money; the PDF (GET /api/order/invoice/{id}/pdf) is drawn
 * from the same data.
 */

const partySchema = z.object({
  name: z.string(),
  /** Address lines as printed, top to bottom. */
  address: z.array(z.string()),
  state: z.string(),
  /** The two-digit GST state code, e.g. '29' for Karnataka. */
  state_code: z.string(),
});

/** CGST + SGST inside the seller's state; IGST for a delivery to any other state. */
export const INVOICE_TAX_TYPES = ['intra_state', 'inter_state'] as const;
export type InvoiceTaxType = (typeof INVOICE_TAX_TYPES)[number];

const taxSchema = z.object({ rate: z.number(), amount: z.number() });

export const invoiceLineSchema = z.object({
  title: z.string(),
  /** The catalog's HSN code when the order was placed; null for orders placed before codes were kept. */
  hsn_code: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  /** unit price × quantity: GST is charged on top of it. */
  taxable_value: z.number(),
  gst_rate: z.number(),
  /** Present for the tax type of the invoice, null for the other. */
  cgst: taxSchema.nullable(),
  sgst: taxSchema.nullable(),
  igst: taxSchema.nullable(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** Delivery charge and platform fee, each with how GST treats it. */
export const invoiceChargeSchema = z.object({
  label: z.string(),
  amount: z.number(),
  tax_treatment: z.string(),
});

export const invoiceSchema = z.object({
  /** e.g. SSD/25-26/000001: consecutive within the financial year, at most 16 characters. */
  number: z.string(),
  /** April to March, e.g. 2025-26. */
  financial_year: z.string(),
  issued_at: z.iso.datetime(),
  order_id: z.string(),
  order_placed_on: z.iso.datetime(),
  seller: partySchema.extend({ gstin: z.string() }),
  buyer: partySchema.extend({ email: z.string(), contact: z.string() }),
  place_of_supply: z.object({ state: z.string(), state_code: z.string() }),
  tax_type: z.enum(INVOICE_TAX_TYPES),
  reverse_charge: z.boolean(),
  lines: z.array(invoiceLineSchema),
  charges: z.array(invoiceChargeSchema),
  totals: z.object({
    taxable_value: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    gst: z.number(),
    charges: z.number(),
    grand_total: z.number(),
  }),
  /** The grand total in words, Indian system: 'Rupees One Lakh Twenty-Three Thousand … Only'. */
  amount_in_words: z.string(),
  payment: z.object({
    mode: z.enum(PAYMENT_MODES),
    payment_id: z.string().nullable(),
    paid_on: z.iso.datetime().nullable(),
    amount_paid: z.number(),
  }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_MESSAGES = {
  /** The buyer's own order that has no invoice (not confirmed, or placed before invoices existed). */
  notIssued: 'No invoice has been issued for this order yet.',
  title: 'Tax Invoice',
  downloadPdf: 'Download PDF',
  print: 'Print',
  downloadFailed: 'Could not download the invoice. Please try again.',
} as const;

/** The PDF's file name: the invoice number with its slashes made safe ('Invoice-SSD-25-26-000001.pdf'). */
export function invoiceFileName(number: string): string {
  return `Invoice-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}
