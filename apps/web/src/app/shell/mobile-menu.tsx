import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { MOBILE_MENU_BREAKPOINT_PX } from '@ssd/shared/constants';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileMenuPanel })));

const MENU_ID = 'mobile-menu';

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
  // The menu's links load with its first opening (./mobile-menu-panel) and then stay mounted.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  // Close on navigation: a new location closes the menu (state adjusted during render).
  const location = useLocation();
  const [locationKey, setLocationKey] = useState(location.key);
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    setOpen(false);
  }

  // A layout effect, so the page behind locks and unlocks in the same commit that shows or hides
  // the menu: a passive effect may run later, and a navigation that closed the menu left the
  // page unscrollable until it did.
  useLayoutEffect(() => {
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

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        // A pointer or the keyboard on its way to the button starts loading the menu's links.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className="inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50 md:hidden"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div
        id={MENU_ID}
        hidden={!open}
        className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-ivory px-4 pt-4 pb-24 md:hidden"
      >
        {loaded ? (
          <Suspense fallback={null}>
            <MobileMenuPanel />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
