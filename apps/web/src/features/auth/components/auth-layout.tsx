import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRedirectIfLoggedIn } from '../hooks/use-redirect-if-logged-in';
import { AuthHero } from './auth-hero';

export const TEXT_LINK = 'font-semibold text-maroon-700 underline-offset-2 hover:underline';

/**
 * The layout the auth screens share (spec 1 §2): a hero image beside the form card (above it on
 * small screens). A logged-in visitor is sent back, or home.
 */
export function AuthLayout({
  tabTitle,
  heading,
  subtitle,
  children,
}: {
  tabTitle: string;
  heading: string;
  subtitle?: string;
  children: ReactNode;
}) {
  useDocumentTitle(tabTitle);
  const redirecting = useRedirectIfLoggedIn();
  if (redirecting) return null;
  return (
    <div className="grid min-h-dvh bg-ivory md:grid-cols-2">
      <div className="hidden overflow-hidden md:block">
        <AuthHero />
      </div>
      <div className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md rounded-2xl border border-maroon-100 bg-white p-6 shadow-lg sm:p-8">
          <h1 className="heading-page">{heading}</h1>
          {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
