import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { goBackOrHome } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

/**
 * An auth screen visited by a logged-in user sends them back, or home (spec 1 §2). This covers a
 * user who was logged in when the screen opened, or whose startup verification was still running
 * then; a login made on the screen itself is followed by the screen's own navigation.
 */
export function useRedirectIfLoggedIn(): boolean {
  const { isLoggedIn, verifying } = useSession();
  const navigate = useNavigate();
  const [watching] = useState(() => isLoggedIn || verifying);
  const redirect = watching && isLoggedIn;
  useEffect(() => {
    if (redirect) goBackOrHome(navigate);
  }, [redirect, navigate]);
  return redirect;
}
