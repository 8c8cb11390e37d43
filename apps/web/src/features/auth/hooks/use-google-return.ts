import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLoader } from '../../../components/ui/loader-overlay';
import { useToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { completeGoogleSignIn, isGoogleReturn } from '../google';

/**
 * Handles the return from Google on the callback path (/auth/login): the address bar is cleaned at
 * once; success logs in and goes home; failure says so and stays on (or goes to) the auth screen
 * that started the sign-in. Returns true while a return is being handled.
 */
export function useGoogleReturn(): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { login } = useSession();
  const { showToast } = useToast();
  const { withLoader } = useLoader();
  const handled = useRef(false);
  const returning = isGoogleReturn(params);

  useEffect(() => {
    if (!returning || handled.current) return;
    handled.current = true;
    const snapshot = new URLSearchParams(params);
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    void withLoader(completeGoogleSignIn(snapshot)).then((result) => {
      if (result.ok) {
        login(result.data);
        void navigate('/', { replace: true });
        return;
      }
      showToast(result.message, 'error');
      if (result.context === 'signup') void navigate('/auth/signup', { replace: true });
    });
  }, [returning, params, navigate, location.pathname, login, showToast, withLoader]);

  return returning;
}
