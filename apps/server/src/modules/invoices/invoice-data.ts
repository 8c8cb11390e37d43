import type { CustomerDetails } from '@ssd/shared/checkout';
import type { Invoice, InvoiceLine, InvoiceTaxType } from '@ssd/shared/invoices';
import { paiseToRupees } from '@ssd/shared/money';
import type { invoices, orderLines, orders } from '../../db/schema';
import { amountInWords } from './amount-in-words';
import { gstStateCode } from './gst-state-codes';
import type { SellerSettings } from './seller';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/**
 * How GST treats the two charges: the store prices GST on the goods only (docs/decisions/0020), so the
 * delivery charge and the platform fee are billed at their amount, outside the taxable value.
 */
export const CHARGE_TAX_TREATMENT = 'Not part of the taxable value of the goods; no GST charged';

/**
 * CGST + SGST or IGST as the order recorded it when it was placed (its split columns), so a later change
 * of SELLER_STATE never rewrites an issued invoice; with no GST at all, by the states.
 */
function taxTypeOf(order: OrderRow, deliveryState: string, sellerState: string): InvoiceTaxType {
  if (order.igst_paise > 0) return 'inter_state';
  if (order.cgst_paise + order.sgst_paise > 0) return 'intra_state';
  return deliveryState === sellerState ? 'intra_state' : 'inter_state';
}

interface LineInPaise {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** A line's tax split as the order's split was made (modules/checkout/gst-split.ts): the odd paisa to SGST. */
function splitLine(line: OrderLineRow, taxType: InvoiceTaxType): LineInPaise {
  const taxable = line.selling_price_paise * line.quantity;
  const gst = line.gst_amount_paise;
  if (taxType === 'inter_state') return { taxable, cgst: 0, sgst: 0, igst: gst };
  const cgst = Math.floor(gst / 2);
  return { taxable, cgst, sgst: gst - cgst, igst: 0 };
}

function invoiceLine(line: OrderLineRow, taxType: InvoiceTaxType, paise: LineInPaise): InvoiceLine {
  const half = line.gst_rate_percent / 2;
  const tax = (rate: number, amount: number) => ({ rate, amount: paiseToRupees(amount) });
  return {
    title: line.title,
    hsn_code: line.hsn_code,
    quantity: line.quantity,
    unit_price: paiseToRupees(line.selling_price_paise),
    taxable_value: paiseToRupees(paise.taxable),
    gst_rate: line.gst_rate_percent,
    cgst: taxType === 'intra_state' ? tax(half, paise.cgst) : null,
    sgst: taxType === 'intra_state' ? tax(half, paise.sgst) : null,
    igst: taxType === 'inter_state' ? tax(line.gst_rate_percent, paise.igst) : null,
    total: paiseToRupees(paise.taxable + paise.cgst + paise.sgst + paise.igst),
  };
}

/**
 * The GST tax invoice of a confirmed order, from the order's own copies (lines, amounts, the customer's
 * details as placed) and the seller's settings. Every amount is added up in paise; the grand total is
 * what the shopper paid.
 */
export function buildInvoice(order: OrderRow, lines: readonly OrderLineRow[], invoice: InvoiceRow, seller: SellerSettings): Invoice {
  const customer = JSON.parse(order.customer_details) as CustomerDetails;
  const delivery = customer.address;
  const taxType = taxTypeOf(order, delivery.state, seller.state);
  const split = lines.map((line) => splitLine(line, taxType));
  const sum = (pick: (line: LineInPaise) => number) => split.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((line) => line.taxable);
  const cgst = sum((line) => line.cgst);
  const sgst = sum((line) => line.sgst);
  const igst = sum((line) => line.igst);
  const charges = order.delivery_charge_paise + order.platform_fee_paise;
  const grandTotal = taxable + cgst + sgst + igst + charges;
  return {
    number: invoice.number,
    financial_year: invoice.financial_year,
    issued_at: invoice.issued_at.toISOString(),
    order_id: order.id,
    order_placed_on: order.created_at.toISOString(),
    seller: { name: seller.name, address: seller.address, state: seller.state, state_code: gstStateCode(seller.state), gstin: seller.gstin },
    buyer: {
      name: delivery.full_name,
      address: [delivery.line1, ...(delivery.line2 ? [delivery.line2] : []), `${delivery.city}, ${delivery.state} ${delivery.pin_code}`],
      state: delivery.state,
      state_code: gstStateCode(delivery.state),
      email: customer.email,
      contact: customer.contact,
    },
    place_of_supply: { state: delivery.state, state_code: gstStateCode(delivery.state) },
    tax_type: taxType,
    reverse_charge: false,
    lines: lines.map((line, i) => invoiceLine(line, taxType, split[i]!)),
    charges: [
      { label: 'Delivery charge', amount: paiseToRupees(order.delivery_charge_paise), tax_treatment: CHARGE_TAX_TREATMENT },
      { label: 'Platform fee', amount: paiseToRupees(order.platform_fee_paise), tax_treatment: CHARGE_TAX_TREATMENT },
    ],
    totals: {
      taxable_value: paiseToRupees(taxable),
      cgst: paiseToRupees(cgst),
      sgst: paiseToRupees(sgst),
      igst: paiseToRupees(igst),
      gst: paiseToRupees(cgst + sgst + igst),
      charges: paiseToRupees(charges),
      grand_total: paiseToRupees(grandTotal),
    },
    amount_in_words: amountInWords(grandTotal),
    payment: {
      mode: order.payment_mode,
      payment_id: order.payment_id,
      paid_on: order.paid_at?.toISOString() ?? null,
      amount_paid: paiseToRupees(order.amount_paid_paise),
    },
  };
}
