import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLoader } from '../components/ui/loader-overlay';
import { useToast } from '../components/ui/toast';
import { subscribeLoginNeeded } from './api-client';
import { goBackOrHome } from './navigation';
import { SCREENS } from './paths';
import { LOGIN_TO_CONTINUE_MESSAGE, type LoginRedirectState } from './login-redirect';
import { ADMIN_ROLE, useSession } from './session';

// The login screen reads the redirect state's type from here.
export { LOGIN_TO_CONTINUE_MESSAGE, type LoginRedirectState };

/** The global loader while the startup verification is still deciding (spec 1 §4). */
function WaitForSession() {
  const { showLoader, hideLoader } = useLoader();
  useEffect(() => {
    showLoader();
    return hideLoader;
  }, [showLoader, hideLoader]);
  return null;
}

/**
 * While a protected screen is shown, any call answering -2 (spec 1 §8) says
 * 'Please login to continue.' and sends the visitor to the login screen.
 */
function useLoginNeededRedirect(): void {
  const { expire } = useSession();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  useEffect(
    () =>
      subscribeLoginNeeded(() => {
        showToast(LOGIN_TO_CONTINUE_MESSAGE, 'warning');
        expire();
        void navigate(SCREENS.login.path, { replace: true, state: { from } satisfies LoginRedirectState });
      }),
    [expire, showToast, navigate, from],
  );
}

function LoginNeededRedirect({ children }: { children: ReactNode }) {
  useLoginNeededRedirect();
  return children;
}

/** Cart, wishlist, orders, order details, profile, reviews (spec 1 §2): login first. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn, verifying, signedOut } = useSession();
  const location = useLocation();
  if (verifying) return <WaitForSession />;
  // Logging out on a protected screen leads home (spec 1 §2 Profile), not to the login screen.
  if (!isLoggedIn && signedOut) return <Navigate to="/" replace />;
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={SCREENS.login.path} replace state={state} />;
  }
  return <LoginNeededRedirect>{children}</LoginNeededRedirect>;
}

function GoBack() {
  const navigate = useNavigate();
  useEffect(() => goBackOrHome(navigate), [navigate]);
  return null;
}

/** The admin console: login first; a logged-in user without role ssd_admin goes back or home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoggedIn, verifying, signedOut, userRole } = useSession();
  const location = useLocation();
  if (verifying) return <WaitForSession />;
  if (!isLoggedIn && signedOut) return <Navigate to="/" replace />;
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={SCREENS.login.path} replace state={state} />;
  }
  if (userRole !== ADMIN_ROLE) return <GoBack />;
  return <LoginNeededRedirect>{children}</LoginNeededRedirect>;
}
