import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idsStillWanted } from '../../../lib/api/get-cart-wishlist-ids';
import { cartKeys } from '../../../lib/api/session-keys';
import { changeCart } from '../../../lib/api/update-cart';
import { checkoutMutationKeys } from './keys';

/**
 * POST /api/cart/remove for each product in `toRemove`, one after the other. A failed call leaves
 * its product in the cart (the reload that follows shows it); the others still go.
 */
export async function removeFromCart(toRemove: readonly number[]): Promise<void> {
  for (const itemId of toRemove) {
    try {
      await changeCart(false, itemId);
    } catch {
      // See above.
    }
  }
}

/**
 * After a successful payment the cart is emptied (spec 3 §4 step 4) of what was bought: the server
 * keeps the cart as it was (an order copies its lines and leaves the cart alone), so each bought
 * product still in the cart is taken out with the cart's own call. The badge follows at once (the
 * cached ids change before the calls); then every cart read is reloaded. Products put in the cart
 * meanwhile stay.
 */
export function useRemoveBoughtFromCart() {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: checkoutMutationKeys.removeBought,
    mutationFn: removeFromCart,
    onMutate: async (toRemove: number[]) => {
      if (!idsStillWanted(client, cartKeys.ids())) return;
      if (client.isFetching({ queryKey: cartKeys.ids() }) > 0) await client.cancelQueries({ queryKey: cartKeys.ids() });
      client.setQueryData<number[]>(cartKeys.ids(), (ids) => ids?.filter((id) => !toRemove.includes(id)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });

  return useCallback(
    (bought: readonly number[]) => {
      const inCart = client.getQueryData<number[]>(cartKeys.ids());
      // Ids unknown: take every bought product out (removing one that is not there changes nothing).
      const toRemove = inCart ? bought.filter((id) => inCart.includes(id)) : [...bought];
      if (toRemove.length > 0) mutate(toRemove);
    },
    [client, mutate],
  );
}
