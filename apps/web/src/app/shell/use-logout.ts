import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useToast } from '../../components/ui/toast';

/** Logout from the shell (spec 1 §4): forget the session, say so, return home. */
export function useLogout(): () => void {
  const { logout } = useSession();
  const { showToast } = useToast();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    showToast('Successfully logged out', 'success');
    void navigate('/');
  }, [logout, showToast, navigate]);
}
