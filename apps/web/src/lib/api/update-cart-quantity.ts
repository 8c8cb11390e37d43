import { CART_MESSAGES } from '@ssd/shared/cart-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItem } from '@ssd/shared/cart';
import { useToast } from '../../components/ui/toast';
import { useFailureToast } from '../../components/ui/use-failure-toast';
import { apiRequest } from '../api-client';
import { networkError } from '../api-error';
import { isLoginNeeded } from '../failure-message';
import { cartListKeys } from './get-cart';

export const CART_QUANTITY_PATH = '/api/cart/update/quantity';

export type QuantityChange = 'inc' | 'dec';

/** The cart screen's texts, one source with the server's (zod-free, so the cart chunk stays small). */
export const CART_QUANTITY_MESSAGES = {
  updated: CART_MESSAGES.quantityUpdated,
  atLeastOne: CART_MESSAGES.atLeastOne,
  couldNotUpdate: CART_MESSAGES.couldNotUpdate,
} as const;

function isCartItem(data: unknown): data is CartItem {
  if (typeof data !== 'object' || data === null) return false;
  const { id, cart_quantity, item_quantity } = data as Record<string, unknown>;
  return Number.isInteger(id) && Number.isInteger(cart_quantity) && Number.isInteger(item_quantity);
}

/** PATCH /api/cart/update/quantity {item_id, type}: the changed row and the server's message. */
export async function changeCartQuantity(itemId: number, type: QuantityChange): Promise<{ item: CartItem; message: string }> {
  const { data, message } = await apiRequest<unknown>('PATCH', CART_QUANTITY_PATH, { item_id: itemId, type });
  if (!isCartItem(data)) throw networkError(200);
  return { item: data, message };
}

/**
 * One unit more or less of one cart row (spec 3 §2, §4 Cart quantity): each press is one request,
 * and while it is under way `pending` is true (the screen disables that row's buttons). The
 * answer's row replaces the one in the cart list and its message is the toast ('quantity updated
 * to N unit(s)'); a refusal (code 0: 'Quantity should be 1 or more.', 'The requested quantity
 * exceeds our stock.') is a warning toast, any other failure an error toast, and the list is read
 * again (the stock may have moved, or an unanswered change may have happened); a -2 is the login
 * guard's (spec 3 §8). Decrementing at 1 is refused here, without a call.
 */
export function useCartQuantity(item: Pick<CartItem, 'id' | 'title' | 'cart_quantity'>) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const toastFromError = useFailureToast();

  const { mutate, isPending } = useMutation({
    mutationKey: cartListKeys.quantity(item.id),
    mutationFn: (type: QuantityChange) => changeCartQuantity(item.id, type),
    onSuccess: ({ item: changed, message }) => {
      client.setQueryData<CartItem[]>(cartListKeys.list(), (rows) =>
        rows?.map((row) => (row.id === changed.id ? changed : row)),
      );
      showToast(message || CART_QUANTITY_MESSAGES.updated(changed.cart_quantity), 'success');
    },
    onError: (error) => {
      if (isLoginNeeded(error)) return;
      // Without an answer, spec 3 §8's network message; with an answer but no message, the title's.
      toastFromError(error, { fallback: CART_QUANTITY_MESSAGES.couldNotUpdate(item.title) });
      void client.invalidateQueries({ queryKey: cartListKeys.list() });
    },
  });

  const change = (type: QuantityChange) => {
    if (isPending) return;
    if (type === 'dec' && item.cart_quantity <= 1) {
      showToast(CART_QUANTITY_MESSAGES.atLeastOne, 'warning');
      return;
    }
    mutate(type);
  };

  return { pending: isPending, increment: () => change('inc'), decrement: () => change('dec') };
}
