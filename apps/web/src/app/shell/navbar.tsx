import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Gem, Search } from 'lucide';
import { FirstLoadIcon } from '../../components/ui/first-load-icon';
import { MOBILE_MENU_BREAKPOINT_PX, STORE_NAME } from '@ssd/shared/constants';
import { useSession } from '../../lib/session';
import { goBackOrHome } from '../../lib/navigation';
import { SCREENS } from '../../lib/paths';
import { useMediaQuery } from '../../lib/use-media-query';
import { ICON_LINK } from './icon-link';
import { navLinks } from './nav-links';
import { ProfileMenu } from './profile-menu';

// Both load only when they show: the hamburger below the md breakpoint, the wishlist and cart
// links for a signed-in user. A first visit on a wide screen downloads neither.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const SignedInLinks = lazy(() => import('./signed-in-links').then((m) => ({ default: m.SignedInLinks })));

/**
 * The hamburger from the first time the window is narrow enough for it (then it stays mounted,
 * hidden by CSS on wide screens, and closes itself there). Its place is kept while it loads, so
 * the logo does not move.
 */
function PhoneMenu() {
  const narrow = !useMediaQuery(`(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`);
  const [needed, setNeeded] = useState(narrow);
  if (narrow && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-10 md:hidden" />}>
      <MobileMenu />
    </Suspense>
  );
}

/** The sticky top navbar (spec 1 §2). The shell hides it on auth paths. */
export function Navbar() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchOpen = pathname === SCREENS.search.path;

  return (
    <header className="sticky top-0 z-50 border-b border-maroon-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <PhoneMenu />
        <Link to={SCREENS.home.path} className="flex items-center gap-2 rounded-md px-1 text-maroon-700">
          <FirstLoadIcon icon={Gem} name="gem" className="size-6 text-gold-600" />
          <span className="font-serif text-xl font-bold tracking-wide">{STORE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks().map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="rounded-full px-4 py-2 text-sm font-semibold text-ink hover:bg-maroon-50 hover:text-maroon-700 aria-[current=page]:bg-maroon-700 aria-[current=page]:text-white"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {SCREENS.search.live ? (
            // spec 1 §2: the search button opens the search route, whose screen shows the search box,
            // and toggles it: pressed on that screen, it closes it (back, or home without history).
            <button
              type="button"
              aria-label={searchOpen ? 'Close search' : 'Search'}
              aria-pressed={searchOpen}
              onClick={() => (searchOpen ? goBackOrHome(navigate) : void navigate(SCREENS.search.path))}
              className={ICON_LINK}
            >
              <FirstLoadIcon icon={Search} name="search" className="size-5" />
            </button>
          ) : null}
          {session.isLoggedIn ? (
            <Suspense fallback={null}>
              <SignedInLinks />
            </Suspense>
          ) : null}
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
