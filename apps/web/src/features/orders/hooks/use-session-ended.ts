import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import type { LoginRedirectState } from '../../../lib/login-redirect';
import { SCREENS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';

/**
 * A call answered -2 and names its own text (spec 3 §8: 'Please login to reorder.', 'Please login to
 * contact support.'): the warning, the session ended on this device, and the login screen, which
 * returns here. The page's guard does the same with 'Please login to continue.' for every other call.
 */
export function useSessionEnded(): (message: string) => void {
  const { showToast } = useToast();
  const { expire } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  return useCallback(
    (message: string) => {
      showToast(message, 'warning');
      expire();
      void navigate(SCREENS.login.path, { replace: true, state: { from } satisfies LoginRedirectState });
    },
    [showToast, expire, navigate, from],
  );
}
