import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Gem, Heart, Search, ShoppingBag } from 'lucide-react';
import { STORE_NAME } from '@ssd/shared/constants';
import { useSession } from '../../lib/session';
import { goBackOrHome } from '../../lib/navigation';
import { SCREENS } from '../../lib/paths';
import { CartBadge } from './cart-badge';
import { MobileMenu } from './mobile-menu';
import { navLinks } from './nav-links';
import { ProfileMenu } from './profile-menu';

const ICON_LINK =
  'relative inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50';

/** The sticky top navbar (spec 1 §2). The shell hides it on auth paths. */
export function Navbar() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchOpen = pathname === SCREENS.search.path;
  const cartCount = session.cart?.length ?? 0;

  return (
    <header className="sticky top-0 z-50 border-b border-maroon-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <MobileMenu />
        <Link to={SCREENS.home.path} className="flex items-center gap-2 rounded-md px-1 text-maroon-700">
          <Gem aria-hidden="true" className="size-6 text-gold-600" />
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
              <Search aria-hidden="true" className="size-5" />
            </button>
          ) : null}
          {session.isLoggedIn ? (
            <>
              <span className="mr-1 hidden text-sm font-medium text-muted sm:inline">Hello, {session.userName}</span>
              {SCREENS.wishlist.live ? (
                <Link to={SCREENS.wishlist.path} aria-label="Wishlist" className={ICON_LINK}>
                  <Heart aria-hidden="true" className="size-5" />
                </Link>
              ) : null}
              {SCREENS.cart.live ? (
                <Link
                  to={SCREENS.cart.path}
                  aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
                  className={ICON_LINK}
                >
                  <ShoppingBag aria-hidden="true" className="size-5" />
                  <CartBadge count={cartCount} />
                </Link>
              ) : null}
            </>
          ) : null}
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
