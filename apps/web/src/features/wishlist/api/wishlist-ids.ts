import { useCallback, useRef, useState } from 'react';
import { ResponseCode } from '@ssd/shared/api';
import { WISHLIST_CAP } from '@ssd/shared/constants';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront-messages';
import { asIdList } from '../../../lib/api-data';
import { useToast } from '../../../components/ui/toast';
import { apiRequest, isNetworkFailure } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLoginGate } from '../../cart/api/login-gate';

export const WISHLIST_ADD_PATH = '/api/wishlist/add';
export const WISHLIST_REMOVE_PATH = '/api/wishlist/remove';

export const WISHLIST_MESSAGES = {
  saveFailed: 'Failed to save to wishlist.',
  removeFailed: 'Failed to remove from wishlist.',
} as const;

const without = (ids: number[] | null, id: number) => (ids ?? []).filter((each) => each !== id);
const withId = (ids: number[] | null, id: number) => (ids?.includes(id) ? ids : [...(ids ?? []), id]);

/**
 * Save and remove one product (spec 2 §5, §7, §8). The heart turns at once (optimistic) and turns
 * back if the server says no; on success the session takes the id list the server answers.
 */
export function useWishlistItem(itemId: number) {
  const { isLoggedIn, wishlist, setWishlist, updateWishlist } = useSession();
  const { showToast } = useToast();
  const { sendToLogin, sessionEnded } = useLoginGate();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const saved = isLoggedIn && (wishlist?.includes(itemId) ?? false);

  /** Flips the saved state; resolves to true when the server agreed. */
  const toggle = useCallback(async (): Promise<boolean> => {
    if (!isLoggedIn) {
      sendToLogin(STOREFRONT_MESSAGES.loginForWishlist);
      return false;
    }
    if (busy.current) return false;
    const adding = !saved;
    if (adding && (wishlist?.length ?? 0) >= WISHLIST_CAP) {
      showToast(STOREFRONT_MESSAGES.wishlistLimit, 'warning');
      return false;
    }
    busy.current = true;
    setPending(true);
    updateWishlist((ids) => (adding ? withId(ids, itemId) : without(ids, itemId)));
    try {
      const response = await apiRequest<unknown>(
        adding ? 'PUT' : 'POST',
        adding ? WISHLIST_ADD_PATH : WISHLIST_REMOVE_PATH,
        { item_id: itemId },
        { ignoreLoginNeeded: true },
      );
      if (response.code === ResponseCode.SUCCESS) {
        const ids = asIdList(response.data);
        if (ids) setWishlist(ids);
        showToast(adding ? STOREFRONT_MESSAGES.savedToWishlist : STOREFRONT_MESSAGES.removedFromWishlist, 'success');
        return true;
      }
      // Roll the optimistic change back.
      updateWishlist((ids) => (adding ? without(ids, itemId) : withId(ids, itemId)));
      if (response.code === ResponseCode.LOGIN_NEEDED) {
        sessionEnded();
        return false;
      }
      const fallback = adding ? WISHLIST_MESSAGES.saveFailed : WISHLIST_MESSAGES.removeFailed;
      // A network failure reads as the call's own failure text; otherwise the server's message.
        const message = isNetworkFailure(response) || !response.message ? fallback : response.message;
        showToast(message, response.code === ResponseCode.WARNING ? 'warning' : 'error');
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, [isLoggedIn, saved, wishlist, itemId, sendToLogin, showToast, updateWishlist, setWishlist, sessionEnded]);

  return { saved, pending, toggle };
}
