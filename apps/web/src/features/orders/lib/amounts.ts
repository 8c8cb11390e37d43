import { formatINR, rupeesToPaise } from '@ssd/shared/money';
import type { OrderDetails } from '@ssd/shared/orders';

/*
 * How the orders show the server's amounts: nothing here adds up a total (DESIGN.md, the server is the
 * authority). Only a line's amount, its unit price times its quantity, is worked out, in paise.
 */

/** A unit price times the quantity. */
export function lineAmount(unitPrice: number, quantity: number): number {
  return (rupeesToPaise(unitPrice) * quantity) / 100;
}

/** '− ₹1,200.00': savings and discounts are shown with a minus sign, as the cart and the checkout write them. */
export const minusText = (amount: number) => (amount > 0 ? `− ${formatINR(amount)}` : formatINR(0));

/** 'Free' rather than ₹0.00 for a delivery that costs nothing, as at the checkout. */
export const chargeText = (amount: number) => (amount === 0 ? 'Free' : formatINR(amount));

/** 'CGST ₹10.50 + SGST ₹10.50' within the seller's state, else 'IGST ₹21.00' (docs/decisions/0021). */
export function gstSplitText(split: OrderDetails['gst_split']): string {
  return split.igst > 0 ? `IGST ${formatINR(split.igst)}` : `CGST ${formatINR(split.cgst)} + SGST ${formatINR(split.sgst)}`;
}
