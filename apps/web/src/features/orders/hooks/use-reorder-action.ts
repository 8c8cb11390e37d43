import { ORDERS_MESSAGES } from '@ssd/shared/orders-messages';
import { useToast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { isLoginNeeded } from '../../../lib/failure-message';
import { useReorder } from '../api/reorder';
import { reorderAddedText, reorderSkippedText } from '../lib/texts';
import { useSessionEnded } from './use-session-ended';

/**
 * Reorder (spec 3 §4, §8): the order's products go back in the cart. The toasts say which went in and
 * which could not; nothing at all is 'Unable to reorder items.'; a -2 is 'Please login to reorder.' and
 * the login screen.
 */
export function useReorderAction(orderId: string) {
  const reorder = useReorder(orderId);
  const { showToast } = useToast();
  const failureToast = useFailureToast();
  const sessionEnded = useSessionEnded();

  const start = () => {
    if (reorder.isPending) return;
    reorder.mutate(undefined, {
      onSuccess: ({ added, skipped }) => {
        if (added.length > 0) showToast(reorderAddedText(added), 'success');
        else showToast(ORDERS_MESSAGES.reorderFailed, 'warning');
        if (skipped.length > 0) showToast(reorderSkippedText(skipped), 'warning');
      },
      onError: (error) => {
        if (isLoginNeeded(error)) sessionEnded(ORDERS_MESSAGES.reorderLogin);
        else failureToast(error, { fallback: ORDERS_MESSAGES.reorderFailed });
      },
    });
  };

  return { start, pending: reorder.isPending };
}
