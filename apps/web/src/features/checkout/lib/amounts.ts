import type { CreatedOrder, Reservation } from '@ssd/shared/checkout';
import { formatINR, rupeesToPaise } from '@ssd/shared/money';

/*
 * How the checkout shows the server's amounts. Nothing here adds up a total: the payable amount and
 * the amount due are the server's. The savings (which the server does not send) is the difference of
 * its two totals, and a line's amount its unit price times its quantity, both worked in paise.
 */

/** A unit price times the quantity. */
export function lineAmount(unitPrice: number, quantity: number): number {
  return (rupeesToPaise(unitPrice) * quantity) / 100;
}

/** The original total less the selling total. */
export function savingsOf(reservation: Pick<Reservation, 'total_cp' | 'total_sp'>): number {
  return Math.max(0, rupeesToPaise(reservation.total_cp) - rupeesToPaise(reservation.total_sp)) / 100;
}

/** '− ₹1,200.00': savings shown with a minus sign (spec 3 §2), written as the cart writes it; nothing saved is ₹0.00. */
export const savingsText = (amount: number) => (amount > 0 ? `− ${formatINR(amount)}` : formatINR(0));

/** 'Free' rather than ₹0.00 for a delivery that costs nothing. */
export const chargeText = (amount: number) => (amount === 0 ? 'Free' : formatINR(amount));

/** 'CGST ₹10.50 + SGST ₹10.50' within the seller's state, else 'IGST ₹21.00' (docs/decisions/0021). */
export function gstSplitText(split: CreatedOrder['gst_split']): string {
  return split.igst > 0 ? `IGST ${formatINR(split.igst)}` : `CGST ${formatINR(split.cgst)} + SGST ${formatINR(split.sgst)}`;
}

/** 'Qty: 1 unit(s)' (spec 3 §2 step 1). */
export const quantityText = (quantity: number) => `Qty: ${quantity} unit(s)`;

/** 'GST: ₹214.20 (12%)': a line's GST amount with its rate. */
export const gstText = (amount: number, rate: number) => `GST: ${formatINR(amount)} (${rate}%)`;
