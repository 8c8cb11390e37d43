import { useCallback } from 'react';
import { WISHLIST_CAP } from '@ssd/shared/constants';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront-messages';
import { useToast } from '../../components/ui/toast';
import { useLoginGate } from '../use-login-gate';
import { useWishlistIds } from './get-cart-wishlist-ids';
import { idListRequest, useIdListMutation } from './id-list-mutation';
import { wishlistKeys } from './session-keys';

export const WISHLIST_ADD_PATH = '/api/wishlist/add';
export const WISHLIST_REMOVE_PATH = '/api/wishlist/remove';

export const WISHLIST_MESSAGES = {
  saveFailed: 'Failed to save to wishlist.',
  removeFailed: 'Failed to remove from wishlist.',
} as const;

/** PUT /api/wishlist/add or POST /api/wishlist/remove: the new saved ids (null if the answer lacks them). */
export const changeWishlist = idListRequest({ add: WISHLIST_ADD_PATH, remove: WISHLIST_REMOVE_PATH });

const successText = (adding: boolean) =>
  adding ? STOREFRONT_MESSAGES.savedToWishlist : STOREFRONT_MESSAGES.removedFromWishlist;
const failureText = (adding: boolean) => (adding ? WISHLIST_MESSAGES.saveFailed : WISHLIST_MESSAGES.removeFailed);

/**
 * Save and remove one product (spec 2 §5, §7, §8): login first, at most 20 saved, then an
 * optimistic change of the saved ids (./id-list-mutation.ts): every heart of the product turns at
 * once and turns back if the server says no. A change also marks the wishlist screen's list stale.
 */
export function useWishlistItem(itemId: number) {
  const ids = useWishlistIds();
  const { showToast } = useToast();
  const { shopperOrLogin } = useLoginGate();
  const { pending, change } = useIdListMutation({ itemId, keys: wishlistKeys, request: changeWishlist, successText, failureText });
  const saved = ids?.includes(itemId) ?? false;
  const count = ids?.length ?? 0;

  /** Does what the button said when pressed (save or remove); resolves to true when the server agreed. */
  const toggle = useCallback(async (): Promise<boolean> => {
    const adding = !saved;
    if (!(await shopperOrLogin(STOREFRONT_MESSAGES.loginForWishlist))) return false;
    if (adding && count >= WISHLIST_CAP) {
      showToast(STOREFRONT_MESSAGES.wishlistLimit, 'warning');
      return false;
    }
    return change(adding);
  }, [shopperOrLogin, saved, count, showToast, change]);

  return { saved, pending, toggle };
}
