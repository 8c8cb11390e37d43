import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { MOBILE_MENU_BREAKPOINT_PX } from '@ssd/shared/constants';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useFooterHidden } from '../../lib/footer-flag';
import { useMediaQuery } from '../../lib/use-media-query';
import { markAnsweredByApp } from '../../lib/press-replay';
import { CLEAR_OF_BOTTOM_BAR } from '../../lib/bottom-bar-space';
import { LoaderOverlay } from '../../components/ui/loader-overlay';
import { ToastStack } from '../../components/ui/toast';
import { FloatingMessagingButton } from './floating-messaging-button';
import { Footer } from './footer';
import { Navbar } from './navbar';
import {
  isFloatingMessagingShown,
  isFooterHidden,
  isFooterMessagingIconShown,
  isNavbarHidden,
} from './shell-rules';
import { useRouteName } from './use-route-name';

/** The bottom bar shows only below the md breakpoint: wider screens never download it. */
const BottomBar = lazy(() => import('./bottom-bar').then((m) => ({ default: m.BottomBar })));

function ScreenFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-maroon-700" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}

/**
 * Rendered after the screen, so it mounts once the screen's code has loaded and the screen is on
 * the page. Until then the footer sits right under the loading spinner, not where it will be.
 */
function ScreenShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/** The application shell of spec 1 §2 around every screen. */
export function AppShell() {
  const { pathname } = useLocation();
  const routeName = useRouteName();
  const footerFlag = useFooterHidden();
  const navbarHidden = isNavbarHidden(pathname);
  const phone = !useMediaQuery(`(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`);
  const [screenShown, setScreenShown] = useState(false);
  const markScreenShown = useCallback(() => {
    setScreenShown(true);
    // On a server-rendered page (decisions/0051), the screen is on the page before the app has taken
    // it over; this says when it has, and its buttons answer (the e2e journeys wait for it).
    document.documentElement.dataset.screenReady = '';
  }, []);

  return (
    // A click React answers is marked for the loader of a server-rendered page (lib/press-replay.ts).
    <div className="flex min-h-dvh flex-col" onClickCapture={markAnsweredByApp}>
      <a
        href="#main"
        className="sr-only z-[90] rounded-md bg-maroon-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {navbarHidden ? null : <Navbar />}
      {/* Room for the phone bottom bar only where no footer follows: the footer pads itself (decisions/0041);
          the same room as the footer's, safe-area inset included (decisions/0050). */}
      <main
        id="main"
        tabIndex={-1}
        className={`min-h-dvh flex-1 outline-none ${navbarHidden || !isFooterHidden(pathname, footerFlag) ? '' : `${CLEAR_OF_BOTTOM_BAR} md:pb-0`}`}
      >
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
          <ScreenShown onShown={markScreenShown} />
        </Suspense>
      </main>
      {isFooterHidden(pathname, footerFlag) ? null : (
        <Footer screenShown={screenShown} showMessagingIcon={isFooterMessagingIconShown(routeName)} />
      )}
      {/* Auth screens have a layout of their own, so the bottom bar goes with the navbar. */}
      {navbarHidden || !phone ? null : (
        <Suspense fallback={null}>
          <BottomBar />
        </Suspense>
      )}
      {isFloatingMessagingShown(routeName) ? <FloatingMessagingButton /> : null}
      <ToastStack />
      <LoaderOverlay />
      <ScrollRestoration />
    </div>
  );
}
