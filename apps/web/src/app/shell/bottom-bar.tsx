import { NavLink } from 'react-router';
import { Heart, House, Package, ShoppingBag, Store, UserRound, type LucideIcon } from 'lucide-react';
import { useSession } from '../../lib/session';
import { SCREENS, type ScreenKey } from '../../lib/paths';
import { BOTTOM_BAR_HEIGHT } from '../../lib/bottom-bar-space';

interface BarItem {
  label: string;
  screen: ScreenKey;
  icon: LucideIcon;
  /** Logged-out visitors are sent to /auth/login instead (spec 1 §2). */
  needsLogin: boolean;
}

const ITEMS: readonly BarItem[] = [
  { label: 'Home', screen: 'home', icon: House, needsLogin: false },
  { label: 'Shop', screen: 'shop', icon: Store, needsLogin: false },
  { label: 'Wishlist', screen: 'wishlist', icon: Heart, needsLogin: true },
  { label: 'Cart', screen: 'cart', icon: ShoppingBag, needsLogin: true },
  { label: 'Orders', screen: 'orders', icon: Package, needsLogin: true },
  { label: 'Profile', screen: 'profile', icon: UserRound, needsLogin: true },
];

const ITEM = 'flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-semibold';

/**
 * The mobile bottom bar, below 768 px (spec 1 §2). Logged out, Wishlist/Cart/Orders/Profile are
 * greyed and lead to /auth/login.
 *
 * Our choice while screens are still being built: an item whose destination screen does not
 * exist yet (including /auth/login for the logged-out items) is rendered greyed and
 * aria-disabled, as a button that goes nowhere rather than a link to a page that would only say
 * 'Not found'. The bar keeps its six slots, so its layout does not shift as screens ship; each
 * item becomes a link when its screen's flag in src/lib/paths.ts turns live.
 */
export function BottomBar() {
  const { isLoggedIn } = useSession();
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-40 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_0_var(--color-maroon-100)] md:hidden"
    >
      {/* A fixed height (the hairline above is a shadow, not a border): the footer and the buy bar keep clear of exactly this. */}
      <ul className={`flex ${BOTTOM_BAR_HEIGHT}`}>
        {ITEMS.map((item) => {
          const Icon = item.icon;
          const greyed = item.needsLogin && !isLoggedIn;
          const target = greyed ? SCREENS.login : SCREENS[item.screen];
          const content = (
            <>
              <Icon aria-hidden="true" className="size-5" />
              {item.label}
            </>
          );
          return (
            <li key={item.label} className="flex flex-1">
              {target.live ? (
                <NavLink
                  to={target.path}
                  end={item.screen === 'home'}
                  className={`${ITEM} ${greyed ? 'text-muted/80' : 'text-muted aria-[current=page]:text-maroon-700'}`}
                >
                  {content}
                </NavLink>
              ) : (
                <button type="button" aria-disabled="true" className={`${ITEM} cursor-not-allowed text-muted/70`}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
