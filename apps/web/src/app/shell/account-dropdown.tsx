import { lazy, Suspense, useState } from 'react';
import { UserRound } from 'lucide-react';

export const PROFILE_BUTTON =
  'relative inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50';

const loadMenu = () => import('./account-dropdown-menu');
const AccountDropdownMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountDropdownMenu })));

function PlainButton({ onOpen }: { onOpen?: () => void }) {
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={PROFILE_BUTTON}
      // Reaching for the button fetches the menu's code, so that the click finds it here.
      onPointerEnter={() => void loadMenu()}
      onTouchStart={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onOpen}
    >
      <UserRound aria-hidden="true" className="size-5" />
    </button>
  );
}

/**
 * The logged-in profile button (spec 1 §2). The dropdown behind it (Radix's menu, about 26 KB: its
 * popper, focus scope, roving focus and dismissable layer) is not needed to show a signed-in page, so
 * it is not loaded with the page, where it would compete with the page's own code and reads: the
 * button is a plain one until the first click, which shows the menu open (Radix then moves the focus
 * into it and back to its own button when it closes). Hover, touch or focus fetch the code ahead.
 */
export function AccountDropdown() {
  const [opened, setOpened] = useState(false);
  if (!opened) return <PlainButton onOpen={() => setOpened(true)} />;
  return (
    <Suspense fallback={<PlainButton />}>
      <AccountDropdownMenu />
    </Suspense>
  );
}
