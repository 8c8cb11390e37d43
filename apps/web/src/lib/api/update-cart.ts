import { useCallback } from 'react';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront-messages';
import { useToast } from '../../components/ui/toast';
import { inStock } from '../stock';
import { useLoginGate } from '../use-login-gate';
import { useCartIds } from './get-cart-wishlist-ids';
import { idListRequest, useIdListMutation } from './id-list-mutation';
import { cartKeys } from './session-keys';

export const CART_ADD_PATH = '/api/cart/add';
export const CART_REMOVE_PATH = '/api/cart/remove';

export const CART_MESSAGES = {
  addFailed: 'Failed to add to cart',
  /** Not in the spec's catalogue (it names no remove failure): ours, worded like the add one. */
  removeFailed: 'Failed to remove from cart',
  /** The wishlist screen's wording for an out-of-stock item (spec 2 Wishlist screen). */
  itemOutOfStock: 'This item is out of stock',
} as const;

/** PUT /api/cart/add or POST /api/cart/remove: the cart's new ids (null if the answer lacks them). */
export const changeCart = idListRequest({ add: CART_ADD_PATH, remove: CART_REMOVE_PATH });

/** The part of a product the cart buttons need. */
export interface CartItemRef {
  id: number;
  quantity: number | null | undefined;
}

export interface CartItemOptions {
  /** The warning for an out-of-stock item; 'Product out of stock' unless told. */
  outOfStockMessage?: string;
}

const successText = (adding: boolean) => (adding ? STOREFRONT_MESSAGES.addedToCart : STOREFRONT_MESSAGES.removedFromCart);
const failureText = (adding: boolean) => (adding ? CART_MESSAGES.addFailed : CART_MESSAGES.removeFailed);

/**
 * Add to and remove from the cart for one product (spec 2 §5, §7, §8): login first, stock above 0,
 * then an optimistic change of the cart's ids (./id-list-mutation.ts), so the navbar badge and
 * every button of the product follow at once.
 */
export function useCartItem(item: CartItemRef, options: CartItemOptions = {}) {
  const ids = useCartIds();
  const { showToast } = useToast();
  const { shopperOrLogin } = useLoginGate();
  const { pending, change } = useIdListMutation({ itemId: item.id, keys: cartKeys, request: changeCart, successText, failureText });
  const inCart = ids?.includes(item.id) ?? false;
  const outOfStockMessage = options.outOfStockMessage ?? STOREFRONT_MESSAGES.outOfStock;

  const add = useCallback(async (): Promise<boolean> => {
    if (!(await shopperOrLogin(STOREFRONT_MESSAGES.loginForCart))) return false;
    if (!inStock(item.quantity)) {
      showToast(outOfStockMessage, 'warning');
      return false;
    }
    return change(true);
  }, [shopperOrLogin, item.quantity, outOfStockMessage, showToast, change]);

  const remove = useCallback(async (): Promise<boolean> => {
    if (!(await shopperOrLogin(STOREFRONT_MESSAGES.loginForCart))) return false;
    return change(false);
  }, [shopperOrLogin, change]);

  return { inCart, pending, add, remove };
}
