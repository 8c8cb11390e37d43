import { Link, NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { useSession } from '../../lib/session';
import { SCREENS } from '../../lib/paths';
import { accountLinks, navLinks } from './nav-links';
import { useLogout } from '../../lib/use-logout';

const ITEM =
  'block rounded-lg px-4 py-3 text-lg font-medium text-ink hover:bg-maroon-50 aria-[current=page]:bg-maroon-50 aria-[current=page]:text-maroon-700';

/** The links of the mobile menu (./mobile-menu): a chunk of its own, loaded when the menu first opens. */
export function MobileMenuPanel() {
  const session = useSession();
  const logout = useLogout();
  const links = navLinks();
  const account = session.isLoggedIn ? accountLinks(session.userRole) : [];

  return (
    <nav aria-label="Menu">
      <ul className="flex flex-col gap-1">
        <li>
          <NavLink to={SCREENS.home.path} end className={ITEM}>
            Home
          </NavLink>
        </li>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={ITEM}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {session.isLoggedIn ? (
        <>
          <p className="mt-6 px-4 text-sm font-semibold text-muted">Signed in as {session.userName}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {account.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={ITEM}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={logout} className={`${ITEM} flex w-full items-center gap-2 text-left`}>
                <LogOut aria-hidden="true" className="size-5" />
                Logout
              </button>
            </li>
          </ul>
        </>
      ) : SCREENS.login.live ? (
        <Link to={SCREENS.login.path} className={`${ITEM} mt-6`}>
          Login
        </Link>
      ) : null}
    </nav>
  );
}
