import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../components/ui/toast';
import { LOGIN_TO_CONTINUE_MESSAGE, type LoginRedirectState } from './login-redirect';
import { SCREENS } from './paths';
import { useSession } from './session';

/**
 * The way to the login screen from a cart, wishlist or buy action (spec 2 §5, §6, §8): a warning
 * toast, then /auth/login, which returns here after login. Shared by the product cards and the
 * product and wishlist screens.
 */
export function useLoginGate() {
  const { showToast } = useToast();
  const { expire, loggedInOnceKnown } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;

  /** A visitor pressed a button that needs login. */
  const sendToLogin = useCallback(
    (message: string) => {
      showToast(message, 'warning');
      void navigate(SCREENS.login.path, { state: { from } satisfies LoginRedirectState });
    },
    [showToast, navigate, from],
  );

  /**
   * Before a press that needs a shopper: true once the session is known to be signed in (a press
   * during the startup verification waits for it, decisions/0062); else the login warning `message`,
   * the login screen, and false, so the press stops there.
   */
  const shopperOrLogin = useCallback(
    async (message: string): Promise<boolean> => {
      if (await loggedInOnceKnown()) return true;
      sendToLogin(message);
      return false;
    },
    [loggedInOnceKnown, sendToLogin],
  );

  /** The server answered -2 (spec 1 §8): 'Please login to continue.' and the login screen. */
  const sessionEnded = useCallback(() => {
    showToast(LOGIN_TO_CONTINUE_MESSAGE, 'warning');
    expire();
    void navigate(SCREENS.login.path, { replace: true, state: { from } satisfies LoginRedirectState });
  }, [showToast, expire, navigate, from]);

  return { sendToLogin, shopperOrLogin, sessionEnded };
}
