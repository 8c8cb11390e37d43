import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useFooterHidden } from '../../lib/footer-flag';
import { LoaderOverlay } from '../../components/ui/loader-overlay';
import { ToastStack } from '../../components/ui/toast';
import { BottomBar } from './bottom-bar';
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

function ScreenFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-maroon-700" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}

/** The application shell of spec 1 §2 around every screen. */
export function AppShell() {
  const { pathname } = useLocation();
  const routeName = useRouteName();
  const footerFlag = useFooterHidden();
  const navbarHidden = isNavbarHidden(pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[90] rounded-md bg-maroon-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {navbarHidden ? null : <Navbar />}
      <main id="main" tabIndex={-1} className={`flex-1 outline-none ${navbarHidden ? '' : 'pb-20 md:pb-0'}`}>
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {isFooterHidden(pathname, footerFlag) ? null : (
        <Footer showMessagingIcon={isFooterMessagingIconShown(routeName)} />
      )}
      {/* Auth screens have a layout of their own, so the bottom bar goes with the navbar. */}
      {navbarHidden ? null : <BottomBar />}
      {isFloatingMessagingShown(routeName) ? <FloatingMessagingButton /> : null}
      <ToastStack />
      <LoaderOverlay />
      <ScrollRestoration />
    </div>
  );
}
