import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { isLoginNeeded } from '../../../lib/failure-message';

/**
 * spec 3 §8: a -2 on an admin list shows the server's message and leads home (the list reads skip the
 * guard's 'Please login to continue.' for that reason). Any other failure stays on the screen, with Try Again.
 */
export function useListLoginNeeded(error: unknown): boolean {
  const needed = isLoginNeeded(error);
  const message = needed && error instanceof Error ? error.message : '';
  const { showToast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!needed) return;
    if (message) showToast(message, 'warning');
    void navigate('/', { replace: true });
  }, [needed, message, showToast, navigate]);
  return needed;
}
