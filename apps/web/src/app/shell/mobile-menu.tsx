import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { MOBILE_MENU_BREAKPOINT_PX } from '@ssd/shared/constants';
import { useSession } from '../../lib/session';
import { SCREENS } from '../../lib/paths';
import { accountLinks, navLinks } from './nav-links';
import { useLogout } from './use-logout';

const MENU_ID = 'mobile-menu';

const ITEM =
  'block rounded-lg px-4 py-3 text-lg font-medium text-ink hover:bg-maroon-50 aria-[current=page]:bg-maroon-50 aria-[current=page]:text-maroon-700';

/**
 * The hamburger and its full-screen menu (spec 1 §2, §9). While open, the page behind does not
 * scroll; the menu closes on Escape, on navigation, and when the window reaches 768 px or more
 * (where the desktop navbar takes over).
 *
 * The panel is position: fixed inside the header, so the header must not get a backdrop-filter
 * or a transform: either would make it the panel's containing block and shrink the menu.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const logout = useLogout();

  // Close on navigation: a new location closes the menu (state adjusted during render).
  const location = useLocation();
  const [locationKey, setLocationKey] = useState(location.key);
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(`(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`);
    const onWidthChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    wide.addEventListener('change', onWidthChange);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      wide.removeEventListener('change', onWidthChange);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const links = navLinks();
  const account = session.isLoggedIn ? accountLinks(session.userRole) : [];

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50 md:hidden"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div
        id={MENU_ID}
        hidden={!open}
        className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-ivory px-4 pt-4 pb-24 md:hidden"
      >
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
      </div>
    </>
  );
}
