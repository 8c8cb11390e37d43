import { ADMIN_ROLE } from '../../lib/session';
import { SCREENS, type ScreenKey } from '../../lib/paths';

export interface ShellLink {
  label: string;
  to: string;
}

interface LinkDefinition {
  label: string;
  screen: ScreenKey;
}

/**
 * The navbar's links (spec 1 §2: Shop, Fabrics, Jewels, Contact). A link shows once its screen is
 * live in src/lib/paths.ts, so shipping the shop is one flag, not an edit here.
 */
const NAV_LINKS: readonly LinkDefinition[] = [
  { label: 'Shop', screen: 'shop' },
  { label: 'Fabrics', screen: 'fabrics' },
  { label: 'Jewels', screen: 'jewels' },
  { label: 'Contact', screen: 'contact' },
];

/** The profile dropdown's screens (spec 1 §2); Admin Panel only for ssd_admin. */
const ACCOUNT_LINKS: readonly (LinkDefinition & { adminOnly?: boolean })[] = [
  { label: 'Profile', screen: 'profile' },
  { label: 'Wishlist', screen: 'wishlist' },
  { label: 'Cart', screen: 'cart' },
  { label: 'Orders', screen: 'orders' },
  { label: 'Admin Panel', screen: 'admin', adminOnly: true },
];

function toLiveLinks(definitions: readonly LinkDefinition[]): ShellLink[] {
  return definitions
    .filter((link) => SCREENS[link.screen].live)
    .map((link) => ({ label: link.label, to: SCREENS[link.screen].path }));
}

export function navLinks(): ShellLink[] {
  return toLiveLinks(NAV_LINKS);
}

export function accountLinks(userRole: string | null): ShellLink[] {
  return toLiveLinks(ACCOUNT_LINKS.filter((link) => !link.adminOnly || userRole === ADMIN_ROLE));
}
