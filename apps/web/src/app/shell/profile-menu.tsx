import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { UserRound } from 'lucide';
import { FirstLoadIcon } from '../../components/ui/first-load-icon';
import { useSession } from '../../lib/session';
import { SCREENS } from '../../lib/paths';

const PROFILE_BUTTON =
  'relative inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50';

const AccountDropdown = lazy(() => import('./account-dropdown').then((m) => ({ default: m.AccountDropdown })));

/**
 * The profile button (spec 1 §2). Logged in: the account dropdown. Logged out: a link to
 * /auth/login, shown once that screen exists.
 */
export function ProfileMenu() {
  const { isLoggedIn } = useSession();

  if (!isLoggedIn) {
    if (!SCREENS.login.live) return null;
    return (
      <Link to={SCREENS.login.path} aria-label="Login" className={PROFILE_BUTTON}>
        <FirstLoadIcon icon={UserRound} name="user-round" className="size-5" />
      </Link>
    );
  }

  return (
    <Suspense
      fallback={
        <span aria-hidden="true" className={PROFILE_BUTTON}>
          <FirstLoadIcon icon={UserRound} name="user-round" className="size-5" />
        </span>
      }
    >
      <AccountDropdown />
    </Suspense>
  );
}
