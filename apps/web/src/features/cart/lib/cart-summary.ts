import type { CartItem } from '@ssd/shared/cart';
import { CART_LOW_STOCK_BELOW } from '@ssd/shared/constants';
import { rupeesToPaise } from '@ssd/shared/money';
import type { CheckoutEntryLine } from '../../../lib/checkout-entry';

/** The cart screen's own texts (spec 3 §2, §8). */
export const CART_TEXTS = {
  empty: 'Your cart is empty',
  loadFailed: 'We could not load your cart. Please refresh the page.',
  outOfStock: 'Out of stock',
  onlyLeft: (stock: number) => `Only ${stock} item(s) left`,
  feesExcluded: 'Shipping charge, platform fee and GST are not included here; checkout adds them.',
  unavailableExcluded: 'Items that are out of stock are left out.',
} as const;

/** 'Out of stock' at 0, 'Only N item(s) left' below 10 (spec 3 §2, §9), else nothing. */
export function stockNote(stock: number): string | null {
  if (stock <= 0) return CART_TEXTS.outOfStock;
  if (stock < CART_LOW_STOCK_BELOW) return CART_TEXTS.onlyLeft(stock);
  return null;
}

/** A row can be bought when its product has stock left. */
export const canBuy = (row: CartItem): boolean => row.item_quantity > 0;

export interface CartSummary {
  /** Market prices where higher than the price, else the price, times the quantities (rupees). */
  original: number;
  /** original − payable. */
  savings: number;
  /** The selling total: prices times quantities (rupees). Shipping, platform fee and GST excluded (spec 3 §2, §9). */
  payable: number;
  /** What Checkout reserves: the rows that can be bought, with their quantities. */
  lines: CheckoutEntryLine[];
  /** Rows left out because their product is out of stock. */
  unavailable: number;
}

/**
 * The summary block of spec 3 §2 over the rows that can be bought (out-of-stock rows are not
 * checked out, so they are not counted), added in paise so that no rupee fraction drifts. The
 * server prices the order again at checkout; nothing here is sent back (DESIGN.md).
 */
export function summarise(rows: readonly CartItem[]): CartSummary {
  let original = 0;
  let payable = 0;
  const lines: CheckoutEntryLine[] = [];
  for (const row of rows) {
    if (!canBuy(row)) continue;
    const price = rupeesToPaise(row.price);
    const market = row.market_price !== null && row.market_price > row.price ? rupeesToPaise(row.market_price) : price;
    original += market * row.cart_quantity;
    payable += price * row.cart_quantity;
    lines.push({ item_id: row.id, quantity: row.cart_quantity });
  }
  return {
    original: original / 100,
    savings: (original - payable) / 100,
    payable: payable / 100,
    lines,
    unavailable: rows.length - lines.length,
  };
}
