import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../components/ui/toast';
import { useSession } from './session';

export const LOGGED_OUT_MESSAGE = 'Successfully logged out';

/**
 * The one logout of the app (spec 1 §4), for the navbar, the mobile menu and the profile: the
 * server is told (best effort), the device forgets everything, a toast says so, and home.
 */
export function useLogout(): () => void {
  const { logout } = useSession();
  const { showToast } = useToast();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    showToast(LOGGED_OUT_MESSAGE, 'success');
    void navigate('/');
  }, [logout, showToast, navigate]);
}
