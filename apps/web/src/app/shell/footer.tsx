import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';

const FooterContent = lazy(() => import('./footer-content'));

interface FooterProps {
  /** False until the first screen is on the page: before that the footer is not where it will be. */
  screenShown: boolean;
  /** The 'Reach Us On' messaging-app icon (hidden on order-place, order-details, product-detail). */
  showMessagingIcon: boolean;
}

/**
 * The footer (spec 1 §2); the shell decides where it shows. Its content (./footer-content.tsx) loads
 * when the footer comes near the viewport — below the fold of most pages, so it is not in their first
 * load (CI's page-weight budget for /) — and a box of about its height stands in until then.
 */
export function Footer({ screenShown, showMessagingIcon }: FooterProps) {
  const footer = useRef<HTMLElement | null>(null);
  const near = useNearViewport(footer, screenShown);
  const space = <div aria-hidden="true" className="min-h-[36rem] sm:min-h-96 lg:min-h-64" />;
  return (
    <footer ref={footer} className="bg-maroon-900 text-maroon-50">
      {near ? (
        <Suspense fallback={space}>
          <FooterContent showMessagingIcon={showMessagingIcon} />
        </Suspense>
      ) : (
        space
      )}
    </footer>
  );
}
