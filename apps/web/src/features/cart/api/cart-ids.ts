import { useCallback, useState } from 'react';
import { ResponseCode } from '@ssd/shared/api';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront-messages';
import { asIdList } from '../../../lib/api-data';
import { useToast } from '../../../components/ui/toast';
import { apiRequest, isNetworkFailure } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLoginGate } from './login-gate';

export const CART_ADD_PATH = '/api/cart/add';
export const CART_REMOVE_PATH = '/api/cart/remove';

export const CART_MESSAGES = {
  addFailed: 'Failed to add to cart',
  /** Not in the spec's catalogue (it names no remove failure): ours, worded like the add one. */
  removeFailed: 'Failed to remove from cart',
  /** The wishlist screen's wording for an out-of-stock item (spec 2 Wishlist screen). */
  itemOutOfStock: 'This item is out of stock',
} as const;

/** The part of a product the cart buttons need. */
export interface CartItemRef {
  id: number;
  quantity: number | null | undefined;
}

export interface CartItemOptions {
  /** The warning for an out-of-stock item; 'Product out of stock' unless told. */
  outOfStockMessage?: string;
}

/** True when the stock allows buying (spec 2 §5: quantity missing, 0 or less is out of stock). */
export function inStock(quantity: number | null | undefined): boolean {
  return typeof quantity === 'number' && quantity > 0;
}

/**
 * Add to and remove from the cart for one product (spec 2 §5, §7, §8). The session's cart id list
 * follows the list the server answers, so the navbar badge and every button update together.
 */
export function useCartItem(item: CartItemRef, options: CartItemOptions = {}) {
  const session = useSession();
  const { isLoggedIn, cart, setCart } = session;
  const { showToast } = useToast();
  const { sendToLogin, sessionEnded } = useLoginGate();
  const [pending, setPending] = useState(false);
  const inCart = isLoggedIn && (cart?.includes(item.id) ?? false);
  const outOfStockMessage = options.outOfStockMessage ?? STOREFRONT_MESSAGES.outOfStock;

  const call = useCallback(
    async (path: string, method: 'PUT' | 'POST', success: string, fallback: string): Promise<boolean> => {
      setPending(true);
      try {
        const response = await apiRequest<unknown>(method, path, { item_id: item.id }, { ignoreLoginNeeded: true });
        if (response.code === ResponseCode.SUCCESS) {
          const ids = asIdList(response.data);
          if (ids) setCart(ids);
          showToast(success, 'success');
          return true;
        }
        if (response.code === ResponseCode.LOGIN_NEEDED) {
          sessionEnded();
          return false;
        }
        // A network failure reads as the call's own failure text; otherwise the server's message.
        const message = isNetworkFailure(response) || !response.message ? fallback : response.message;
        showToast(message, response.code === ResponseCode.WARNING ? 'warning' : 'error');
        return false;
      } finally {
        setPending(false);
      }
    },
    [item.id, setCart, showToast, sessionEnded],
  );

  const add = useCallback(async (): Promise<boolean> => {
    if (!isLoggedIn) {
      sendToLogin(STOREFRONT_MESSAGES.loginForCart);
      return false;
    }
    if (!inStock(item.quantity)) {
      showToast(outOfStockMessage, 'warning');
      return false;
    }
    return call(CART_ADD_PATH, 'PUT', STOREFRONT_MESSAGES.addedToCart, CART_MESSAGES.addFailed);
  }, [isLoggedIn, item.quantity, outOfStockMessage, sendToLogin, showToast, call]);

  const remove = useCallback(async (): Promise<boolean> => {
    if (!isLoggedIn) {
      sendToLogin(STOREFRONT_MESSAGES.loginForCart);
      return false;
    }
    return call(CART_REMOVE_PATH, 'POST', STOREFRONT_MESSAGES.removedFromCart, CART_MESSAGES.removeFailed);
  }, [isLoggedIn, sendToLogin, call]);

  return { inCart, pending, add, remove };
}
