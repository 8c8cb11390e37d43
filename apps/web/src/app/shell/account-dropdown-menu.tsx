import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { LogOut, UserRound } from 'lucide-react';
import { useSession } from '../../lib/session';
import { accountLinks } from './nav-links';
import { useLogout } from '../../lib/use-logout';
import { PROFILE_BUTTON } from './account-dropdown';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-ink outline-none data-[highlighted]:bg-maroon-50 data-[highlighted]:text-maroon-800';

/**
 * The logged-in profile dropdown (spec 1 §2): the account screens, Admin Panel for ssd_admin, and
 * Logout. modal={false} keeps Radix from locking scroll with an injected <style>, which our CSP
 * forbids. Radix's menu is most of this chunk's weight: ./account-dropdown.tsx loads it only once
 * the shopper first clicks its button, and shows it open then.
 */
export function AccountDropdownMenu() {
  const session = useSession();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger aria-label="Account menu" className={PROFILE_BUTTON}>
        <UserRound aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[60] min-w-48 rounded-xl border border-maroon-100 bg-white p-1.5 text-sm shadow-xl"
        >
          {session.userName ? (
            <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-muted">{session.userName}</DropdownMenu.Label>
          ) : null}
          {accountLinks(session.userRole).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={link.to} className={ITEM}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-maroon-100" />
          <DropdownMenu.Item onSelect={logout} className={ITEM}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
